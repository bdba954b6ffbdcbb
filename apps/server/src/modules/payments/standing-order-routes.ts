import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StandingOrders } from './standing-orders.ts';

const tags = ['deposits'];
const accepted = z.object({ ResultCode: z.union([z.number(), z.string()]), ResultDesc: z.string() });

/**
 * What M-Pesa posts about standing orders: Ratiba's result on each order's own secret path, and the
 * paybill's C2B confirmation and validation on the store's C2B secret (MPESA_C2B_SECRET). Always
 * answered 200 at once, whatever the body, as Daraja expects; only a matching post changes anything.
 */
export function standingOrderRoutes(service: StandingOrders, c2bSecret: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/standing-orders/callback/:secret',
      { schema: { tags, summary: 'M-Pesa Ratiba’s result for a standing order, on its own secret path', params: z.object({ secret: z.string().max(100) }), response: { 200: accepted } } },
      async (request) => {
        await service.handleResult(request.params.secret, request.body).catch((err: unknown) => request.log.error({ err }, 'standing order callback handling failed'));
        return { ResultCode: 0, ResultDesc: 'Accepted' };
      },
    );

    app.post(
      '/paybill/confirmation/:secret',
      {
        schema: {
          tags,
          summary: 'M-Pesa’s C2B confirmation of a paybill payment (standing order deductions)',
          description: 'Recorded once by TransID; credited to the customer whose standing order BillRefNumber names, else kept unmatched for staff.',
          params: z.object({ secret: z.string().max(200) }),
          response: { 200: accepted },
        },
      },
      async (request) => {
        if (request.params.secret !== c2bSecret) {
          request.log.warn('paybill confirmation on an unknown path ignored');
        } else {
          await service.handlePaybill(request.body).catch((err: unknown) => request.log.error({ err }, 'paybill confirmation handling failed'));
        }
        return { ResultCode: 0, ResultDesc: 'Accepted' };
      },
    );

    // Called only when Safaricom turns external validation on for the paybill: every payment is taken.
    app.post(
      '/paybill/validation/:secret',
      { schema: { tags, summary: 'M-Pesa’s C2B validation: every payment is accepted', params: z.object({ secret: z.string().max(200) }), response: { 200: accepted } } },
      async () => ({ ResultCode: '0', ResultDesc: 'Accepted' }),
    );
  };
}
