import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerEntries, profiles } from '../../db/schema.ts';

export type LedgerKind = 'deposit' | 'purchase' | 'adjustment' | 'refund';

/**
 * How a balance changes: the profile's balance and a ledger entry, in the caller's transaction (the
 * database function buy_videos, migration 0007, does the same for purchases in SQL). The balance can
 * never go below zero (a check constraint on both tables), and an entry's (kind, reference) is unique,
 * so a retried credit or debit fails instead of counting twice.
 */
export async function postLedgerEntry(tx: Database, e: { userId: number; kind: LedgerKind; amount: number; reference: string; note?: string }): Promise<number> {
  const [updated] = await tx
    .update(profiles)
    .set({ account: sql`${profiles.account} + ${e.amount}` })
    .where(eq(profiles.userId, e.userId))
    .returning({ balance: profiles.account });
  if (!updated) throw new Error(`no profile for user ${e.userId}`);
  await tx.insert(ledgerEntries).values({ userId: e.userId, kind: e.kind, amount: e.amount, balanceAfter: updated.balance, reference: e.reference, note: e.note ?? null });
  return updated.balance;
}

/** Profiles whose balance differs from the sum of their ledger entries (should be none). */
export async function ledgerMismatches(db: Database) {
  const result = (await db.execute(sql`
    SELECT p.user_id, p.account AS balance, COALESCE(SUM(l.amount), 0)::int AS ledger
    FROM ${profiles} p LEFT JOIN ${ledgerEntries} l ON l.user_id = p.user_id
    GROUP BY p.user_id, p.account
    HAVING p.account <> COALESCE(SUM(l.amount), 0)`)) as unknown as { rows: { user_id: number; balance: number; ledger: number }[] };
  return result.rows.map((r) => ({ userId: Number(r.user_id), balance: Number(r.balance), ledger: Number(r.ledger) }));
}
