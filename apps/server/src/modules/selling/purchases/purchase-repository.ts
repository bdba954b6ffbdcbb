import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { cartItems, videos } from '../../../db/schema.ts';

/** Buying's own reads; the sale itself is the selling core's (paid-orders.ts). */
export function createPurchaseRepository() {
  return {
    /** Which of `ids` are in the customer's cart, with their titles (the customer has seen them there). */
    async inCart(db: Database, userId: number, ids: number[]): Promise<{ id: number; title: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: videos.id, title: videos.title })
        .from(cartItems)
        .innerJoin(videos, eq(videos.id, cartItems.videoId))
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.videoId, ids)))
        .orderBy(asc(cartItems.addedAt), asc(cartItems.videoId));
    },
  };
}
