import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PurchaseRecord } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { purchases, users, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { posterUrls } from '../media/images.ts';
import { createPurchaseRepository, type Bought } from './purchase-repository.ts';

export interface PurchaseAnswer {
  status: number;
  body: { purchases: PurchaseRecord[]; total: number; balance: number };
}

/** The answer to a purchase, built from what buy_videos did (also when an Idempotency-Key replays it). */
function answerBody(buyer: { username: string }, r: Bought): PurchaseAnswer['body'] {
  const purchases = r.bought.map((b) => {
    const v = r.found.find((f) => f.id === b.videoId)!;
    return { video_id: v.id, video_name: v.title, image_url: posterUrls(v.posterKey).default, price: v.price, username: buyer.username, purchase_time: new Date(b.createdAt).toISOString() };
  });
  return { purchases, total: r.total, balance: r.balance };
}

const hashOf = (videoIds: number[]) => createHash('sha256').update(JSON.stringify([...videoIds].sort((a, b) => a - b))).digest('hex');

/**
 * Buying, all or nothing: the server's prices, one transaction for the debit, its ledger entry, the
 * purchase records and purchase_times (the database function buy_videos). The customer's profile row
 * is locked first, so purchases by one customer never race (nor do retries with the same Idempotency-Key).
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
      const ids = [...new Set(videoIds)];
      const requestHash = hashOf(ids);
      const r = await repo.buy(db, { userId: buyer.id, ids, idempotencyKey, requestHash, reference: `purchase-${randomUUID()}` });
      switch (r.outcome) {
        case 'no_profile':
          throw new HttpError(404, 'Not found.');
        case 'seen': {
          if (r.seen.requestHash !== requestHash) throw new HttpError(422, 'This Idempotency-Key was already used for a different purchase.');
          return { status: r.seen.status, body: answerBody(buyer, r.seen.body as Bought) };
        }
        case 'missing':
          throw new HttpError(404, 'A video in this order is not in the store.', { missing: ids.filter((id) => !r.found.some((f) => f.id === id)) });
        case 'owned':
          throw new HttpError(409, 'You already own this video.', { owned: r.owned.map(Number) });
        case 'short':
          throw new HttpError(402, 'Your balance is too low for this purchase. Deposit with M-Pesa first.', { balance: r.balance, price: r.total });
        case 'bought':
          deps.onCatalogChange();
          return { status: 201, body: answerBody(buyer, r) };
      }
    },
  };
}
export type PurchaseService = ReturnType<typeof createPurchaseService>;
