import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { CartItem } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { cartItems, djs, purchases, videos } from '../../../db/schema.ts';
import { purchaseTimesNow } from '../../wallet/index.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { posterUrls } from '../../media/index.ts';

/** For sale: published, with a file that plays (CONTRACT §8). */
const forSale = and(eq(videos.published, true), isNotNull(videos.videoPath));

/** The signed-in customer's cart: what they own or cannot buy never enters it, nothing enters twice. */
export function createCartService(db: Database) {
  const ownedAmong = async (userId: number, ids: number[]) =>
    new Set((await db.select({ id: purchases.videoId }).from(purchases).where(and(eq(purchases.userId, userId), inArray(purchases.videoId, ids), isNull(purchases.refundedAt)))).map((r) => r.id));

  async function list(userId: number): Promise<CartItem[]> {
    const rows = await db
      .select({ id: videos.id, title: videos.title, posterKey: videos.posterKey, price: videos.price, purchaseTimes: purchaseTimesNow, season: videos.season, dj: djs.djName })
      .from(cartItems)
      .innerJoin(videos, eq(videos.id, cartItems.videoId))
      .innerJoin(djs, eq(djs.id, videos.djId))
      .where(and(eq(cartItems.userId, userId), eq(videos.published, true)))
      .orderBy(asc(cartItems.addedAt));
    return rows.map((r) => ({ video_id: r.id, video_name: r.title, image_url: posterUrls(r.posterKey).default, price: r.price, purchase_times: r.purchaseTimes, season: r.season, dj: r.dj }));
  }

  /** Adds the videos that are for sale and not owned; answers the cart. */
  async function add(userId: number, ids: number[]) {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return list(userId);
    const existing = (await db.select({ id: videos.id }).from(videos).where(and(inArray(videos.id, wanted), forSale))).map((v) => v.id);
    const owned = await ownedAmong(userId, existing);
    const fresh = existing.filter((id) => !owned.has(id));
    if (fresh.length > 0) await db.insert(cartItems).values(fresh.map((videoId) => ({ userId, videoId }))).onConflictDoNothing();
    return list(userId);
  }

  return {
    list,
    /**
     * One video: a missing one is a 404, one not for sale yet (its file still being made) or owned
     * a 409, so the customer learns why instead of meeting it at checkout.
     */
    async addOne(userId: number, videoId: number) {
      const [v] = await db.select({ file: videos.videoPath }).from(videos).where(and(eq(videos.id, videoId), eq(videos.published, true)));
      if (!v) throw new HttpError(404, 'Not found.');
      if (v.file === null) throw new HttpError(409, 'This video is not for sale yet: it goes on sale as soon as it can be played.');
      if ((await ownedAmong(userId, [videoId])).size > 0) throw new HttpError(409, 'You already own this video.');
      return add(userId, [videoId]);
    },
    /** A visitor's browser cart joining the account's at login (CONTRACT §7): no duplicates, owned ones dropped. */
    merge: add,
    async remove(userId: number, videoId: number) {
      await db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.videoId, videoId)));
      return list(userId);
    },
  };
}
export type CartService = ReturnType<typeof createCartService>;
