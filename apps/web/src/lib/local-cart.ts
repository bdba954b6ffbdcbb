import type { CartItem } from '@store/contract';

const KEY = 'cart';
const read = (): CartItem[] => {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? (v as CartItem[]) : [];
  } catch {
    return [];
  }
};
const write = (items: CartItem[]) => localStorage.setItem(KEY, JSON.stringify(items));

/** A visitor's cart, kept in the browser under the seed's `cart` key until they log in. */
export const localCart = {
  items: read,
  has: (videoId: number) => read().some((i) => i.video_id === videoId),
  add(item: CartItem) {
    if (!read().some((i) => i.video_id === item.video_id)) write([...read(), item]);
  },
  remove(ids: number[]) {
    write(read().filter((i) => !ids.includes(i.video_id)));
  },
  clear: () => localStorage.removeItem(KEY),
};

/** A video the login's merge left out of the cart, and whether that was because the account owns it. */
export interface LeftOutOfCart {
  video_id: number;
  video_name: string;
  owned: boolean;
}
const LEFT_OUT_KEY = 'cart-left-out';

/**
 * What the merge at login left out, kept for the cart page to say once: a visitor who had a video in
 * the cart and logs in to an account that owns it would otherwise meet an empty cart with no word why.
 */
export const leftOutOfCart = {
  save(items: LeftOutOfCart[]) {
    if (items.length) sessionStorage.setItem(LEFT_OUT_KEY, JSON.stringify(items));
  },
  /** Answers the list and forgets it. */
  take(): LeftOutOfCart[] {
    const raw = sessionStorage.getItem(LEFT_OUT_KEY);
    sessionStorage.removeItem(LEFT_OUT_KEY);
    try {
      const v: unknown = JSON.parse(raw ?? '[]');
      return Array.isArray(v) ? (v as LeftOutOfCart[]) : [];
    } catch {
      return [];
    }
  },
};
