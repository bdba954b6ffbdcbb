import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PurchaseRecord } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { purchases, users, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { posterUrls } from '../media/images.ts';
import { createPurchaseRepository } from './purchase-repository.ts';

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
  const repo = createPurchaseRepository();

  async function records(tx: Database, userId: number): Promise<PurchaseRecord[]> {
    const rows = await tx
      .select({ videoId: purchases.videoId, title: videos.title, posterKey: videos.posterKey, price: purchases.price, username: users.username, createdAt: purchases.createdAt })
      .from(purchases)
      .innerJoin(videos, eq(videos.id, purchases.videoId))
      .innerJoin(users, eq(users.id, purchases.userId))
      .where(and(eq(purchases.userId, userId), isNull(purchases.refundedAt)))
      .orderBy(desc(purchases.createdAt), desc(purchases.id));
    return rows.map((r) => ({ video_id: r.videoId, video_name: r.title, image_url: posterUrls(r.posterKey).default, price: r.price, username: r.username, purchase_time: r.createdAt.toISOString() }));
  }

  return {
    records: (userId: number) => records(db, userId),

    async buy(buyer: { id: number; username: string }, videoIds: number[], idempotencyKey?: string): Promise<PurchaseAnswer> {
      const userId = buyer.id;
      const ids = [...new Set(videoIds)];
      const requestHash = hashOf(ids);
      const answer = await db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const state = await repo.lockOrderState(tx, userId, ids, idempotencyKey);
        if (!state) throw new HttpError(404, 'Not found.');
        if (state.seen) {
          if (state.seen.requestHash !== requestHash) throw new HttpError(422, 'This Idempotency-Key was already used for a different purchase.');
          return { status: state.seen.status, body: state.seen.body as PurchaseAnswer['body'], replayed: true };
        }
        const { found } = state;
        if (found.length !== ids.length) throw new HttpError(404, 'A video in this order is not in the store.', { missing: ids.filter((id) => !found.some((f) => f.id === id)) });
        if (state.owned.length > 0) throw new HttpError(409, 'You already own this video.', { owned: state.owned });
        const total = found.reduce((s, v) => s + v.price, 0);
        if (state.balance < total) throw new HttpError(402, 'Your balance is too low for this purchase. Deposit with M-Pesa first.', { balance: state.balance, price: total });

        const { balance, bought } = await repo.recordPurchase(tx, { userId, items: found, total, reference: `purchase-${randomUUID()}` });
        const records = bought.map((b) => {
          const v = found.find((f) => f.id === b.videoId)!;
          return { video_id: v.id, video_name: v.title, image_url: posterUrls(v.posterKey).default, price: v.price, username: buyer.username, purchase_time: b.createdAt.toISOString() };
        });
        const body = { purchases: records, total, balance };
        if (idempotencyKey) await repo.rememberAnswer(tx, { userId, key: idempotencyKey, requestHash, status: 201, body });
        return { status: 201, body, replayed: false };
      });
      if (!answer.replayed) deps.onCatalogChange();
      return { status: answer.status, body: answer.body };
    },
  };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
