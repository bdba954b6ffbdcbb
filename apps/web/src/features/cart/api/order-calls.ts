import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart } from '../../../api/get-cart.ts';
import type { CartItem, CheckoutPayment, PurchaseRecord } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { isSignedIn, rememberBalance, rememberOwned, rememberPhone } from '../../../lib/session.ts';
import { localCart } from '../../../lib/local-cart.ts';

export interface PurchaseResult {
  purchases: PurchaseRecord[];
  total: number;
  balance: number;
}

/** 201: bought from the balance; 202: the balance was short and M-Pesa is asking the phone for the rest. */
export type BuyAnswer = { kind: 'bought'; result: PurchaseResult } | { kind: 'paying'; payment: CheckoutPayment };

/** After anything that changes what the customer owns or holds: read it again from the server. */
export function refreshOwnership(client: QueryClient, videoIds: number[]) {
  localCart.remove(videoIds);
  void client.invalidateQueries({ queryKey: ['cart'] });
  void client.invalidateQueries({ queryKey: ['info'] });
  void client.invalidateQueries({ queryKey: ['owned-video'] });
}

/**
 * POST /api/purchased/ or /api/checkout/ with an Idempotency-Key: a retried tap is never charged
 * twice. With a phone, a short balance is paid with one M-Pesa prompt (CONTRACT §8).
 */
export function useBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ videoIds, key, phone }: { videoIds: number[]; key: string; phone?: string }): Promise<BuyAnswer> => {
      const paying = phone ? { phone_number: phone } : {};
      const headers = { 'idempotency-key': key };
      const res =
        videoIds.length === 1
          ? await authRequest<PurchaseResult | CheckoutPayment>('POST', '/purchased/', { body: { video_id: videoIds[0], ...paying }, headers })
          : await authRequest<PurchaseResult | CheckoutPayment>('POST', '/checkout/', { body: { video_ids: videoIds, ...paying }, headers });
      return 'CheckoutRequestID' in res ? { kind: 'paying', payment: res } : { kind: 'bought', result: res };
    },
    onSuccess: (answer, { videoIds, phone }) => {
      if (phone) rememberPhone(phone);
      if (answer.kind !== 'bought') return;
      rememberBalance(answer.result.balance);
      rememberOwned(answer.result.purchases);
      refreshOwnership(client, videoIds);
    },
  });
}

export function useAddToCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (item: CartItem) => {
      if (isSignedIn()) return authRequest<Cart>('POST', '/cart/', { body: { video_id: item.video_id } });
      localCart.add(item);
      return null;
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['cart'] }),
  });
}

export function useRemoveFromCart() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (videoId: number) => {
      if (isSignedIn()) return authRequest<Cart>('DELETE', `/cart/${videoId}/`);
      localCart.remove([videoId]);
      return null;
    },
    onSettled: () => void client.invalidateQueries({ queryKey: ['cart'] }),
  });
}
