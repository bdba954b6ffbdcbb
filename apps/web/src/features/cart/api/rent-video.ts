import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutPayment, RentalResult } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { afterPaying, type Paying, payAnswer, payingParts, type PayAnswer } from './order-calls.ts';

/**
 * POST /api/rentals/ `{video_id}` with an Idempotency-Key (CONTRACT §11): paid like a purchase, from
 * the balance or with one M-Pesa prompt for the shortfall. The clock starts at the first play.
 */
export function useRent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ videoId, ...paying }: Paying & { videoId: number }): Promise<PayAnswer> => {
      const { body, headers } = payingParts(paying);
      return payAnswer(await authRequest<RentalResult | CheckoutPayment>('POST', '/rentals/', { body: { video_id: videoId, ...body }, headers }));
    },
    onSuccess: (answer, { videoId, phone }) => afterPaying(client, answer, phone, [videoId]),
  });
}
