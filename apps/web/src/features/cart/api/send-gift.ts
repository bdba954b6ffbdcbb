import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutPayment, GiftCreated, GiftInput } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { afterPaying, type Paying, payAnswer, payingParts, type PayAnswer } from './order-calls.ts';

/** Videos, a bundle or a pass (`pass_id`, CONTRACT §14) for someone. */
export type GiftFor = Pick<GiftInput, 'video_ids' | 'bundle_id' | 'pass_id' | 'to_phone' | 'to_email' | 'message'>;

/**
 * POST /api/gifts/ with an Idempotency-Key (CONTRACT §11): videos, a bundle or a pass for someone's phone or
 * e-mail, paid like a purchase. The recipient is told with a claim link; nothing changes what the
 * giver owns, only their balance and their gifts.
 */
export function useSendGift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ gift, ...paying }: Paying & { gift: GiftFor }): Promise<PayAnswer> => {
      const { body, headers } = payingParts(paying);
      return payAnswer(await authRequest<GiftCreated | CheckoutPayment>('POST', '/gifts/', { body: { ...gift, ...body }, headers }));
    },
    onSuccess: (answer, { phone }) => afterPaying(client, answer, phone, []),
  });
}
