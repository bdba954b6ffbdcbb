import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema, errorDetailSchema, type AdminDashboard } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { revenueLines, revenueSums, STORE_TZ } from '../wallet/index.ts';

const DAYS = 30;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Revenue per Nairobi day is the reports' (wallet's revenueLines: every way of selling, refunds
 * taken off on their day), so the dashboard's 30 days and the day report's agree to the shilling;
 * `purchases` is the videos sold that day.
 */
async function perDay(db: Database) {
  const found = await rows<{ day: string; revenue: number; purchases: number; deposits: number }>(
    db,
    sql`
    WITH days AS (
      SELECT generate_series((now() AT TIME ZONE ${STORE_TZ})::date - ${DAYS - 1}::int, (now() AT TIME ZONE ${STORE_TZ})::date, interval '1 day')::date AS day),
    lines AS (${revenueLines((createdAt) => sql`${createdAt} > now() - interval '31 days'`)}),
    sales AS (SELECT day, ${revenueSums} FROM lines GROUP BY day),
    paid AS (
      SELECT (settled_at AT TIME ZONE ${STORE_TZ})::date AS day, sum(amount)::int AS total
      FROM deposits WHERE state = 'completed' AND settled_at > now() - interval '31 days' GROUP BY 1)
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(sales.net, 0) AS revenue, coalesce(sales.videos, 0) AS purchases, coalesce(paid.total, 0) AS deposits
    FROM days LEFT JOIN sales USING (day) LEFT JOIN paid USING (day) ORDER BY days.day`,
  );
  return found.map((r) => ({ day: r.day, revenue: Number(r.revenue), purchases: Number(r.purchases), deposits: Number(r.deposits) }));
}

/** Every revenue line ever: the best sellers rank by what they brought in, refunds taken off. */
const allLines = sql`lines AS (${revenueLines(() => sql`true`)})`;
/** Videos sold and kept: a refunded one is no sale. */
const kept = sql`(count(*) FILTER (WHERE NOT is_refund) - count(*) FILTER (WHERE is_refund))::int`;

/** GET /dashboard: what a store owner looks at first, in one call. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { tags: ['back office'], summary: 'Sales and deposits per day, best sellers, and what needs attention', response: { 200: adminDashboardSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (_request, reply): Promise<AdminDashboard> => {
      const db = app.db;
      const [days, topVideos, topDjs, counts] = await Promise.all([
        perDay(db),
        rows<{ id: number; title: string; sales: number; revenue: number }>(
          db,
          sql`WITH ${allLines} SELECT v.id, v.title, ${kept} AS sales, sum(lines.amount)::int AS revenue FROM lines JOIN videos v ON v.id = lines.video_id
              GROUP BY v.id, v.title ORDER BY sales DESC, revenue DESC, v.id LIMIT 5`,
        ),
        rows<{ id: number; dj_name: string; sales: number; revenue: number }>(
          db,
          sql`WITH ${allLines} SELECT d.id, d.dj_name, ${kept} AS sales, sum(lines.amount)::int AS revenue FROM lines JOIN djs d ON d.id = lines.dj_id
              GROUP BY d.id, d.dj_name ORDER BY sales DESC, revenue DESC, d.id LIMIT 5`,
        ),
        // Jobs are transcodes only: mail, M-Pesa reconciliation and clean-ups share the queue (and the
        // recurring ones always wait in it), but the tile counts videos.
        rows<Record<string, number>>(
          db,
          sql`SELECT
              (SELECT count(*)::int FROM users WHERE NOT is_staff) AS customers,
              (SELECT count(*)::int FROM users WHERE NOT is_staff AND date_joined > now() - interval '7 days') AS joined,
              (SELECT count(*)::int FROM media_jobs WHERE kind = 'transcode' AND state = 'queued') AS queued,
              (SELECT count(*)::int FROM media_jobs WHERE kind = 'transcode' AND state = 'running') AS running,
              (SELECT count(*)::int FROM media_jobs WHERE kind = 'transcode' AND state = 'failed') AS failed,
              (SELECT count(*)::int FROM deposits WHERE state = 'review') AS review,
              (SELECT count(*)::int FROM contact_messages WHERE NOT is_read) AS unread`,
        ),
      ]);
      const c = Object.fromEntries(Object.entries(counts[0]!).map(([k, v]) => [k, Number(v)]));
      reply.header('cache-control', 'private, no-store');
      return {
        days,
        top_videos: topVideos.map((v) => ({ id: Number(v.id), title: v.title, sales: Number(v.sales), revenue: Number(v.revenue) })),
        top_djs: topDjs.map((d) => ({ id: Number(d.id), dj_name: d.dj_name, sales: Number(d.sales), revenue: Number(d.revenue) })),
        customers: { total: c.customers!, joined_last_7_days: c.joined! },
        jobs: { queued: c.queued!, running: c.running!, failed: c.failed! },
        deposits_for_review: c.review!,
        unread_messages: c.unread!,
      };
    },
  );
};
