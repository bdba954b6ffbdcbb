import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema, errorDetailSchema, type AdminDashboard } from '@store/contract';
import type { Database } from '../../db/client.ts';

/** The store's days are Nairobi's: a sale at 01:00 EAT belongs to that day, not the UTC one before. */
const TZ = 'Africa/Nairobi';
const DAYS = 30;

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function perDay(db: Database) {
  const found = await rows<{ day: string; revenue: number; purchases: number; deposits: number }>(
    db,
    sql`
    WITH days AS (
      SELECT generate_series((now() AT TIME ZONE ${TZ})::date - ${DAYS - 1}::int, (now() AT TIME ZONE ${TZ})::date, interval '1 day')::date AS day),
    sales AS (
      SELECT (created_at AT TIME ZONE ${TZ})::date AS day, sum(price)::int AS revenue, count(*)::int AS n
      FROM purchases WHERE refunded_at IS NULL AND created_at > now() - interval '31 days' GROUP BY 1),
    paid AS (
      SELECT (settled_at AT TIME ZONE ${TZ})::date AS day, sum(amount)::int AS total
      FROM deposits WHERE state = 'completed' AND settled_at > now() - interval '31 days' GROUP BY 1)
    SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(sales.revenue, 0) AS revenue, coalesce(sales.n, 0) AS purchases, coalesce(paid.total, 0) AS deposits
    FROM days LEFT JOIN sales USING (day) LEFT JOIN paid USING (day) ORDER BY days.day`,
  );
  return found.map((r) => ({ day: r.day, revenue: Number(r.revenue), purchases: Number(r.purchases), deposits: Number(r.deposits) }));
}

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
          sql`SELECT v.id, v.title, count(*)::int AS sales, sum(p.price)::int AS revenue FROM purchases p JOIN videos v ON v.id = p.video_id
              WHERE p.refunded_at IS NULL GROUP BY v.id, v.title ORDER BY sales DESC, revenue DESC, v.id LIMIT 5`,
        ),
        rows<{ id: number; dj_name: string; sales: number; revenue: number }>(
          db,
          sql`SELECT d.id, d.dj_name, count(*)::int AS sales, sum(p.price)::int AS revenue FROM purchases p JOIN videos v ON v.id = p.video_id JOIN djs d ON d.id = v.dj_id
              WHERE p.refunded_at IS NULL GROUP BY d.id, d.dj_name ORDER BY sales DESC, revenue DESC, d.id LIMIT 5`,
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
