import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withholdLocked } from '../../family/index.ts';
import { badRequestSchema, errorDetailSchema, hiddenByLockSchema, pageParamSchema, pageSizeSchema, paginated, rentalInputSchema, rentalResultSchema, rentalSchema } from '@store/contract';
import { saleHeaders, saleResponses } from '../sale-responses.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { visitorHash } from '../../payments/index.ts';
import type { PromoGuesses } from '../promo-codes/guess-limits.ts';
import type { RentalService } from './rental-service.ts';

const tags = ['rentals'];

export function rentalRoutes(deps: { rentals: RentalService; promoGuesses: PromoGuesses }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/rentals',
      {
        preHandler: app.identifyUser,
        schema: {
          tags,
          summary: 'Rent a video at its rent_price (CONTRACT §11)',
          description:
            'Until its first play a rental expires 30 days after renting; the first fetch of its media starts it, and it then ends rental_hours later. Never the download file. ' +
            'Balance covers it: 201. Short and no `phone_number`: 402 with `shortfall`. Short with `phone_number`: 202, one M-Pesa prompt for the shortfall, rented when M-Pesa confirms. ' +
            'Owned, or a rental of it live: 409. One `promo_code`; an Idempotency-Key makes retries safe. ' +
            'A visitor (no token) sends `phone_number` only (and `age_confirmed` for a 16 or 18 video): 202, one prompt for the whole rent, the same whether or not the number has an account; rented on the account the paying phone names, and the browser that asked is signed in (GET /api/deposit/{CheckoutRequestID}/, CONTRACT §16).',
          security: [{ bearer: [] }, {}],
          headers: saleHeaders,
          body: rentalInputSchema,
          response: { 201: rentalResultSchema, ...saleResponses },
        },
      },
      async (request, reply) => {
        if (!request.user && request.body.phone_number && !request.body.promo_code) {
          const visitor = await deps.rentals.rentAsVisitor(request.body.video_id, { phone: request.body.phone_number, visitorHash: visitorHash(request, reply), ip: request.ip, ageConfirmed: request.body.age_confirmed });
          return reply.status(visitor.status).send(visitor.body);
        }
        // A code answers like the preview does, so it takes from the preview's limits (429).
        if (request.body.promo_code) await deps.promoGuesses.take(request.ip, currentUser(request).id);
        const answer = await deps.rentals.rent(
          currentUser(request).id,
          { videoId: request.body.video_id, phone: request.body.phone_number, promoCode: request.body.promo_code, idempotencyKey: request.headers['idempotency-key'] },
          { ageConfirmed: request.body.age_confirmed, familyUnlock: request.headers['x-family-unlock'] },
        );
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.get(
      '/rentals',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'The customer’s rentals, newest first, each with its clock',
          security: [{ bearer: [] }],
          querystring: z.object({ page: pageParamSchema, page_size: pageSizeSchema }),
          response: { 200: paginated(rentalSchema).extend({ hidden: hiddenByLockSchema }), 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        // Under the family lock its 16 and 18 rentals are counted, not named (CONTRACT §16).
        const page = await deps.rentals.list(request.url, currentUser(request).id, request.query);
        const { shown, hidden } = await withholdLocked(request, page.results, (r) => [r.video_id]);
        return { ...page, results: shown, hidden };
      },
    );
  };
}
