import { sql, type SQL } from 'drizzle-orm';
import { SMS_BY_DEFAULT, DEFAULT_QUIET_HOURS, type NotificationKind } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { JOBS_CHANNEL } from '../../jobs/job-queue.ts';
import type { Params } from './words.ts';

/** One event's notification, the same for each of its recipients. */
export interface Event {
  kind: NotificationKind;
  params: Params;
  /** The storefront page it opens, e.g. /video/12. */
  url: string;
  /** The event's own key (new_video:12, gift_received:40): a recipient gets one notification per key, however often it is made. */
  dedupeKey: string;
  /** The video it names, so a family-locked phone can keep a 16 or 18 one back. */
  videoId?: number | null;
  /** false: no SMS whatever the settings (the event already texted that phone, as a gift's claim link does). */
  sms?: boolean;
}

/** Attempts of one push or SMS, 10 s, 40 s, 160 s, 640 s and 43 min apart (the queue's backoff). */
export const SEND_ATTEMPTS = 6;

/**
 * Pushes and SMS due at the same moment share a 'notify-send' job, this many to a job (a job row per
 * push was a third of what a fan-out wrote: bench/notifications). The job carries what to send (a
 * notification and a subscription for a push, a notification for an SMS); a delivery row is written
 * when it is tried, with what became of it, so a job run again sends only those not yet out, and a
 * push service's 500 retries its own push.
 */
export const DELIVERIES_PER_JOB = 16;

/** A 'notify-send' job's payload: pushes as [notification, subscription], SMS by notification. */
export interface SendPayload {
  pushes?: [number, number][];
  sms?: number[];
}

/**
 * Makes the event's notification for every recipient (a query of user_id) in one statement, set-based
 * (a video's followers come a slice at a time: newVideo): the in-store rows (a recipient who already
 * has this key gets nothing), then for the new ones a push per subscription and one SMS where the
 * customer's settings want them, DELIVERIES_PER_JOB to a job in the durable queue, due at once or when
 * the customer's quiet hours end. Its deliveries are written as they are sent (sender.ts): a row per
 * push at fan-out time was half of its cost to a busy store. Answers what it made and queued, and how
 * many recipients it read and the last.
 */
export async function fanOut(db: Database, recipients: SQL, e: Event): Promise<{ made: number; queued: number; recipients: number; last: number | null }> {
  const smsByDefault = SMS_BY_DEFAULT.includes(e.kind);
  const result = (await db.execute(sql`
    WITH recipients AS (${recipients}),
    made AS (
      INSERT INTO customer_notifications (user_id, kind, params, url, video_id, dedupe_key)
      SELECT DISTINCT r.user_id, ${e.kind}, ${JSON.stringify(e.params)}::jsonb, ${e.url}, ${e.videoId ?? null}::integer, ${e.dedupeKey}
        FROM recipients r JOIN users u ON u.id = r.user_id AND u.is_active
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING id, user_id),
    chosen AS (
      SELECT m.id, m.user_id,
        coalesce((s.kinds -> ${e.kind} ->> 'push')::boolean, true) AS push,
        coalesce((s.kinds -> ${e.kind} ->> 'sms')::boolean, ${smsByDefault}) AS sms,
        quiet_hours_end(CASE WHEN s.user_id IS NULL THEN ${DEFAULT_QUIET_HOURS.start} ELSE s.quiet_start END,
                        CASE WHEN s.user_id IS NULL THEN ${DEFAULT_QUIET_HOURS.end} ELSE s.quiet_end END, now()) AS send_after
      FROM made m LEFT JOIN notification_settings s ON s.user_id = m.user_id),
    sends AS (
      SELECT jsonb_build_array(c.id, ps.id) AS push, NULL::integer AS sms, c.send_after, c.id AS notification FROM chosen c JOIN push_subscriptions ps ON ps.user_id = c.user_id WHERE c.push
      UNION ALL
      SELECT NULL, c.id, c.send_after, c.id FROM chosen c JOIN profiles p ON p.user_id = c.user_id WHERE c.sms AND ${e.sms !== false} AND p.phone_number IS NOT NULL),
    jobs AS (
      INSERT INTO media_jobs (kind, payload, run_after, max_attempts, priority)
      SELECT 'notify-send', jsonb_build_object('pushes', coalesce(jsonb_agg(g.push ORDER BY g.notification) FILTER (WHERE g.push IS NOT NULL), '[]'), 'sms', coalesce(jsonb_agg(g.sms ORDER BY g.notification) FILTER (WHERE g.sms IS NOT NULL), '[]')),
             g.send_after, ${SEND_ATTEMPTS}, 50
        FROM (SELECT x.*, (row_number() OVER (PARTITION BY x.send_after ORDER BY x.notification) - 1) / ${DELIVERIES_PER_JOB} AS part FROM sends x) g
        GROUP BY g.send_after, g.part
      RETURNING id)
    SELECT (SELECT count(*) FROM made)::int AS made, (SELECT count(*) FROM sends)::int AS queued, (SELECT count(*) FROM recipients)::int AS recipients, (SELECT max(user_id) FROM recipients) AS last`)) as unknown as {
    rows: { made: number; queued: number; recipients: number; last: number | null }[];
  };
  const row = result.rows[0] ?? { made: 0, queued: 0, recipients: 0, last: null };
  if (row.queued > 0) await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, 'notify-send')`);
  return { made: Number(row.made), queued: Number(row.queued), recipients: Number(row.recipients), last: row.last === null ? null : Number(row.last) };
}

/** One customer. */
export const toCustomer = (userId: number) => sql`SELECT ${userId}::integer AS user_id`;

/**
 * The followers of a video's DJ, and of its series when it is one: `limit` of them by account, those
 * after account `after` (a fan-out to many is made a slice at a time, fanOut's `last` the next `after`).
 */
export const toFollowersOf = (video: { djId: number; seriesKey: string | null }, slice: { after: number; limit: number }) => {
  const followers =
    video.seriesKey === null
      ? sql`SELECT user_id FROM follows WHERE dj_id = ${video.djId}`
      : sql`SELECT user_id FROM follows WHERE dj_id = ${video.djId} UNION SELECT user_id FROM follows WHERE series_key = ${video.seriesKey}`;
  return sql`SELECT user_id FROM (${followers}) f WHERE user_id > ${slice.after} ORDER BY user_id LIMIT ${slice.limit}`;
};
