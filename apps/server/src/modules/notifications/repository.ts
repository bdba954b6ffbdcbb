import { sql } from 'drizzle-orm';
import type { FollowKind, NotificationKind } from '@store/contract';
import type { Database } from '../../db/client.ts';
import type { Params } from './words.ts';

/** The SQL of follows, notifications, settings and subscriptions (the module's only queries but the fan-out's and the sender's). */
const rows = async <T>(db: Database, q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

/** What a follow names: a DJ by id, a series by its key (lower(title) of videos of cartegory 'series'). */
export type Target = { kind: 'dj'; djId: number } | { kind: 'series'; key: string };
const targetWhere = (t: Target) => (t.kind === 'dj' ? sql`dj_id = ${t.djId}` : sql`series_key = ${t.key}`);

export const followRepository = {
  /** The DJ (by id) or series (by its title in any case) named in an address, with its name; null when the store has none. */
  async resolve(db: Database, kind: FollowKind, raw: string): Promise<{ target: Target; name: string } | null> {
    if (kind === 'dj') {
      if (!/^\d{1,9}$/.test(raw)) return null;
      const [d] = await rows<{ id: number; name: string }>(db, sql`SELECT id, dj_name AS name FROM djs WHERE id = ${Number(raw)}`);
      return d ? { target: { kind: 'dj', djId: d.id }, name: d.name } : null;
    }
    const [s] = await rows<{ key: string; name: string }>(
      db,
      sql`SELECT lower(min(title)) AS key, min(title) AS name FROM videos WHERE cartegory = 'series' AND lower(title) = lower(${raw}) AND published HAVING count(*) > 0`,
    );
    return s ? { target: { kind: 'series', key: s.key }, name: s.name } : null;
  },
  async follow(db: Database, userId: number, t: Target) {
    await db.execute(
      t.kind === 'dj'
        ? sql`INSERT INTO follows (user_id, dj_id) VALUES (${userId}, ${t.djId}) ON CONFLICT (user_id, dj_id) WHERE dj_id IS NOT NULL DO NOTHING`
        : sql`INSERT INTO follows (user_id, series_key) VALUES (${userId}, ${t.key}) ON CONFLICT (user_id, series_key) WHERE series_key IS NOT NULL DO NOTHING`,
    );
  },
  async unfollow(db: Database, userId: number, t: Target) {
    await db.execute(sql`DELETE FROM follows WHERE user_id = ${userId} AND ${targetWhere(t)}`);
  },
  async isFollowing(db: Database, userId: number, t: Target) {
    return (await rows(db, sql`SELECT 1 FROM follows WHERE user_id = ${userId} AND ${targetWhere(t)}`)).length > 0;
  },
  async list(db: Database, userId: number) {
    return rows<{ kind: FollowKind; id: string; name: string; created_at: Date | string }>(
      db,
      sql`SELECT CASE WHEN f.dj_id IS NULL THEN 'series' ELSE 'dj' END AS kind, coalesce(f.dj_id::text, f.series_key) AS id,
                 coalesce(d.dj_name, (SELECT min(v.title) FROM videos v WHERE lower(v.title) = f.series_key), f.series_key) AS name, f.created_at
            FROM follows f LEFT JOIN djs d ON d.id = f.dj_id WHERE f.user_id = ${userId} ORDER BY f.created_at DESC, f.id DESC`,
    );
  },
  /** Staff: followers per DJ and per series, most followed first. */
  async counts(db: Database) {
    const djs = await rows<{ id: number; name: string; followers: number }>(
      db,
      sql`SELECT d.id, d.dj_name AS name, count(f.id)::int AS followers FROM djs d LEFT JOIN follows f ON f.dj_id = d.id GROUP BY d.id ORDER BY count(f.id) DESC, d.dj_name`,
    );
    const series = await rows<{ id: string; name: string; followers: number }>(
      db,
      sql`SELECT f.series_key AS id, coalesce((SELECT min(v.title) FROM videos v WHERE lower(v.title) = f.series_key), f.series_key) AS name, count(*)::int AS followers
            FROM follows f WHERE f.series_key IS NOT NULL GROUP BY f.series_key ORDER BY count(*) DESC, f.series_key`,
    );
    return { djs, series };
  },
};

export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  params: Params;
  url: string;
  /** The video it names (a gift of several: the one the family lock would keep back), or null. */
  video_id: number | null;
  created_at: Date | string;
  read_at: Date | string | null;
}

