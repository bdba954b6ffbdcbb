import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, cartItemSchema, checkoutInputSchema, checkoutPaymentSchema, errorDetailSchema, purchaseInputSchema, purchaseRecordSchema, purchaseResultSchema, ratedSaleRefusalSchema, unsentPaymentSchema } from '@store/contract';
import { FAMILY_HIDDEN_HEADER, hiddenByLockSchema, idSchema } from '@store/contract';
import { withholdLocked } from '../../family/index.ts';
import type { FastifyRequest } from 'fastify';
import { parseId } from '../../../lib/ids.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { visitorHash } from '../../payments/index.ts';
import type { CartService } from './cart-service.ts';
import type { PurchaseService } from './purchase-service.ts';
import type { PromoGuesses } from '../promo-codes/guess-limits.ts';

const tags = ['orders'];
const idempotencyHeader = z.object({ 'idempotency-key': z.string().min(1).max(200).optional(), 'x-family-unlock': z.string().max(200).optional() });
const buyErrors = {
  400: badRequestSchema,
  401: errorDetailSchema,
  402: errorDetailSchema.extend({ balance: z.number().int(), price: z.number().int(), shortfall: z.number().int() }),
  403: ratedSaleRefusalSchema,
  409: errorDetailSchema,
  502: unsentPaymentSchema,
  404: errorDetailSchema,
  422: errorDetailSchema,
  429: errorDetailSchema,
};
/** The age confirmation and family unlock a sale of 16 and 18 videos needs (modules/family). */
const ratedSale = (request: { body: { age_confirmed?: boolean | undefined }; headers: { 'x-family-unlock'?: string | undefined } }) => ({
  ageConfirmed: request.body.age_confirmed,
  familyUnlock: request.headers['x-family-unlock'],
});
const cartSchema = z.object({ results: z.array(cartItemSchema), total: z.number().int(), hidden: hiddenByLockSchema });
/** The cart as this request may see it: under the family lock its 16 and 18 videos are counted, not named (CONTRACT §16); the total is of what is shown. */
async function cartAnswer(request: FastifyRequest, items: z.infer<typeof cartItemSchema>[]) {
  const { shown, hidden } = await withholdLocked(request, items, (i) => [i.video_id]);
  return { results: shown, total: shown.reduce((s, i) => s + i.price, 0), hidden };
}

