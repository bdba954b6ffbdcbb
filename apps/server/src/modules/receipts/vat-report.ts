import jsonexport from 'jsonexport/dist';
import type { Receipt, VatReport } from '@store/contract';
import type { EtimsConfig } from './config.ts';
import type { ReceiptRepository } from './receipt-repository.ts';
import { receiptView } from './receipt-service.ts';
import { fromCents } from './vat.ts';

/** Receipts read from the database at a time: a busy month is read in batches, never all its lines in one query. */
const BATCH = 500;
const NAIROBI_OFFSET_MS = 3 * 3600_000;

/** One receipt of the month as the accountant's CSV lists it: a credit note's amounts negative, so the columns add up to `net`. */
export interface VatLine {
  invoice_no: number | null;
  issued_at: string;
  kind: Receipt['kind'];
  original_invoice_no: number | null;
  buyer: string;
  /** Cents, signed. */
  taxable: number;
  vat: number;
  total: number;
  etims: Receipt['etims']['state'];
}

const cents = (ksh: number) => Math.round(ksh * 100);
const zero = () => ({ count: 0, taxable: 0, vat: 0, total: 0 });

/**
 * The month's output VAT (CONTRACT §16), read from its receipts (issued in that month of Nairobi
 * time) and worked out by `receiptView`, the function that prints each receipt: the report's VAT is
 * the receipts' own, cent for cent, whatever rule they follow (there is no second copy of it here).
 */
export function createVatReport(d: { repo: ReceiptRepository; config: EtimsConfig }) {
  return {
    async month(month: string): Promise<{ report: VatReport; lines: VatLine[] }> {
      const sums = { sale: zero(), credit_note: zero() };
      const lines: VatLine[] = [];
      for (let after = 0; ; ) {
        const batch = await d.repo.monthBatch(month, after, BATCH);
        for (const { receipt, email } of batch) {
          const v = receiptView(receipt, d.config);
          const s = sums[v.kind];
          const sign = v.kind === 'credit_note' ? -1 : 1;
          const [taxable, vat, total] = [cents(v.taxable_total), cents(v.vat_total), cents(v.total)];
          s.count += 1;
          s.taxable += taxable;
          s.vat += vat;
          s.total += total;
          lines.push({ invoice_no: v.invoice_no, issued_at: v.issued_at, kind: v.kind, original_invoice_no: v.original_invoice_no, buyer: email, taxable: sign * taxable, vat: sign * vat, total: sign * total, etims: v.etims.state });
        }
        if (batch.length < BATCH) break;
        after = batch.at(-1)!.receipt.id;
      }
      const ksh = (b: ReturnType<typeof zero>) => ({ count: b.count, taxable: fromCents(b.taxable), vat: fromCents(b.vat), total: fromCents(b.total) });
      lines.sort((a, b) => a.issued_at.localeCompare(b.issued_at) || (a.invoice_no ?? Infinity) - (b.invoice_no ?? Infinity));
      return {
        report: {
          month,
          sales: ksh(sums.sale),
          credit_notes: ksh(sums.credit_note),
          net: { taxable: fromCents(sums.sale.taxable - sums.credit_note.taxable), vat: fromCents(sums.sale.vat - sums.credit_note.vat), total: fromCents(sums.sale.total - sums.credit_note.total) },
        },
        lines,
      };
    },
  };
}
export type VatReportService = ReturnType<typeof createVatReport>;

/** dd/mm/yyyy HH:mm in Nairobi: how KRA's iTax VAT return sheets and Kenyan spreadsheets write a date. */
function nairobiDate(iso: string) {
  const t = new Date(new Date(iso).getTime() + NAIROBI_OFFSET_MS).toISOString();
  return `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 16)}`;
}

/** A spreadsheet would run a cell that starts like a formula: it is kept as text. */
const cell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

const HEADERS = ['invoice_no', 'date', 'kind', 'original_invoice_no', 'buyer', 'taxable', 'vat', 'total', 'etims_state'];

/** The month's receipts as CSV, one line each, oldest first; credit notes negative, so each column adds up to the report's net. */
export function vatCsv(lines: VatLine[]): Promise<string> {
  const money = (c: number) => (c / 100).toFixed(2);
  const rows = lines.map((l) => ({
    invoice_no: l.invoice_no ?? '',
    date: nairobiDate(l.issued_at),
    kind: l.kind === 'sale' ? 'sale' : 'credit note',
    original_invoice_no: l.original_invoice_no ?? '',
    buyer: cell(l.buyer),
    taxable: money(l.taxable),
    vat: money(l.vat),
    total: money(l.total),
    etims_state: l.etims,
  }));
  if (rows.length === 0) return Promise.resolve(HEADERS.join(','));
  return new Promise((resolve, reject) => jsonexport(rows, { headers: HEADERS }, (err, csv) => (err ? reject(err) : resolve(csv))));
}