export const notificationRepository = {
  /** A page of the customer's own, newest first, with how many they have and how many are unread. */
  async page(db: Database, userId: number, o: { limit: number; offset: number }) {
    const [counts] = await rows<{ count: number; unread: number }>(
      db,
      sql`SELECT count(*)::int AS count, count(*) FILTER (WHERE n.read_at IS NULL)::int AS unread FROM customer_notifications n WHERE n.user_id = ${userId}`,
    );
    const results = await rows<NotificationRow>(
      db,
      sql`SELECT n.id, n.kind, n.params, n.url, n.video_id, n.created_at, n.read_at FROM customer_notifications n
            WHERE n.user_id = ${userId} ORDER BY n.id DESC LIMIT ${o.limit} OFFSET ${o.offset}`,
    );
    return { count: Number(counts?.count ?? 0), unread: Number(counts?.unread ?? 0), results };
  },
  /** Marks the customer's own (others' ids are ignored); how many changed. */
  async markRead(db: Database, userId: number, ids: number[] | 'all'): Promise<number> {
    const which = ids === 'all' ? sql`` : sql`AND id = ANY(${`{${ids.join(',')}}`}::int[])`;
    const done = await rows(db, sql`UPDATE customer_notifications SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL ${which} RETURNING id`);
    return done.length;
  },
  async unread(db: Database, userId: number): Promise<number> {
    const [r] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM customer_notifications WHERE user_id = ${userId} AND read_at IS NULL`);
    return Number(r?.n ?? 0);
  },
  /** Staff: in-store notifications made and read, pushes and SMS by state, subscriptions. */
  async report(db: Database) {
    const [inStore] = await rows<{ made: number; read: number }>(db, sql`SELECT count(*)::int AS made, count(read_at)::int AS read FROM customer_notifications`);
    const byState = await rows<{ channel: 'push' | 'sms'; state: string; n: number }>(db, sql`SELECT channel, state, count(*)::int AS n FROM notification_deliveries GROUP BY channel, state`);
    // Queued: those waiting for a retry (their delivery 'queued') and those in the queue never tried yet (no delivery row).
    const waiting = await rows<{ channel: 'push' | 'sms'; n: number }>(
      db,
      sql`SELECT w.channel, count(*)::int AS n
            FROM media_jobs j
            CROSS JOIN LATERAL (
              SELECT 'push' AS channel, (p ->> 0)::integer AS notification_id, (p ->> 1)::integer AS subscription_id FROM jsonb_array_elements(coalesce(j.payload -> 'pushes', '[]')) p
              UNION ALL
              SELECT 'sms', (x #>> '{}')::integer, NULL FROM jsonb_array_elements(coalesce(j.payload -> 'sms', '[]')) x) w
           WHERE j.kind = 'notify-send' AND j.state IN ('queued', 'running')
             AND NOT EXISTS (SELECT 1 FROM notification_deliveries d WHERE d.notification_id = w.notification_id AND d.channel = w.channel AND d.subscription_id IS NOT DISTINCT FROM w.subscription_id)
           GROUP BY w.channel`,
    );
    const [subs] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM push_subscriptions`);
    const of = (channel: string, state: string) =>
      Number(byState.find((r) => r.channel === channel && r.state === state)?.n ?? 0) + (state === 'queued' ? Number(waiting.find((r) => r.channel === channel)?.n ?? 0) : 0);
    return {
      in_store: { made: Number(inStore?.made ?? 0), read: Number(inStore?.read ?? 0) },
      push: { queued: of('push', 'queued'), sent: of('push', 'sent'), failed: of('push', 'failed'), removed: of('push', 'removed') },
      sms: { queued: of('sms', 'queued'), sent: of('sms', 'sent'), failed: of('sms', 'failed') },
      subscriptions: Number(subs?.n ?? 0),
    };
  },
};

export const settingsRepository = {
  async get(db: Database, userId: number) {
    const [r] = await rows<{ quiet_start: string | null; quiet_end: string | null; kinds: Record<string, { push?: boolean; sms?: boolean }> }>(
      db,
      sql`SELECT quiet_start, quiet_end, kinds FROM notification_settings WHERE user_id = ${userId}`,
    );
    return r ?? null;
  },
  async save(db: Database, userId: number, s: { quietStart: string | null; quietEnd: string | null; kinds: object }) {
    await db.execute(sql`
      INSERT INTO notification_settings (user_id, quiet_start, quiet_end, kinds) VALUES (${userId}, ${s.quietStart}, ${s.quietEnd}, ${JSON.stringify(s.kinds)}::jsonb)
      ON CONFLICT (user_id) DO UPDATE SET quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end, kinds = EXCLUDED.kinds, updated_at = now()`);
  },
};

export const subscriptionRepository = {
  /** One endpoint is one browser: subscribing again (another account signed in there) moves it. */
  async save(db: Database, userId: number, s: { endpoint: string; p256dh: string; auth: string }) {
    await db.execute(sql`
      INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (${userId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
      ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`);
  },
  async remove(db: Database, userId: number, endpoint: string): Promise<boolean> {
    return (await rows(db, sql`DELETE FROM push_subscriptions WHERE user_id = ${userId} AND endpoint = ${endpoint} RETURNING id`)).length > 0;
  },
};

export interface ProgressRow {
  video_id: number;
  position: number;
  duration: number;
  title: string;
  season: string | null;
  poster_key: string | null;
  updated_at: Date | string;
}

/** Started and not finished: over 10 s and under 95 % of the video's duration, newest first. */
export async function unfinished(db: Database, userId: number, limit: number): Promise<ProgressRow[]> {
  return rows<ProgressRow>(
    db,
    sql`SELECT w.video_id, w.position_seconds AS position, (v.media_info ->> 'duration')::float8 AS duration, v.title, v.season, v.poster_key, w.updated_at
          FROM watch_progress w JOIN videos v ON v.id = w.video_id
          WHERE w.user_id = ${userId} AND w.position_seconds > 10 AND (v.media_info ->> 'duration')::float8 > 0
            AND w.position_seconds < 0.95 * (v.media_info ->> 'duration')::float8
          ORDER BY w.updated_at DESC, w.video_id DESC LIMIT ${limit}`,
  );
}

/** The language the customer chose (CONTRACT §9), or null. */
export async function customerLanguage(db: Database, userId: number): Promise<'en' | 'sw' | null> {
  const [r] = await rows<{ language: string | null }>(db, sql`SELECT language FROM profiles WHERE user_id = ${userId}`);
  return r?.language === 'sw' || r?.language === 'en' ? r.language : null;
}
