import { useQuery } from '@tanstack/react-query';
import type { CartItem } from '@store/contract';
import { authRequest } from '../lib/auth.ts';
import { localCart } from '../lib/local-cart.ts';
import { isSignedIn } from '../lib/session.ts';

export interface Cart {
  results: CartItem[];
  total: number;
  /** How many the family lock leaves out (CONTRACT §16); a browser's own cart has none. */
  hidden?: number;
}

/** The cart: the account's on the server when signed in, the browser's otherwise (the header counts it, the cart page lists it). */
export function useCart() {
  return useQuery({
    queryKey: ['cart', isSignedIn()],
    queryFn: async (): Promise<Cart> => (isSignedIn() ? authRequest<Cart>('GET', '/cart/') : { results: localCart.items(), total: localCart.items().reduce((s, i) => s + i.price, 0) }),
    staleTime: 0,
  });
}
