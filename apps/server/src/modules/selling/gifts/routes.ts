import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withholdLocked } from '../../family/index.ts';
import { badRequestSchema, errorDetailSchema, hiddenByLockSchema, giftClaimInputSchema, giftClaimPreviewSchema, giftClaimResultSchema, giftCreatedSchema, giftInputSchema, giftSchema, pageParamSchema, pageSizeSchema, paginated } from '@store/contract';
import { saleHeaders, saleResponses } from '../sale-responses.ts';
import { languageOf } from '../../../lib/words.ts';
import type { GiftSales } from './gift-seller.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { GiftService } from './gift-service.ts';
import type { PromoGuesses } from '../promo-codes/guess-limits.ts';

const tags = ['gifts'];
/** Claim tokens are unguessable (192 bits); these limits keep anyone from trying. */
const PREVIEWS_PER_10_MIN = 30;
const CLAIMS_PER_10_MIN = 10;
/** Each gift sends a message to a phone or an address someone typed: a few an hour is plenty for a person. */
const GIFTS_PER_HOUR = 20;

export function giftRoutes(deps: { gifts: GiftService; sales: GiftSales; promoGuesses: PromoGuesses }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/gifts',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Gifts the customer sent and received, newest first, with their state (sent, claimed, returned)',
          security: [{ bearer: [] }],
          querystring: z.object({ page: pageParamSchema, page_size: pageSizeSchema }),
          response: { 200: paginated(giftSchema).extend({ hidden: hiddenByLockSchema }), 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        // Under the family lock a gift naming a 16 or 18 video is counted, not named (CONTRACT §16).
        const page = await deps.gifts.list(request.url, currentUser(request).id, request.query);
        const { shown, hidden } = await withholdLocked(request, page.results, (g) => g.video_ids);
        return { ...page, results: shown, hidden };
      },
    );

    app.post(
      '/gifts',
      {
        preHandler: app.requireUser,
        config: { rateLimit: { max: GIFTS_PER_HOUR, timeWindow: '1 hour' } },
        schema: {
          tags,
          summary: 'Give videos or a bundle to a phone or an e-mail address: paid like a purchase, the recipient gets a claim link by SMS or e-mail',
          description:
            'The giver pays the videos’ list prices (a bundle: its price). Balance covers it: 201. Short and no `phone_number`: 402 with `shortfall`. ' +
            'Short with `phone_number`: 202, one M-Pesa prompt for the shortfall, the gift sent when M-Pesa confirms. One `promo_code`; an Idempotency-Key makes retries safe.',
          security: [{ bearer: [] }],
          headers: saleHeaders,
          body: giftInputSchema,
          response: { 201: giftCreatedSchema, ...saleResponses },
        },
      },
      async (request, reply) => {
        // A code answers like the preview does, so it takes from the preview's limits (429).
        if (request.body.promo_code) await deps.promoGuesses.take(request.ip, currentUser(request).id);
        const answer = await deps.sales.give(currentUser(request).id, request.body, { language: languageOf(request.headers), idempotencyKey: request.headers['idempotency-key'], familyUnlock: request.headers['x-family-unlock'] });
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.get(
      '/gifts/claim/:token',
      {
        config: { rateLimit: { max: PREVIEWS_PER_10_MIN, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'What a claim link holds (for the claim page, before signing in): posters, titles, the giver’s name and message',
          params: z.object({ token: z.string().max(200) }),
          response: { 200: giftClaimPreviewSchema, 404: errorDetailSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        reply.header('referrer-policy', 'no-referrer');
        return deps.gifts.preview(request.params.token);
      },
    );

    app.post(
      '/gifts/claim',
      {
        preHandler: app.requireUser,
        config: { rateLimit: { max: CLAIMS_PER_10_MIN, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Claim a gift with its link’s token: the videos not yet owned become yours, the price of those you own goes to your balance; once',
          security: [{ bearer: [] }],
          body: giftClaimInputSchema,
          response: { 200: giftClaimResultSchema, 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema, 429: errorDetailSchema },
        },
      },
      async (request) => deps.gifts.claim(currentUser(request), request.body.token),
    );
  };
}
