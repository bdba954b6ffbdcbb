import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { passDjShares, payouts, saleLines } from '../../db/schema.ts';

/**
 * What a DJ earns, read from sale_lines (migration 0016), so every way of selling counts without
 * telling this module: a line's VAT is 16/116 of what was paid (VAT is inside the price), the DJ earns
 * their share of the rest, each rounded to the shilling half away from zero, so a refund line takes
 * back exactly what its sale gave (decision 0046). The share is the line's own, the one in force at
 * the sale (migration 0024), so changing a DJ's share re-prices neither past sales nor what is owed.
 */
const vat = sql<number>`(sign(${saleLines.amount}) * round(abs(${saleLines.amount}) * 16 / 116.0))::int`;
const earned = sql<number>`(sign(${saleLines.amount}) * round(abs(${saleLines.amount} - sign(${saleLines.amount}) * round(abs(${saleLines.amount}) * 16 / 116.0)) * ${saleLines.djSharePercent} / 100.0))::int`;

/**
 * A pass's line for a DJ (CONTRACT §14): their part of the pass's price less VAT (already without
 * VAT, so no VAT of its own) and what they earned of it, each to the shilling half up, as a statement shows it.
 */
const passPaid = sql<number>`round(${passDjShares.amountCents} / 100.0)::int`;
const passEarned = sql<number>`round(${passDjShares.earnedCents} / 100.0)::int`;

/** Payouts that count against what is owed: sent or on their way (a failed one is owed again). */
const counting = inArray(payouts.state, ['pending', 'completed']);

export const withholding = (earnings: number, percent: number) => Math.sign(earnings) * Math.round((Math.abs(earnings) * percent) / 100);

export interface StatementLine {
  date: string;
  kind: string;
  title: string;
  paid: number;
  vat: number;
  earned: number;
  share_percent: number;
}

/** A DJ's sale lines in [from, to), oldest first, with VAT and what the DJ earned on each. */
export async function statementLines(db: Database, djId: number, from: Date, to: Date): Promise<StatementLine[]> {
  const rows = await db
    .select({ createdAt: saleLines.createdAt, kind: saleLines.kind, title: saleLines.title, paid: saleLines.amount, vat, earned, share: saleLines.djSharePercent })
    .from(saleLines)
    .where(and(eq(saleLines.djId, djId), gte(saleLines.createdAt, from), lt(saleLines.createdAt, to)))
    .orderBy(saleLines.createdAt, saleLines.id);
  const passes = await db
    .select({ createdAt: passDjShares.createdAt, title: passDjShares.title, paid: passPaid, earned: passEarned, share: passDjShares.djSharePercent })
    .from(passDjShares)
    .where(and(eq(passDjShares.djId, djId), gte(passDjShares.createdAt, from), lt(passDjShares.createdAt, to)))
    .orderBy(passDjShares.createdAt, passDjShares.id);
  return [
    ...rows.map((r) => ({ date: r.createdAt.toISOString(), kind: r.kind as string, title: r.title, paid: Number(r.paid), vat: Number(r.vat), earned: Number(r.earned), share_percent: Number(r.share) })),
    ...passes.map((r) => ({ date: r.createdAt.toISOString(), kind: 'pass', title: r.title, paid: Number(r.paid), vat: 0, earned: Number(r.earned), share_percent: Number(r.share) })),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/** Payouts to a DJ that count (pending and completed), in [from, to) or all when no window is given. */
export async function payoutsTotal(db: Database, djId: number, window?: { from: Date; to: Date }): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payouts.amount}), 0)::int` })
    .from(payouts)
    .where(and(eq(payouts.purpose, 'dj'), eq(payouts.djId, djId), counting, ...(window ? [gte(payouts.createdAt, window.from), lt(payouts.createdAt, window.to)] : [])));
  return Number(row?.total ?? 0);
}

/** Everything a DJ has earned to date (or before a moment). */
export async function earningsToDate(db: Database, djId: number, before?: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${earned}), 0)::int` })
    .from(saleLines)
    .where(and(eq(saleLines.djId, djId), ...(before ? [lt(saleLines.createdAt, before)] : [])));
  const [fromPasses] = await db
    .select({ total: sql<number>`coalesce(sum(${passEarned}), 0)::int` })
    .from(passDjShares)
    .where(and(eq(passDjShares.djId, djId), ...(before ? [lt(passDjShares.createdAt, before)] : [])));
  return Number(row?.total ?? 0) + Number(fromPasses?.total ?? 0);
}

/** What the store owes a DJ now (or owed before a moment): all earnings less withholding tax on them, less payouts sent or on their way. */
export async function owedTo(db: Database, djId: number, withholdingPercent: number, before?: Date): Promise<number> {
  const earnings = await earningsToDate(db, djId, before);
  return earnings - withholding(earnings, withholdingPercent) - (await payoutsTotal(db, djId));
}

/**
 * What the store owed a DJ at a moment, as a statement brings it forward or carries it: earnings
 * before it less withholding tax on them, less payouts (sent or on their way) made before it.
 */
export async function owedAt(db: Database, djId: number, withholdingPercent: number, at: Date): Promise<{ earnings: number; withheld: number; owed: number }> {
  const earnings = await earningsToDate(db, djId, at);
  const withheld = withholding(earnings, withholdingPercent);
  const paid = await payoutsTotal(db, djId, { from: new Date(0), to: at });
  return { earnings, withheld, owed: earnings - withheld - paid };
}
