import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutPayment, PassBought } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { afterPaying, type Paying, payAnswer, payingParts, type PayAnswer } from './order-calls.ts';

/**
 * POST /api/passes/{id}/buy/ with an Idempotency-Key (CONTRACT §14): paid like every sale, from the
 * balance or with one M-Pesa prompt for the shortfall; bought again while live, its hours stack.
 */
export function useBuyPass() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ passId, ...paying }: Paying & { passId: number }): Promise<PayAnswer> => {
      const { body, headers } = payingParts(paying);
      return payAnswer(await authRequest<PassBought | CheckoutPayment>('POST', `/passes/${passId}/buy/`, { body, headers }));
    },
    onSuccess: (answer, { phone }) => afterPaying(client, answer, phone, []),
  });
}
