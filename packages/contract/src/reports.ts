import { z } from './zod.ts';
import { statementMonthSchema } from './payouts.ts';

/**
 * The back office's reports (CONTRACT §12 "Reports", issue 26): money read from sale_lines, per
 * day, DJ, genre, video and way of selling, and promo codes' use, over a range of Nairobi days.
 */

export const REPORT_DATE_MESSAGE = 'Give the date as YYYY-MM-DD.';
export const REPORT_RANGE_MESSAGE = 'The range must end on or after its start, and span at most 366 days.';
/** The longest range a report covers, in days. */
export const MAX_REPORT_DAYS = 366;

const day = z
  .string({ error: REPORT_DATE_MESSAGE })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: REPORT_DATE_MESSAGE, abort: true })
  // A real day (not 30 February).
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
  }, REPORT_DATE_MESSAGE);

/** `from` and `to` are Nairobi days, both included; without them, the last 30 days to today. */
export const reportQuerySchema = z.object({
  from: day.optional().describe('First day (Nairobi), YYYY-MM-DD'),
  to: day.optional().describe('Last day (Nairobi), YYYY-MM-DD, included'),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const REPORT_KINDS = ['purchase', 'rental', 'bundle', 'gift', 'pass'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * One bar of a revenue report: `key` is the day, the DJ's or genre's or video's id, or the kind.
 * `sales` is what the videos sold brought in, `refunds` what went back (a positive number, counted on
 * the day of the refund, under the kind it was sold as), `net` the difference; Ksh, VAT included.
 */
export const revenueRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Videos sold (one per sale line; a bundle of 3 is 3). */
  videos: z.number().int(),
  /** Distinct sales (a cart, a bundle, a gift is one). */
  orders: z.number().int(),
  sales: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;

export const revenueReportSchema = z
  .object({ from: z.string(), to: z.string(), rows: z.array(revenueRowSchema), total: revenueRowSchema.omit({ key: true, label: true }) })
  .meta({ id: 'RevenueReport' });
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const REVENUE_REPORTS = ['day', 'dj', 'genre', 'video', 'kind'] as const;
export type RevenueReportName = (typeof REVENUE_REPORTS)[number];

/** A promo code's use over the range: redemptions of paid sales only (held or given back ones are not use). */
export const promoUseRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  uses: z.number().int(),
  customers: z.number().int(),
  /** Ksh taken off. */
  discount: z.number().int(),
});
export type PromoUseRow = z.infer<typeof promoUseRowSchema>;

export const promoUseReportSchema = z
  .object({ from: z.string(), to: z.string(), rows: z.array(promoUseRowSchema), total: promoUseRowSchema.omit({ id: true, code: true }) })
  .meta({ id: 'PromoUseReport' });
export type PromoUseReport = z.infer<typeof promoUseReportSchema>;

/**
 * GET /api/admin/reports/vat/?month=YYYY-MM (CONTRACT §16): the month's output VAT from its receipts
 * (Nairobi time), as the receipts themselves work it out to the cent; `format=csv` one line per receipt.
 */
export const vatQuerySchema = z.object({
  month: statementMonthSchema.describe('The month, YYYY-MM, in Nairobi time'),
  format: z.enum(['json', 'csv']).default('json'),
});
export type VatQuery = z.infer<typeof vatQuerySchema>;

/** Ksh with two decimals, VAT included in `total`: `taxable` + `vat` = `total`. */
const vatAmounts = z.object({ taxable: z.number(), vat: z.number(), total: z.number() });
const vatBlock = vatAmounts.extend({ count: z.number().int() });

export const vatReportSchema = z
  .object({
    month: z.string(),
    /** Tax invoices issued in the month. */
    sales: vatBlock,
    /** Credit notes issued in the month, as positive amounts. */
    credit_notes: vatBlock,
    /** Sales less credit notes: the output VAT to file. */
    net: vatAmounts,
  })
  .meta({ id: 'VatReport' });
export type VatReport = z.infer<typeof vatReportSchema>;
