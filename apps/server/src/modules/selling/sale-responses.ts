import { z } from 'zod';
import { badRequestSchema, checkoutPaymentSchema, errorDetailSchema, ratedSaleRefusalSchema, unsentPaymentSchema } from '@store/contract';

/** The headers every way to pay reads: its Idempotency-Key, and a family lock's unlock value (CONTRACT §11, §13). */
export const saleHeaders = z.object({ 'idempotency-key': z.string().min(1).max(200).optional(), 'x-family-unlock': z.string().max(200).optional() });

/**
 * What every way to pay may answer besides its 201 (CONTRACT §8, §11): 202 with one M-Pesa prompt
 * for the shortfall, 402 with the shortfall, 403 for the age question or a family lock, and the rest.
 */
export const saleResponses = {
  202: checkoutPaymentSchema,
  400: badRequestSchema,
  401: errorDetailSchema,
  402: errorDetailSchema.extend({ balance: z.number().int(), price: z.number().int(), shortfall: z.number().int() }),
  403: ratedSaleRefusalSchema,
  404: errorDetailSchema,
  409: errorDetailSchema,
  422: errorDetailSchema,
  429: errorDetailSchema,
  502: unsentPaymentSchema,
};
