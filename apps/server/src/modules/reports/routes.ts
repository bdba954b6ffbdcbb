import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, errorDetailSchema, MAX_REPORT_DAYS, promoUseReportSchema, REPORT_RANGE_MESSAGE, reportQuerySchema, REVENUE_REPORTS, revenueReportSchema, vatQuerySchema, vatReportSchema, type ReportQuery } from '@store/contract';
import { FieldError } from '../../lib/http-errors.ts';
import { vatCsv, type VatReportService } from '../receipts/index.ts';
import { createReportRepository, type DayRange } from './report-repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const NAIROBI_OFFSET_MS = 3 * 3600 * 1000;
const DEFAULT_DAYS = 30;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range asked for, in Nairobi days: by default the 30 days to today; at most a year. */
export function dayRange(q: ReportQuery, now = Date.now()): DayRange {
  const to = q.to ?? (q.from ? isoDay(Math.min(Date.parse(q.from) + (DEFAULT_DAYS - 1) * DAY_MS, now + NAIROBI_OFFSET_MS)) : isoDay(now + NAIROBI_OFFSET_MS));
  const from = q.from ?? isoDay(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1 || days > MAX_REPORT_DAYS) throw new FieldError({ to: [REPORT_RANGE_MESSAGE] });
  return { from, to };
}

const tags = ['reports'];
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema };
const noStore = { 'cache-control': 'private, no-store' };

/**
 * /api/admin/reports/*: staff's reports (CONTRACT §12), each one query on sale_lines or the promo
 * tables, and the month's VAT (CONTRACT §16), which the receipts module works out from the receipts.
 */
export const reportRoutes =
  (d: { vat: VatReportService }): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = createReportRepository(app.db);
    app.get(
      '/reports/revenue/:by',
      {
        schema: {
          tags,
          summary: 'Revenue by day, DJ, genre, video or way of selling (purchase, rental, bundle, gift, pass), over Nairobi days',
          params: z.object({ by: z.enum(REVENUE_REPORTS) }),
          querystring: reportQuerySchema,
          response: { 200: revenueReportSchema, ...errors },
        },
      },
      async (request, reply) => {
        const range = dayRange(request.query);
        const found = await repo.revenue(request.params.by, range);
        reply.headers(noStore);
        return { ...range, ...found };
      },
    );
    const passRow = z.object({ pass_id: z.number().int(), title: z.string(), hours: z.number().int(), price: z.number().int(), active: z.boolean(), sold: z.number().int(), renewals: z.number().int(), revenue: z.number().int(), live: z.number().int(), renewing: z.number().int() });
    app.get(
      '/reports/passes',
      {
        schema: {
          tags,
          summary: 'Passes by product over Nairobi days: periods sold and renewed, pass revenue, live passes and those set to renew; format=csv for a spreadsheet',
          querystring: reportQuerySchema.extend({ format: z.enum(['json', 'csv']).optional() }),
          response: { 200: z.union([z.object({ from: z.string(), to: z.string(), rows: z.array(passRow) }), z.string()]), ...errors },
        },
      },
      async (request, reply) => {
        const range = dayRange(request.query);
        const found = await repo.passes(range);
        reply.headers(noStore);
        if (request.query.format !== 'csv') return { ...range, rows: found };
        const head = 'pass_id,title,hours,price,active,sold,renewals,revenue,live,renewing';
        const cell = (v: unknown) => (typeof v === 'string' ? `"${(/^[=+\-@\t\r]/.test(v) ? `'${v}` : v).replaceAll('"', '""')}"` : String(v));
        const csv = [head, ...found.map((f) => [f.pass_id, f.title, f.hours, f.price, f.active, f.sold, f.renewals, f.revenue, f.live, f.renewing].map(cell).join(','))].join('\n');
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="passes-${range.from}-${range.to}.csv"`).send(csv);
      },
    );
    app.get(
      '/reports/promo-codes',
      { schema: { tags, summary: 'Promo codes’ use: paid redemptions, customers and Ksh taken off, over Nairobi days', querystring: reportQuerySchema, response: { 200: promoUseReportSchema, ...errors } } },
      async (request, reply) => {
        const range = dayRange(request.query);
        const found = await repo.promoUse(range);
        reply.headers(noStore);
        return { ...range, ...found };
      },
    );
    app.get(
      '/reports/vat',
      {
        schema: {
          tags,
          summary: 'Output VAT for a month of Nairobi time from its receipts: tax invoices, credit notes and net (format=csv: one line per receipt)',
          querystring: vatQuerySchema,
          response: { 200: vatReportSchema.or(z.string()), ...errors },
        },
      },
      async (request, reply) => {
        const { report, lines } = await d.vat.month(request.query.month);
        reply.headers(noStore);
        if (request.query.format !== 'csv') return report;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="vat-${report.month}.csv"`)
          .send(await vatCsv(lines));
      },
    );
  };
