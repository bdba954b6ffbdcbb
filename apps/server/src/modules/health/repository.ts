import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deposits, mediaJobs, receipts } from '../../db/schema.ts';

/** The health module's SQL: what readiness and the metrics read, each one query. */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How long (seconds) the oldest job that is due has waited for a worker; 0 when none waits. */
export async function oldestDueJobAge(db: Database): Promise<number> {
  const rows = rowsOf<{ age: number | string | null }>(
    await db.execute(sql`SELECT extract(epoch FROM now() - min(${mediaJobs.runAfter}))::float8 AS age FROM ${mediaJobs} WHERE ${mediaJobs.state} = 'queued' AND ${mediaJobs.runAfter} <= now()`),
  );
  return Math.max(0, Number(rows[0]?.age ?? 0));
}

export interface JobStats {
  kind: string;
  state: string;
  n: number;
  /** Queued and due: waiting for a worker now (a recurring job's next run is not waiting). */
  due: number;
  oldestDueS: number;
}

/** The job queue by kind and state, with what is due and how long its oldest has waited. */
export async function jobStats(db: Database): Promise<JobStats[]> {
  const due = sql`${mediaJobs.state} = 'queued' AND ${mediaJobs.runAfter} <= now()`;
  const rows = rowsOf<{ kind: string; state: string; n: number | string; due: number | string; oldest: number | string | null }>(
    await db.execute(sql`
      SELECT ${mediaJobs.kind} AS kind, ${mediaJobs.state} AS state, count(*)::int AS n,
        (count(*) FILTER (WHERE ${due}))::int AS due,
        extract(epoch FROM now() - min(${mediaJobs.runAfter}) FILTER (WHERE ${due}))::float8 AS oldest
      FROM ${mediaJobs} GROUP BY 1, 2`),
  );
  return rows.map((r) => ({ kind: r.kind, state: r.state, n: Number(r.n), due: Number(r.due), oldestDueS: Math.max(0, Number(r.oldest ?? 0)) }));
}

/** M-Pesa deposits (one STK prompt each) by state, and how long the oldest pending one has waited. */
export async function depositStats(db: Database): Promise<{ byState: Record<string, number>; oldestPendingS: number }> {
  const rows = rowsOf<{ state: string; n: number | string; oldest: number | string | null }>(
    await db.execute(sql`
      SELECT ${deposits.state} AS state, count(*)::int AS n,
        extract(epoch FROM now() - min(${deposits.createdAt}) FILTER (WHERE ${deposits.state} = 'pending'))::float8 AS oldest
      FROM ${deposits} GROUP BY 1`),
  );
  return {
    byState: Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])),
    oldestPendingS: Math.max(0, ...rows.map((r) => Number(r.oldest ?? 0))),
  };
}

/** eTIMS receipts not signed yet: pending and failed, and how long the oldest pending one has waited. */
export async function receiptStats(db: Database): Promise<{ pending: number; failed: number; oldestPendingS: number }> {
  const rows = rowsOf<{ state: string; n: number | string; oldest: number | string | null }>(
    await db.execute(sql`
      SELECT ${receipts.etimsState} AS state, count(*)::int AS n, extract(epoch FROM now() - min(${receipts.issuedAt}))::float8 AS oldest
      FROM ${receipts} WHERE ${receipts.etimsState} <> 'signed' GROUP BY 1`),
  );
  const of = (state: string) => rows.find((r) => r.state === state);
  return { pending: Number(of('pending')?.n ?? 0), failed: Number(of('failed')?.n ?? 0), oldestPendingS: Math.max(0, Number(of('pending')?.oldest ?? 0)) };
}
