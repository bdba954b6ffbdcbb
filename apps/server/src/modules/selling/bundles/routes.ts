import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, bundleBuyInputSchema, bundleListQuerySchema, bundleSchema, errorDetailSchema, pageParamSchema, pageSizeSchema, paginated, purchaseResultSchema } from '@store/contract';
import { saleHeaders, saleResponses } from '../sale-responses.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { visitorHash } from '../../payments/index.ts';
import type { BundleSales } from './bundle-seller.ts';
import { parseId } from '../../../lib/ids.ts';
import type { BundleService } from './bundle-service.ts';
import type { PromoGuesses } from '../promo-codes/guess-limits.ts';
import { lockedRequest } from '../../family/index.ts';

const tags = ['bundles'];

export function bundleRoutes(deps: { bundles: BundleService; sales: BundleSales; promoGuesses: PromoGuesses }): FastifyPluginAsyncZod {
  return async (app) => {
    const perUser = 'With a Bearer token each bundle also carries `owned_video_ids` and `price_for_you` (round(price x list prices of the videos not owned / list_total)); the answer is then never cached. ' +
      'Under the family lock without X-Family-Unlock, bundles holding a 16 or 18 video are left out (one of them is a 404).';

    app.get(
      '/bundles',
      {
        preHandler: app.identifyUser,
        schema: {
          tags,
          summary: 'Bundles and season passes on offer (video_id: only those holding that video)',
          description: perUser,
          querystring: bundleListQuerySchema.extend({ page: pageParamSchema, page_size: pageSizeSchema }),
          response: { 200: paginated(bundleSchema), 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema },
        },
      },
      async (request, reply) => {
        reply.header('vary', 'Authorization, X-Family-Unlock');
        if (request.user) reply.header('cache-control', 'private, no-store');
        // Under the family lock, bundles holding a 16 or 18 video are left out (CONTRACT §13).
        return deps.bundles.list(request.url, request.query, request.user?.id, { locked: lockedRequest(request) });
      },
    );

    app.get(
      '/bundles/:id',
      {
        preHandler: app.identifyUser,
        schema: { tags, summary: 'One bundle', description: perUser, params: z.object({ id: z.string() }), response: { 200: bundleSchema, 401: errorDetailSchema, 404: errorDetailSchema } },
      },
      async (request, reply) => {
        reply.header('vary', 'Authorization, X-Family-Unlock');
        if (request.user) reply.header('cache-control', 'private, no-store');
        return deps.bundles.get(parseId(request.params.id), request.user?.id, { locked: lockedRequest(request) });
      },
    );

    app.post(
      '/bundles/:id/buy',
      {
        preHandler: app.identifyUser,
        schema: {
          tags,
          summary: 'Buy the videos of a bundle you do not own yet, at price_for_you',
          description:
            'Split over the videos by list price (a refund of one returns its share). Balance covers it: 201. Short and no `phone_number`: 402 with `shortfall`. ' +
            'Short with `phone_number`: 202, one M-Pesa prompt for the shortfall, the videos bought when M-Pesa confirms. All owned: 409. One `promo_code`; an Idempotency-Key makes retries safe. ' +
            'A visitor (no token) sends `phone_number` only (and `age_confirmed` for 16 or 18 videos): 202, one prompt for the whole bundle, bought on the account the paying phone names, and the browser that asked is signed in (GET /api/deposit/{CheckoutRequestID}/, CONTRACT §16).',
          security: [{ bearer: [] }, {}],
          params: z.object({ id: z.string() }),
          headers: saleHeaders,
          body: bundleBuyInputSchema.optional(),
          response: { 201: purchaseResultSchema, ...saleResponses },
        },
      },
      async (request, reply) => {
        const body = request.body ?? {};
        if (!request.user && body.phone_number && !body.promo_code) {
          const visitor = await deps.sales.buyAsVisitor(parseId(request.params.id), { phone: body.phone_number, visitorHash: visitorHash(request, reply), ip: request.ip, ageConfirmed: body.age_confirmed });
          return reply.status(visitor.status).send(visitor.body);
        }
        // A code answers like the preview does, so it takes from the preview's limits (429).
        if (body.promo_code) await deps.promoGuesses.take(request.ip, currentUser(request).id);
        const answer = await deps.sales.buy(currentUser(request).id, parseId(request.params.id), {
          phone: body.phone_number,
          promoCode: body.promo_code,
          idempotencyKey: request.headers['idempotency-key'],
          ageConfirmed: body.age_confirmed,
          familyUnlock: request.headers['x-family-unlock'],
        });
        return reply.status(answer.status).send(answer.body);
      },
    );
  };
}
