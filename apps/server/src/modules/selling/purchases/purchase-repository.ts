import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { cartItems, videos } from '../../../db/schema.ts';
import { ledger } from '../../wallet/index.ts';

export type { Bought, BuyOutcome, FoundVideo } from '../../wallet/index.ts';

/**
 * Buying's SQL: the whole purchase is the database function buy_videos (migration 0007), one
 * statement and so one transaction and one round trip; under load each round trip to the database
 * costs more than the work (bench/purchases). It is called through the ledger service.
 */
export function createPurchaseRepository() {
  return {
    /** The money moves in the ledger service (wallet/ledger.ts), the one place balances change. */
    buy: ledger.buyVideos,

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

    /**
     * Stores a checkout's Idempotency-Key with its M-Pesa payment (status 202) in the caller's
     * transaction; answers the deposit id already stored under the key, if a retry got there first.
     */
    async rememberPayment(tx: Database, o: { userId: number; key: string; requestHash: string; depositId: number }): Promise<number | null> {
      const result = (await tx.execute(sql`
        INSERT INTO idempotency_keys (user_id, key, request_hash, status, body)
        VALUES (${o.userId}, ${o.key}, ${o.requestHash}, 202, ${JSON.stringify({ depositId: o.depositId })}::jsonb)
        ON CONFLICT (user_id, key) DO NOTHING RETURNING 1 AS stored`)) as unknown as { rows: unknown[] };
      if (result.rows.length > 0) return null;
      const seen = (await tx.execute(sql`SELECT body FROM idempotency_keys WHERE user_id = ${o.userId} AND key = ${o.key}`)) as unknown as { rows: { body: { depositId?: number } | string }[] };
      const body = seen.rows[0]?.body;
      const parsed = typeof body === 'string' ? (JSON.parse(body) as { depositId?: number }) : body;
      return parsed?.depositId ?? null;
    },
  };
}
