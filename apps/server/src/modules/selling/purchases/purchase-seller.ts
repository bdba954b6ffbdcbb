import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PurchaseRecord } from '@store/contract';
import { cartItems, purchases, users, videos } from '../../../db/schema.ts';
import { HttpError } from '../../../lib/http-errors.ts';
import { posterUrls } from '../../media/index.ts';
import { purchaseCounts, videosNote } from '../../wallet/index.ts';
import type { PaidOrder, Seller } from '../paid-orders.ts';
import { rentalRepository } from '../rentals/rental-repository.ts';
import { lessRentCredit } from '../bundles/pricing.ts';

/** A purchase that needs pricing (a recent rental's rent taken off, a promo code), as an M-Pesa payment carries it. */
export interface PurchaseOrder extends PaidOrder {
  kind: 'purchase';
}

export interface PurchaseAnswerBody {
  purchases: PurchaseRecord[];
  total: number;
  balance: number;
}

/**
 * Buying through the selling core: published and playable, not owned, and rent, then own (CONTRACT §11): each video at its price less the rent of a rental live or ended
 * under 7 days ago, its sale line at that amount, its purchase pointing at the line.
 */
export const purchaseSeller: Seller<PurchaseOrder, PurchaseAnswerBody> = {
  ledgerKind: 'purchase',
  saleKind: 'purchase',
  async price(tx, userId, order) {
    const ids = order.video_ids;
    const found = await tx
      .select({ id: videos.id, title: videos.title, season: videos.season, price: videos.price })
      .from(videos)
      .where(and(inArray(videos.id, ids), sql`${videos.published}`, sql`${videos.videoPath} IS NOT NULL`));
    if (found.length !== ids.length) throw new HttpError(404, 'A video in this order is not for sale.', { missing: ids.filter((id) => !found.some((f) => f.id === id)) });
    const owned = await tx.select({ videoId: purchases.videoId }).from(purchases).where(and(eq(purchases.userId, userId), inArray(purchases.videoId, ids), isNull(purchases.refundedAt)));
    if (owned.length > 0) throw new HttpError(409, 'You already own this video.', { owned: owned.map((o) => o.videoId) });
    const credits = await rentalRepository.rentCredits(tx, userId, ids);
    const sorted = [...found].sort((a, b) => a.id - b.id);
    return { lines: lessRentCredit(sorted.map((v) => ({ videoId: v.id, listPrice: v.price, amount: v.price })), credits), note: videosNote(sorted) };
  },
  quick: {
    plan(f, order) {
      if (f.videos.length !== order.video_ids.length || f.owned.length > 0) return null;
      const credits = new Map(Object.entries(f.credits).map(([id, rent]) => [Number(id), rent]));
      const lines = lessRentCredit(f.videos.map((v) => ({ videoId: v.id, listPrice: v.price, amount: v.price })), credits);
      return { lines, note: videosNote(f.videos) };
    },
    answer(f, _order, sold) {
      const records = (sold.bought ?? []).map((b) => {
        const v = f.videos.find((x) => x.id === b.videoId)!;
        return { video_id: v.id, video_name: v.title, image_url: posterUrls(v.posterKey).default, price: b.price, username: f.username ?? '', purchase_time: new Date(b.createdAt).toISOString() };
      });
      return { purchases: records, total: sold.total, balance: sold.balance };
    },
  },
  async deliver(tx, userId, _order, sold) {
    const ids = sold.lines.map((l) => l.videoId);
    const made = await tx
      .insert(purchases)
      .values(sold.lines.map((l, i) => ({ userId, videoId: l.videoId, price: l.amount, saleLineId: sold.lineIds[i]! })))
      .returning({ videoId: purchases.videoId, price: purchases.price, createdAt: purchases.createdAt });
    await purchaseCounts.add(tx, ids, 1);
    await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.videoId, ids)));
    const vs = await tx.select({ id: videos.id, title: videos.title, posterKey: videos.posterKey }).from(videos).where(inArray(videos.id, ids));
    const [who] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    const records = made.map((p) => {
      const v = vs.find((x) => x.id === p.videoId)!;
      return { video_id: v.id, video_name: v.title, image_url: posterUrls(v.posterKey).default, price: p.price, username: who?.username ?? '', purchase_time: p.createdAt.toISOString() };
    });
    return { purchases: records, total: sold.total, balance: sold.balance };
  },
};
