import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cartItems, idempotencyKeys, profiles, purchases, videos } from '../../db/schema.ts';
import { ledgerEntryCtes } from '../wallet/wallet.ts';

const intArray = (xs: number[]) => sql`ARRAY[${sql.join(
  xs.map((x) => sql`${x}`),
  sql`, `,
)}]::int[]`;

export interface OrderState {
  balance: number;
  found: { id: number; price: number; title: string; posterKey: string | null }[];
  owned: number[];
  seen: { requestHash: string; status: number; body: unknown } | null;
}

/**
 * Buying's SQL: a purchase is three statements inside its transaction, because under load each round
 * trip to the database costs more than the work (bench/purchases). The order of locks is always the
 * customer's profile first, then the videos' counters, so purchases never deadlock.
 */
export function createPurchaseRepository() {
  return {
    /** Locks the customer's profile and reads all a purchase decides on; null without a profile. */
    async lockOrderState(tx: Database, userId: number, ids: number[], idempotencyKey: string | undefined): Promise<OrderState | null> {
      // The lock first, alone: a statement reads with the snapshot it started with, so reading in the
      // same statement as a lock we waited for would miss the purchase that made us wait.
      await tx.execute(sql`SELECT 1 FROM ${profiles} WHERE user_id = ${userId} FOR UPDATE`);
      const result = (await tx.execute(sql`
        SELECT p.account AS balance,
          (SELECT coalesce(json_agg(json_build_object('id', v.id, 'price', v.price, 'title', v.title, 'posterKey', v.poster_key)), '[]')
             FROM ${videos} v WHERE v.id = ANY(${intArray(ids)}) AND v.published) AS found,
          (SELECT coalesce(array_agg(o.video_id), '{}') FROM ${purchases} o
             WHERE o.user_id = p.user_id AND o.video_id = ANY(${intArray(ids)}) AND o.refunded_at IS NULL) AS owned,
          (SELECT json_build_object('requestHash', k.request_hash, 'status', k.status, 'body', k.body) FROM ${idempotencyKeys} k
             WHERE k.user_id = p.user_id AND k.key = ${idempotencyKey ?? null}) AS seen
        FROM ${profiles} p WHERE p.user_id = ${userId}`)) as unknown as { rows: { balance: number; found: OrderState['found']; owned: number[]; seen: OrderState['seen'] }[] };
      const row = result.rows[0];
      return row ? { balance: Number(row.balance), found: row.found, owned: row.owned.map(Number), seen: row.seen } : null;
    },

    /**
     * Debits the total through the ledger, records each purchase, empties them from the cart and bumps
     * purchase_times, in one statement. Answers the new balance and when each video was bought.
     */
    async recordPurchase(tx: Database, o: { userId: number; items: { id: number; price: number }[]; total: number; reference: string }) {
      const ids = o.items.map((i) => i.id);
      const result = (await tx.execute(sql`
        WITH ${ledgerEntryCtes({ userId: o.userId, kind: 'purchase', amount: -o.total, reference: o.reference, note: `videos ${ids.join(',')}` })},
          bought AS (
            INSERT INTO ${purchases} (user_id, video_id, price)
            SELECT ${o.userId}, t.id, t.price FROM unnest(${intArray(ids)}, ${intArray(o.items.map((i) => i.price))}) AS t(id, price)
            RETURNING video_id, created_at),
          uncarted AS (DELETE FROM ${cartItems} WHERE user_id = ${o.userId} AND video_id = ANY(${intArray(ids)})),
          counted AS (UPDATE ${videos} SET purchase_times = purchase_times + 1 WHERE id = ANY(${intArray(ids)}))
        SELECT (SELECT account FROM balance) AS balance,
          (SELECT json_agg(json_build_object('videoId', video_id, 'createdAt', created_at)) FROM bought) AS bought`)) as unknown as {
        rows: { balance: number; bought: { videoId: number; createdAt: string }[] }[];
      };
      const row = result.rows[0]!;
      return { balance: Number(row.balance), bought: row.bought.map((b) => ({ videoId: b.videoId, createdAt: new Date(b.createdAt) })) };
    },

    async rememberAnswer(tx: Database, a: { userId: number; key: string; requestHash: string; status: number; body: unknown }) {
      await tx.insert(idempotencyKeys).values({ userId: a.userId, key: a.key, requestHash: a.requestHash, status: a.status, body: a.body });
    },
  };
}
