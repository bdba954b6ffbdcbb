import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CartItem, PurchaseRecord } from '@store/contract';
import { authRequest } from '../../../lib/auth.ts';
import { isSignedIn, rememberBalance, rememberOwned } from '../../../lib/session.ts';
import { localCart } from './local-cart.ts';

export interface PurchaseResult {
  purchases: PurchaseRecord[];
  total: number;
  balance: number;
}
export interface Cart {
  results: CartItem[];
  total: number;
}

/** POST /api/purchased/ or /api/checkout/ with an Idempotency-Key: a retried tap is never charged twice. */
export function useBuy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ videoIds, key }: { videoIds: number[]; key: string }) =>
      videoIds.length === 1
        ? authRequest<PurchaseResult>('POST', '/purchased/', { body: { video_id: videoIds[0] }, headers: { 'idempotency-key': key } })
        : authRequest<PurchaseResult>('POST', '/checkout/', { body: { video_ids: videoIds }, headers: { 'idempotency-key': key } }),
    onSuccess: (res) => {
      rememberBalance(res.balance);
      rememberOwned(res.purchases.map((p) => p.video_name));
      localCart.remove(res.purchases.map((p) => p.video_id));
      void client.invalidateQueries({ queryKey: ['cart'] });
      void client.invalidateQueries({ queryKey: ['info'] });
    },
  });
}

/** The cart: the account's on the server when signed in, the browser's otherwise. */
export function useCart() {
  return useQuery({
    queryKey: ['cart', isSignedIn()],
    queryFn: async (): Promise<Cart> => (isSignedIn() ? authRequest<Cart>('GET', '/cart/') : { results: localCart.items(), total: localCart.items().reduce((s, i) => s + i.price, 0) }),
    staleTime: 0,
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

/** At login the browser's cart joins the account's (no duplicates, owned videos dropped). */
export async function mergeLocalCart() {
  const ids = localCart.items().map((i) => i.video_id);
  if (ids.length === 0) return;
  await authRequest<Cart>('POST', '/cart/merge/', { body: { video_ids: ids } });
  localCart.clear();
}
