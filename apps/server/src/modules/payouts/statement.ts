import { eq } from 'drizzle-orm';
import jsonexport from 'jsonexport/dist';
import type { Statement } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { djs } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { owedTo, payoutsTotal, statementLines, withholding } from '../wallet/index.ts';

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
 * A DJ's statement for a month (CONTRACT §12): the month's sale lines with VAT and what the DJ earned,
 * the month's earnings, withholding tax on them and payouts made in it, and what is owed now (all
 * earnings to date less withholding tax, less payouts sent or on their way).
 */
export async function djStatement(db: Database, djId: number, month: string, withholdingPercent: number): Promise<Statement> {
  const [dj] = await db.select({ id: djs.id }).from(djs).where(eq(djs.id, djId));
  if (!dj) throw new HttpError(404, 'No such DJ.');
  const window = nairobiMonth(month);
  const lines = await statementLines(db, djId, window.from, window.to);
  const earnings = lines.reduce((sum, l) => sum + l.earned, 0);
  return {
    dj_id: djId,
    month,
    lines,
    earnings,
    withholding_tax: withholding(earnings, withholdingPercent),
    payouts: await payoutsTotal(db, djId, window),
    owed: await owedTo(db, djId, withholdingPercent),
  };
}

/** A spreadsheet would run a title that starts like a formula: it is kept as text. */
const cell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** The statement's lines as CSV (CONTRACT §12: the same lines), a header row first. */
export function statementCsv(s: Statement): Promise<string> {
  const rows = s.lines.map((l) => ({ date: l.date, kind: l.kind, title: cell(l.title), paid: l.paid, vat: l.vat, earned: l.earned }));
  return new Promise((resolve, reject) => jsonexport(rows, { headers: ['date', 'kind', 'title', 'paid', 'vat', 'earned'] }, (err, csv) => (err ? reject(err) : resolve(rows.length ? csv : 'date,kind,title,paid,vat,earned'))));
}
