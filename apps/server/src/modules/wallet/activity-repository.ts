import { and, count, desc, eq } from 'drizzle-orm';
import type { ActivityEntry } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { deposits, ledgerEntries } from '../../db/schema.ts';

/**
 * A customer's account activity, read from the ledger itself (decision 0036): every change of the
 * balance is one entry there, with the balance it left, so the list cannot miss money or disagree
 * with the balance. Only this customer's entries, newest first (id breaks ties within a transaction).
 */
export async function activityOf(db: Database, userId: number, window: { offset: number; pageSize: number }): Promise<{ count: number; results: ActivityEntry[] }> {
  const [total] = await db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const rows = await db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      createdAt: ledgerEntries.createdAt,
      note: ledgerEntries.note,
      receipt: deposits.receipt,
    })
    .from(ledgerEntries)
    // A paid deposit's entry is referenced by its M-Pesa receipt (ledger.creditDeposit).
    .leftJoin(deposits, and(eq(ledgerEntries.kind, 'deposit'), eq(deposits.receipt, ledgerEntries.reference), eq(deposits.userId, ledgerEntries.userId)))
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(window.pageSize)
    .offset(window.offset);
  return {
    count: total?.n ?? 0,
    results: rows.map((r) => ({ id: r.id, kind: r.kind, amount: r.amount, balance_after: r.balanceAfter, time: r.createdAt.toISOString(), note: r.note, mpesa_receipt: r.receipt })),
  };
}

