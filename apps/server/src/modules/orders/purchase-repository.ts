import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

const intArray = (xs: number[]) => sql`ARRAY[${sql.join(
  xs.map((x) => sql`${x}`),
  sql`, `,
)}]::int[]`;

export interface FoundVideo {
  id: number;
  price: number;
  title: string;
  posterKey: string | null;
}

/** What buy_videos did, as migration 0007 words it. */
export type BuyOutcome =
  | { outcome: 'no_profile' }
  | { outcome: 'seen'; seen: { requestHash: string; status: number; body: unknown } }
  | { outcome: 'missing'; found: FoundVideo[] }
  | { outcome: 'owned'; owned: number[] }
  | { outcome: 'short'; balance: number; total: number }
  | Bought;

export interface Bought {
  outcome: 'bought';
  balance: number;
  total: number;
  found: FoundVideo[];
  bought: { videoId: number; createdAt: string }[];
}

/**
 * Buying's SQL: the whole purchase is the database function buy_videos (migration 0007), one
 * statement and so one transaction and one round trip; under load each round trip to the database
 * costs more than the work (bench/purchases).
 */
export function createPurchaseRepository() {
  return {
    async buy(db: Database, o: { userId: number; ids: number[]; idempotencyKey: string | undefined; requestHash: string; reference: string }): Promise<BuyOutcome> {
      const result = (await db.execute(
        sql`SELECT buy_videos(${o.userId}, ${intArray(o.ids)}, ${o.idempotencyKey ?? null}, ${o.requestHash}, ${o.reference}) AS r`,
      )) as unknown as { rows: { r: BuyOutcome | string }[] };
      const r = result.rows[0]!.r;
      return typeof r === 'string' ? (JSON.parse(r) as BuyOutcome) : r;
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
