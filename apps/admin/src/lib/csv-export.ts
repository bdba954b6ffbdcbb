import jsonExport from 'jsonexport/dist';
import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { formatDate } from '@store/contract';
import { translate as inLanguageNow, type Label } from '../providers/i18n.ts';
import type { SharedWord } from '../providers/locales/words.ts';
import type { Say } from '../providers/words.ts';

type Cell = string | number | boolean | null | undefined;
type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * What a column's value may use: the store's words in the back office's language (W: the ids of the
 * feature's words.ts, whose `w` gives them, and the shared ones), and records other lists hold.
 */
export interface CsvContext<W extends string = SharedWord> {
  t: Say<W | SharedWord>;
  /** By field (dj_id), the records it points at, by id. */
  related: Record<string, Record<string, RaRecord>>;
}

/** One column of a list's CSV: its header (a label, in the back office's language) and its value for a row. */
export type CsvColumn<R, W extends string = SharedWord> = readonly [Label, (row: R, c: CsvContext<W>) => Cell];

/** A date as the store writes it, 2026-11-24 09:30:00 in Nairobi time, not an ISO timestamp in UTC. */
export const csvDate = (v: string | null | undefined) => (v ? formatDate(v) : '');

/**
 * Text that a spreadsheet would read as a formula (=, +, -, @ first) is kept as text: a customer's
 * message or name must not run in staff's spreadsheet. Numbers (a debit of -70) stay numbers.
 */
const inert = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/**
 * Rows as CSV through jsonexport (the library react-admin's own exporter uses): the columns staff see,
 * with readable headers, money in whole Ksh under a "(Ksh)" header (a number a spreadsheet can add
 * up), dates in the store's way, yes and no in words. A BOM first, so Excel reads it as UTF-8.
 */
export function toCsv<R, W extends string = SharedWord>(rows: readonly R[], columns: readonly CsvColumn<R, W>[], translate: Translate, related: CsvContext['related'] = {}): Promise<string> {
  const c: CsvContext<W> = { t: (id, values) => translate(`store.${id}`, values), related };
  const headers = columns.map(([label]) => translate(label));
  const cell = (v: Cell) => (typeof v === 'boolean' ? translate(v ? 'ra.boolean.true' : 'ra.boolean.false') : typeof v === 'string' ? inert(v) : (v ?? ''));
  const objects = rows.map((row) => Object.fromEntries(columns.map(([, value], i) => [headers[i]!, cell(value(row, c))])));
  return new Promise((resolve, reject) => {
    jsonExport(objects, { headers, endOfLine: '\r\n' }, (err, csv) => (err ? reject(err) : resolve(`\ufeff${csv}`)));
  });
}

/**
 * A list's Export button: react-admin fetches the rows the list's filters and sort select (up to
 * 1,000), and they download as `<list>-<date>.csv`. `related` names the fields whose records a
 * column shows (dj_id: 'djs'), fetched once for all rows.
 */
export function csvExporter<R, W extends string = SharedWord>(columns: readonly CsvColumn<R, W>[], related: Record<string, string> = {}): Exporter {
  return async (records, fetchRelatedRecords, _dataProvider, resource) => {
    const found = Object.fromEntries(await Promise.all(Object.entries(related).map(async ([field, other]) => [field, await fetchRelatedRecords<RaRecord>(records, field, other)] as const)));
    const csv = await toCsv(records as R[], columns, inLanguageNow, found);
    downloadCSV(csv, `${resource ?? 'export'}-${formatDate(new Date(), { dateOnly: true })}`);
  };
}
