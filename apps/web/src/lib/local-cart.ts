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
