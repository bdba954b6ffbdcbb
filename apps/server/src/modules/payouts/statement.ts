import { eq } from 'drizzle-orm';
import jsonexport from 'jsonexport/dist';
import type { Statement } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { djs } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { owedAt, owedTo, payoutsTotal, statementLines } from '../wallet/index.ts';

/** Midnight in Nairobi (UTC+3, no daylight saving) on the first of a month; a month index of 12 is January next year. */
function nairobiFirst(year: number, monthIndex: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, monthIndex, 1); // unlike Date.UTC, years 0 to 99 stay themselves
  return new Date(d.getTime() - 3 * 3600_000);
}

/** A month of Nairobi time as [from, to), built from numbers so no year makes an invalid date. */
export function nairobiMonth(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: nairobiFirst(y, m - 1), to: nairobiFirst(y, m) };
}

/**
 * A DJ's statement for a month (CONTRACT §12) that adds up on its own: what was owed at the month's
 * start (brought forward), plus the month's sale lines (each with its VAT, share and what the DJ
 * earned), less refunds and credit notes, less the month's part of the withholding tax, less payouts
 * made in it, is what was owed at its end (carried forward). The tax is withheld on all earnings to
 * date, so the month's part is the difference at its two ends and months add up to the shilling.
 * `owed` is what is owed now, which staff may pay.
 */
export async function djStatement(db: Database, djId: number, month: string, withholdingPercent: number): Promise<Statement> {
  const [dj] = await db.select({ id: djs.id }).from(djs).where(eq(djs.id, djId));
  if (!dj) throw new HttpError(404, 'No such DJ.');
  const window = nairobiMonth(month);
  const lines = await statementLines(db, djId, window.from, window.to);
  const earned = lines.reduce((sum, l) => sum + Math.max(l.earned, 0), 0);
  const refunds = lines.reduce((sum, l) => sum - Math.min(l.earned, 0), 0);
  const opening = await owedAt(db, djId, withholdingPercent, window.from);
  const closing = await owedAt(db, djId, withholdingPercent, window.to);
  return {
    dj_id: djId,
    month,
    lines,
    brought_forward: opening.owed,
    earned,
    refunds,
    earnings: earned - refunds,
    withholding_tax: closing.withheld - opening.withheld,
    payouts: await payoutsTotal(db, djId, window),
    carried_forward: closing.owed,
    owed: await owedTo(db, djId, withholdingPercent),
  };
}

/** A spreadsheet would run a title that starts like a formula: it is kept as text. */
const cell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** The statement's lines as CSV (CONTRACT §12: the same lines), a header row first. */
export function statementCsv(s: Statement): Promise<string> {
  const rows = s.lines.map((l) => ({ date: l.date, kind: l.kind, title: cell(l.title), paid: l.paid, vat: l.vat, earned: l.earned, share_percent: l.share_percent }));
  return new Promise((resolve, reject) => jsonexport(rows, { headers: ['date', 'kind', 'title', 'paid', 'vat', 'earned', 'share_percent'] }, (err, csv) => (err ? reject(err) : resolve(rows.length ? csv : 'date,kind,title,paid,vat,earned,share_percent'))));
}
