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

/** Any way to pay (a purchase, a rental, a bundle, a gift): paid at once, or M-Pesa asked for the shortfall. */
export type PayAnswer = { kind: 'paid'; balance: number | null } | { kind: 'paying'; payment: CheckoutPayment };

/** The parts every way to pay sends besides what is bought: the M-Pesa phone for a shortfall, one promo code. */
export interface Paying {
  key: string;
  phone?: string;
  promoCode?: string;
  /** The customer said they are 18 or older (asked once, for a 16 or 18 video: CONTRACT §13). */
  ageConfirmed?: boolean;
}

/** The body's payment fields and the Idempotency-Key header of a payment (CONTRACT §11). */
export const payingParts = ({ key, phone, promoCode, ageConfirmed }: Paying) => ({
  body: { ...(phone ? { phone_number: phone } : {}), ...(promoCode ? { promo_code: promoCode } : {}), ...(ageConfirmed ? { age_confirmed: true } : {}) },
  headers: { 'idempotency-key': key },
});

/** A 201 (with the new balance) or a 202 (an M-Pesa prompt) as a PayAnswer. */
export const payAnswer = (res: { balance?: number } | CheckoutPayment): PayAnswer =>
  'CheckoutRequestID' in res ? { kind: 'paying', payment: res } : { kind: 'paid', balance: typeof res.balance === 'number' ? res.balance : null };

/** After a payment answered: the phone remembered, and what it changed read again when it was paid at once. */
export function afterPaying(client: QueryClient, answer: PayAnswer, phone: string | undefined, videoIds: number[]) {
  if (phone) rememberPhone(phone);
  if (answer.kind !== 'paid') return;
  if (answer.balance !== null) rememberBalance(answer.balance);
  refreshOwnership(client, videoIds);
}

/** After anything that changes what the customer owns or holds: read it again from the server. */
export function refreshOwnership(client: QueryClient, videoIds: number[]) {
  localCart.remove(videoIds);
  void client.invalidateQueries({ queryKey: ['cart'] });
  void client.invalidateQueries({ queryKey: ['info'] });
  void client.invalidateQueries({ queryKey: ['owned-video'] });
  // Rentals, bundles' owned parts and gifts change with what is owned (CONTRACT §11).
  void client.invalidateQueries({ queryKey: ['rentals'] });
  void client.invalidateQueries({ queryKey: ['bundle'] });
  void client.invalidateQueries({ queryKey: ['gifts'] });
  // A pass covers videos the customer does not own: the customer's passes (and each video's `pass`, above).
  void client.invalidateQueries({ queryKey: ['passes', 'mine'] });
}

/**
 * POST /api/purchased/ or /api/checkout/ with an Idempotency-Key: a retried tap is never charged
 * twice. With a phone, a short balance is paid with one M-Pesa prompt (CONTRACT §8).
 */
export function useBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ videoIds, key, phone, promoCode, ageConfirmed }: { videoIds: number[]; key: string; phone?: string; promoCode?: string; ageConfirmed?: boolean }): Promise<BuyAnswer> => {
      const paying = { ...(phone ? { phone_number: phone } : {}), ...(promoCode ? { promo_code: promoCode } : {}), ...(ageConfirmed ? { age_confirmed: true } : {}) };
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
