import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PurchaseRecord } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { cartItems, idempotencyKeys, profiles, purchases, users, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { posterUrls } from '../media/images.ts';
import { postLedgerEntry } from '../wallet/wallet.ts';

export interface PurchaseAnswer {
  status: number;
  body: { purchases: PurchaseRecord[]; total: number; balance: number };
}

const hashOf = (videoIds: number[]) => createHash('sha256').update(JSON.stringify([...videoIds].sort((a, b) => a - b))).digest('hex');

/**
 * Buying, all or nothing: the server's prices, one transaction for the debit, its ledger entry, the
 * purchase records and purchase_times. The customer's profile row is locked first, so purchases by one
 * customer never race (nor do retries with the same Idempotency-Key).
 */
export function createPurchaseService(deps: { db: Database; onCatalogChange: () => void }) {
  const { db } = deps;

  async function records(tx: Database, userId: number, videoIds?: number[]): Promise<PurchaseRecord[]> {
    const rows = await tx
      .select({ videoId: purchases.videoId, title: videos.title, posterKey: videos.posterKey, price: purchases.price, username: users.username, createdAt: purchases.createdAt })
      .from(purchases)
      .innerJoin(videos, eq(videos.id, purchases.videoId))
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(and(eq(purchases.userId, userId), isNull(purchases.refundedAt), videoIds ? inArray(purchases.videoId, videoIds) : undefined))
      .orderBy(desc(purchases.createdAt), desc(purchases.id));
    return rows.map((r) => ({ video_id: r.videoId, video_name: r.title, image_url: posterUrls(r.posterKey).default, price: r.price, username: r.username, purchase_time: r.createdAt.toISOString() }));
  }

  return {
    records: (userId: number) => records(db, userId),

    async buy(userId: number, videoIds: number[], idempotencyKey?: string): Promise<PurchaseAnswer> {
      const ids = [...new Set(videoIds)];
      const requestHash = hashOf(ids);
      const answer = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
        if (!profile) throw new HttpError(404, 'Not found.');
        if (idempotencyKey) {
          const [seen] = await tx.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, idempotencyKey)));
          if (seen) {
            if (seen.requestHash !== requestHash) throw new HttpError(422, 'This Idempotency-Key was already used for a different purchase.');
            return { status: seen.status, body: seen.body as PurchaseAnswer['body'], replayed: true };
          }
        }
        const found = await tx.select({ id: videos.id, price: videos.price }).from(videos).where(and(inArray(videos.id, ids), eq(videos.published, true)));
        if (found.length !== ids.length) throw new HttpError(404, 'A video in this order is not in the store.', { missing: ids.filter((id) => !found.some((f) => f.id === id)) });
        const owned = await tx.select({ id: purchases.videoId }).from(purchases).where(and(eq(purchases.userId, userId), inArray(purchases.videoId, ids), isNull(purchases.refundedAt)));
        if (owned.length > 0) throw new HttpError(409, 'You already own this video.', { owned: owned.map((o) => o.id) });
        const total = found.reduce((s, v) => s + v.price, 0);
        if (profile.account < total) throw new HttpError(402, 'Your balance is too low for this purchase. Deposit with M-Pesa first.', { balance: profile.account, price: total });

        const balance = await postLedgerEntry(tx, { userId, kind: 'purchase', amount: -total, reference: `purchase-${randomUUID()}`, note: `videos ${ids.join(',')}` });
        await tx.insert(purchases).values(found.map((v) => ({ userId, videoId: v.id, price: v.price })));
        await tx.update(videos).set({ purchaseTimes: sql`${videos.purchaseTimes} + 1` }).where(inArray(videos.id, ids));
        await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.videoId, ids)));
        const body = { purchases: await records(tx, userId, ids), total, balance };
        if (idempotencyKey) await tx.insert(idempotencyKeys).values({ userId, key: idempotencyKey, requestHash, status: 201, body });
        return { status: 201, body, replayed: false };
      });
      if (!answer.replayed) deps.onCatalogChange();
      return { status: answer.status, body: answer.body };
    },
  };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
