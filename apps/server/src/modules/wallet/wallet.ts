import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { ledgerEntries, profiles, saleLines } from '../../db/schema.ts';

/**
 * Every kind of balance change. Third round: a rental's debit, a gift's debit to its giver, the price of
 * an already-owned gifted video credited to its recipient, and an unclaimed gift returned to its giver.
 */
export type LedgerKind = 'deposit' | 'purchase' | 'adjustment' | 'refund' | 'rental' | 'gift' | 'gift_credit' | 'gift_return' | 'pass' | MpesaRefundKind;
/** A refund sent on to the customer's M-Pesa (B2C), and its amount back on the balance when M-Pesa fails it (migration 0023). */
export type MpesaRefundKind = 'mpesa_refund' | 'mpesa_refund_return';

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

/**
 * Sales whose lines do not add up to their ledger entry (should be none): for each (kind, reference)
 * with sale lines, the lines' amounts must equal what the entry took (a sale) or gave back (a refund).
 * Lines written before sale lines existed (migration 0016's "before-sale-lines-" references) have no
 * entry of their own and are left out.
 */
export async function saleLineMismatches(db: Database) {
  const result = (await db.execute(sql`
    SELECT s.ledger_kind, s.reference, s.lines, coalesce(-l.amount, 0)::int AS entry
    FROM (SELECT ledger_kind, reference, SUM(amount)::int AS lines FROM ${saleLines}
          WHERE reference NOT LIKE 'before-sale-lines-%' GROUP BY ledger_kind, reference) s
    LEFT JOIN ${ledgerEntries} l ON l.kind = s.ledger_kind AND l.reference = s.reference
    WHERE l.id IS NULL OR s.lines <> -l.amount`)) as unknown as { rows: { ledger_kind: string; reference: string; lines: number; entry: number }[] };
  return result.rows.map((r) => ({ kind: r.ledger_kind, reference: r.reference, lines: Number(r.lines), entry: Number(r.entry) }));
}