export function orderRoutes(deps: { purchases: PurchaseService; cart: CartService; promoGuesses: PromoGuesses }): FastifyPluginAsyncZod {
  return async (app) => {
    const secured = { preHandler: app.requireUser };

    app.post(
      '/purchased',
      {
        preHandler: app.identifyUser,
        schema: {
          tags,
          summary: 'Buy one video at the catalogue price (a price or name in the body is ignored)',
          description:
            'Send an Idempotency-Key header to make retries safe: a repeated request is answered as the first, never charged twice. ' +
            'With `phone_number`, a balance short of the price is paid with one M-Pesa prompt for the shortfall (202); the video is bought when M-Pesa confirms. ' +
            'A visitor (no token) sends `phone_number` only (and `age_confirmed` for a 16 or 18 video): 202, one prompt for the whole price, the same whether or not the number has an account; once paid, the video is the account’s whose verified phone paid (or a new one’s), and the browser that asked is signed in (GET /api/deposit/{CheckoutRequestID}/, CONTRACT §16).',
          security: [{ bearer: [] }, {}],
          headers: idempotencyHeader,
          body: purchaseInputSchema,
          response: { 201: purchaseResultSchema, 202: checkoutPaymentSchema, ...buyErrors },
        },
      },
      async (request, reply) => {
        if (!request.user && request.body.phone_number && !request.body.promo_code) {
          const visitor = await deps.purchases.buyAsVisitor([request.body.video_id], { phone: request.body.phone_number, visitorHash: visitorHash(request, reply), ip: request.ip, ageConfirmed: request.body.age_confirmed });
          return reply.status(visitor.status).send(visitor.body);
        }
        // A code answers like the preview does, so it takes from the preview's limits (429).
        if (request.body.promo_code) await deps.promoGuesses.take(request.ip, currentUser(request).id);
        const answer = await deps.purchases.buy(currentUser(request), [request.body.video_id], request.headers['idempotency-key'], request.body.phone_number, ratedSale(request), request.body.promo_code);
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.post(
      '/checkout',
      {
        preHandler: app.identifyUser,
        schema: {
          tags,
          summary: 'Buy a whole cart, all or nothing (with `phone_number`, a short balance is paid with M-Pesa)',
          description: 'A visitor (no token) sends `video_ids` and `phone_number` only: 202, one prompt for the whole price, sold on the account the paying phone names (CONTRACT §16), as POST /api/purchased/.',
          security: [{ bearer: [] }, {}],
          headers: idempotencyHeader,
          body: checkoutInputSchema,
          response: { 201: purchaseResultSchema, 202: checkoutPaymentSchema, ...buyErrors },
        },
      },
      async (request, reply) => {
        if (!request.user && request.body.phone_number && !request.body.promo_code) {
          const visitor = await deps.purchases.buyAsVisitor(request.body.video_ids, { phone: request.body.phone_number, visitorHash: visitorHash(request, reply), ip: request.ip, ageConfirmed: request.body.age_confirmed });
          return reply.status(visitor.status).send(visitor.body);
        }
        if (request.body.promo_code) await deps.promoGuesses.take(request.ip, currentUser(request).id);
        const answer = await deps.purchases.buy(currentUser(request), request.body.video_ids, request.headers['idempotency-key'], request.body.phone_number, ratedSale(request), request.body.promo_code);
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.get('/purchases', { ...secured, schema: { tags, summary: 'What the customer owns', description: 'Under the family lock (no valid X-Family-Unlock) 16 and 18 videos are left out; the X-Family-Hidden header says how many (CONTRACT §16).', security: [{ bearer: [] }], response: { 200: z.array(purchaseRecordSchema), 401: errorDetailSchema } } }, async (request, reply) => {
      // A bare array (the seed's shape): how many the family lock left out goes in a header (CONTRACT §16).
      const { shown, hidden } = await withholdLocked(request, await deps.purchases.records(currentUser(request).id), (p) => [p.video_id]);
      return reply.header(FAMILY_HIDDEN_HEADER, String(hidden)).send(shown);
    });

    app.get('/cart', { ...secured, schema: { tags, summary: 'The customer’s cart and its total', security: [{ bearer: [] }], response: { 200: cartSchema, 401: errorDetailSchema } } }, async (request) =>
      cartAnswer(request, await deps.cart.list(currentUser(request).id)),
    );

    app.post(
      '/cart',
      { ...secured, schema: { tags, summary: 'Add a video to the cart', security: [{ bearer: [] }], body: z.object({ video_id: idSchema() }), response: { 201: cartSchema, 400: badRequestSchema, 401: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema } } },
      async (request, reply) => reply.status(201).send(await cartAnswer(request, await deps.cart.addOne(currentUser(request).id, request.body.video_id))),
    );

    app.post(
      '/cart/merge',
      {
        ...secured,
        schema: { tags, summary: 'Merge a visitor’s browser cart into the account’s (no duplicates, owned videos dropped)', security: [{ bearer: [] }], body: z.object({ video_ids: z.array(idSchema()).max(200) }), response: { 200: cartSchema, 400: badRequestSchema, 401: errorDetailSchema } },
      },
      async (request) => cartAnswer(request, await deps.cart.merge(currentUser(request).id, request.body.video_ids)),
    );

    app.delete(
      '/cart/:video_id',
      { ...secured, schema: { tags, summary: 'Take a video out of the cart', security: [{ bearer: [] }], params: z.object({ video_id: z.string() }), response: { 200: cartSchema, 401: errorDetailSchema, 404: errorDetailSchema } } },
      async (request) => cartAnswer(request, await deps.cart.remove(currentUser(request).id, parseId(request.params.video_id))),
    );
  };
}
