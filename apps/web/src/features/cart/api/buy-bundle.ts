import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutPayment } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { afterPaying, type Paying, payAnswer, payingParts, type PayAnswer } from './order-calls.ts';

/**
 * POST /api/bundles/{id}/buy/ with an Idempotency-Key (CONTRACT §11): the videos of the set not yet
 * owned, at the bundle's `price_for_you`; a short balance is paid with one M-Pesa prompt.
 */
export function useBuyBundle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ bundleId, ...paying }: Paying & { bundleId: number; videoIds: number[] }): Promise<PayAnswer> => {
      const { body, headers } = payingParts(paying);
      return payAnswer(await authRequest<{ balance?: number } | CheckoutPayment>('POST', `/bundles/${bundleId}/buy/`, { body, headers }));
    },
    onSuccess: (answer, { videoIds, phone }) => afterPaying(client, answer, phone, videoIds),
  });
}
