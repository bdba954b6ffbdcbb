import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, customerPassSchema, errorDetailSchema, idSchema, passBoughtSchema, passBuyInputSchema, passProductSchema, passRenewalInputSchema } from '@store/contract';
import { parseId } from '../../../lib/ids.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { visitorHash } from '../../payments/index.ts';
import type { PromoGuesses } from '../promo-codes/guess-limits.ts';
import { saleHeaders, saleResponses } from '../sale-responses.ts';
import type { PassService } from './pass-service.ts';

const tags = ['passes'];

/** Passes for customers (CONTRACT §14): what is on sale, buying, their passes, renewal. */
export function passRoutes(deps: { passes: PassService; promoGuesses: PromoGuesses }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/passes',
      {
        schema: {
          tags,
          summary: 'Passes on sale, each with how many playable videos it covers',
          description: 'With `video_id`, only the passes that cover that video (the offer on its page).',
          querystring: z.object({ video_id: idSchema().optional() }),
          response: { 200: z.array(passProductSchema), 400: badRequestSchema },
        },
      },
      async (request) => deps.passes.products({ videoId: request.query.video_id }),
    );

    app.post(
      '/passes/:id/buy',
      {
        preHandler: app.identifyUser,
        schema: {
          tags,
          summary: 'Buy a pass (CONTRACT §14): a day, a week or a month of watching everything it covers',
          description:
            'It starts when paid; bought again while live, its hours are added to ends_at. ' +
            'Balance covers it: 201. Short and no `phone_number`: 402 with `shortfall`. Short with `phone_number`: 202, one M-Pesa prompt for the shortfall, sold when M-Pesa confirms. ' +
            'One `promo_code` (kind pass); an Idempotency-Key makes retries safe. ' +
            'A visitor (no token) sends `phone_number` only: 202, one prompt for the whole price, the same whether or not the number has an account; once paid, the pass is the account’s whose verified phone paid (or a new one’s), and the browser that asked is signed in (GET /api/deposit/{CheckoutRequestID}/, CONTRACT §16).',
          security: [{ bearer: [] }, {}],
          params: z.object({ id: z.string() }),
          headers: saleHeaders,
          body: passBuyInputSchema,
          response: { 201: passBoughtSchema, ...saleResponses },
        },
      },
      async (request, reply) => {
        if (!request.user && request.body.phone_number && !request.body.promo_code) {
          const answer = await deps.passes.buyAsVisitor(parseId(request.params.id), { phone: request.body.phone_number, visitorHash: visitorHash(request, reply), ip: request.ip });
          return reply.status(answer.status).send(answer.body);
        }
        const userId = currentUser(request).id;
        if (request.body.promo_code) await deps.promoGuesses.take(request.ip, userId);
        const answer = await deps.passes.buy(userId, parseId(request.params.id), { phone: request.body.phone_number, promoCode: request.body.promo_code, idempotencyKey: request.headers['idempotency-key'] });
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.get(
      '/passes/mine',
      {
        preHandler: app.requireUser,
        schema: { tags, summary: 'The customer’s passes: live ones first, soonest to end', security: [{ bearer: [] }], response: { 200: z.array(customerPassSchema), 401: errorDetailSchema } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return deps.passes.mine(currentUser(request).id);
      },
    );

    app.put(
      '/passes/mine/:id/renewal',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Turn renewal off, to a reminder and one M-Pesa prompt, or to an M-Pesa Ratiba standing order',
          description: 'Never without the customer’s word: a standing order asks for their M-Pesa PIN once. Off stops both; what a standing order still deducts goes to the balance.',
          security: [{ bearer: [] }],
          params: z.object({ id: z.string() }),
          body: passRenewalInputSchema,
          response: { 200: customerPassSchema, 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema, 429: errorDetailSchema, 503: errorDetailSchema },
        },
      },
      async (request) => deps.passes.setRenewal(currentUser(request).id, parseId(request.params.id), { renewal: request.body.renewal, phone: request.body.phone_number }),
    );
  };
}
