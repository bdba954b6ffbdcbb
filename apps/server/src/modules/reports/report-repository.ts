import { sql, type SQL } from 'drizzle-orm';
import type { PromoUseReport, RevenueReportName, RevenueRow } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { revenueLines, revenueSums, withinNairobiDays } from '../wallet/index.ts';

/** A report lists at most this many DJs, genres or videos (the best first). */
const MAX_ROWS = 200;

/** A range of Nairobi days, both included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const within = (column: SQL, r: DayRange) => withinNairobiDays(column, r.from, r.to);

/** The revenue lines of the range (wallet's one definition of revenue: sale lines, a refund on its day, under the kind it returns). */
const lines = (r: DayRange) => sql`lines AS (${revenueLines((createdAt) => within(createdAt, r))})`;

const sums = revenueSums;

/** Each report: its rows' key and label, and what it groups by. */
const grouped: Record<RevenueReportName, (r: DayRange) => SQL> = {
  // Every day of the range, sold on or not.
  day: (r) => sql`
    WITH ${lines(r)}, days AS (SELECT generate_series(${r.from}::date, ${r.to}::date, interval '1 day')::date AS day)
    SELECT to_char(days.day, 'YYYY-MM-DD') AS key, to_char(days.day, 'YYYY-MM-DD') AS label, ${sums}
    FROM days LEFT JOIN lines ON lines.day = days.day GROUP BY days.day ORDER BY days.day`,
  // The DJ at the time of the sale (sale_lines.dj_id), named as now.
  dj: (r) => sql`
    WITH ${lines(r)}
    SELECT coalesce(d.id::text, '') AS key, coalesce(d.dj_name, '') AS label, ${sums}
    FROM lines LEFT JOIN djs d ON d.id = lines.dj_id GROUP BY d.id, d.dj_name ORDER BY net DESC, label LIMIT ${MAX_ROWS}`,
  genre: (r) => sql`
    WITH ${lines(r)}
    SELECT g.id::text AS key, g.title AS label, ${sums}
    FROM lines JOIN videos v ON v.id = lines.video_id JOIN genres g ON g.id = v.genre_id GROUP BY g.id, g.title ORDER BY net DESC, label LIMIT ${MAX_ROWS}`,
  video: (r) => sql`
    WITH ${lines(r)}
    SELECT v.id::text AS key, v.title || coalesce(' (' || v.season || ')', '') AS label, ${sums}
    FROM lines JOIN videos v ON v.id = lines.video_id GROUP BY v.id, v.title, v.season ORDER BY net DESC, label LIMIT ${MAX_ROWS}`,
  // The five ways of selling, each one present.
  kind: (r) => sql`
    WITH ${lines(r)}, kinds(kind, position) AS (VALUES ('purchase', 1), ('rental', 2), ('bundle', 3), ('gift', 4), ('pass', 5))
    SELECT kinds.kind AS key, kinds.kind AS label, ${sums}
    FROM kinds LEFT JOIN lines ON lines.sale_kind = kinds.kind GROUP BY kinds.kind, kinds.position ORDER BY kinds.position`,
};

type Numbers = Omit<RevenueRow, 'key' | 'label'>;
const numbers = (r: Record<string, unknown>): Numbers => ({ videos: Number(r.videos), orders: Number(r.orders), sales: Number(r.sales), refunds: Number(r.refunds), net: Number(r.net) });

export function createReportRepository(db: Database) {
  return {
    /** One revenue report's rows, and the range's totals (over every line, not only the rows listed). */
    async revenue(name: RevenueReportName, r: DayRange): Promise<{ rows: RevenueRow[]; total: Numbers }> {
      const [found, [total]] = await Promise.all([
        rows<Record<string, unknown>>(db, grouped[name](r)),
        rows<Record<string, unknown>>(db, sql`WITH ${lines(r)} SELECT ${sums} FROM lines`),
      ]);
      return { rows: found.map((f) => ({ key: String(f.key), label: String(f.label), ...numbers(f) })), total: numbers(total!) };
    },

    /**
     * Passes (CONTRACT §14) by product over the range: periods sold (first purchases and renewals,
     * told apart by the sale's reference), what they brought in, and how many are live now and renew.
     */
    async passes(r: DayRange) {
      const found = await rows<Record<string, unknown>>(
        db,
        sql`SELECT pp.id, pp.title, pp.hours, pp.price, pp.active,
                   count(p.id)::int AS sold,
                   count(p.id) FILTER (WHERE p.reference LIKE 'pass-renewal-%' OR p.reference LIKE 'pass-ratiba-%')::int AS renewals,
                   coalesce(sum(p.amount), 0)::int AS revenue,
                   (SELECT count(*) FROM customer_passes cp WHERE cp.pass_id = pp.id AND cp.starts_at <= now() AND cp.ends_at > now())::int AS live,
                   (SELECT count(*) FROM customer_passes cp WHERE cp.pass_id = pp.id AND cp.ends_at > now() AND cp.renewal <> 'off')::int AS renewing
              FROM pass_products pp LEFT JOIN customer_passes c ON c.pass_id = pp.id
              LEFT JOIN pass_periods p ON p.customer_pass_id = c.id AND ${within(sql`p.created_at`, r)}
             GROUP BY pp.id ORDER BY revenue DESC, pp.id LIMIT ${MAX_ROWS}`,
      );
      return found.map((f) => ({ pass_id: Number(f.id), title: String(f.title), hours: Number(f.hours), price: Number(f.price), active: Boolean(f.active), sold: Number(f.sold), renewals: Number(f.renewals), revenue: Number(f.revenue), live: Number(f.live), renewing: Number(f.renewing) }));
    },

    /**
     * Promo codes' use (migration 0018): redemptions of sales that were paid (`used`), by when they
     * were settled; held ones (a payment still open) and given-back ones are not use.
     */
    async promoUse(r: DayRange): Promise<Pick<PromoUseReport, 'rows' | 'total'>> {
      const used = sql`r.state = 'used' AND ${within(sql`coalesce(r.settled_at, r.created_at)`, r)}`;
      const [found, [total]] = await Promise.all([
        rows<Record<string, unknown>>(
          db,
          sql`SELECT c.id, c.code, count(*)::int AS uses, count(DISTINCT r.user_id)::int AS customers, coalesce(sum(r.discount), 0)::int AS discount
              FROM promo_redemptions r JOIN promo_codes c ON c.id = r.promo_code_id WHERE ${used}
              GROUP BY c.id, c.code ORDER BY uses DESC, discount DESC, c.code LIMIT ${MAX_ROWS}`,
        ),
        rows<Record<string, unknown>>(db, sql`SELECT count(*)::int AS uses, count(DISTINCT r.user_id)::int AS customers, coalesce(sum(r.discount), 0)::int AS discount FROM promo_redemptions r WHERE ${used}`),
      ]);
      return {
        rows: found.map((f) => ({ id: Number(f.id), code: String(f.code), uses: Number(f.uses), customers: Number(f.customers), discount: Number(f.discount) })),
        total: { uses: Number(total!.uses), customers: Number(total!.customers), discount: Number(total!.discount) },
      };
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
