import { sql } from 'drizzle-orm';
import type { NotificationKind } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { createJobQueue, type Job } from '../../jobs/job-queue.ts';
import type { JobContext } from '../../jobs/runner.ts';
import { accountOfVerifiedPhone } from '../accounts/index.ts';
import { adultVideoIds } from '../family/index.ts';
import { type Event, fanOut, toCustomer, toFollowersOf } from './fan-out.ts';
import type { Params } from './words.ts';

/** What a 'notify' job carries: one customer's event, or a video just published (its followers'). */
type NotifyPayload = { userId: number; event: Event } | { newVideo: number };

/**
 * Tells one customer of something (CONTRACT §15): queued in the caller's transaction, so it is made
 * only if what it tells of commits, and made once per dedupeKey however often this is called.
 * Passes call it for pass_ending and pass_renewal; gifts, refunds and payments for theirs.
 */
export async function notifyCustomer(
  tx: Database,
  n: { userId: number; kind: NotificationKind; params: Params; url: string; dedupeKey: string; videoId?: number | null; sms?: boolean },
): Promise<void> {
  const event: Event = { kind: n.kind, params: n.params, url: n.url, dedupeKey: `${n.kind}:${n.dedupeKey}`, videoId: n.videoId ?? null, ...(n.sms === false ? { sms: false } : {}) };
  const payload: NotifyPayload = { userId: n.userId, event };
  await createJobQueue(tx).enqueue({ kind: 'notify', payload, priority: 60 });
}

/**
 * A gift's recipient, when they have an account here (by its e-mail address, or the account whose
 * verified phone the number is: one typed into a profile proves nothing, so nobody can take someone
 * else's gift notices by typing their number): told in the store and by push. Not by SMS when the
 * gift went to their phone: its claim link is already there.
 */
export async function notifyGiftRecipient(tx: Database, g: { giftId: number; giverId: number; toPhone: string | null; toEmail: string | null; videoIds: number[]; params: Params }): Promise<void> {
  const recipients = g.toEmail !== null ? await accountsOfEmail(tx, g.toEmail) : g.toPhone !== null ? [await accountOfVerifiedPhone(tx, g.toPhone)] : [];
  for (const userId of recipients) {
    if (userId === null || userId === g.giverId) continue;
    await notifyCustomer(tx, { userId, kind: 'gift_received', params: g.params, url: '/account?section=gifts', dedupeKey: String(g.giftId), sms: g.toPhone === null, videoId: await guardedVideo(tx, g.videoIds) });
  }
}

const accountsOfEmail = async (tx: Database, email: string): Promise<number[]> => {
  const found = (await tx.execute(sql`SELECT id FROM users WHERE lower(email) = lower(${email})`)) as unknown as { rows: { id: number }[] };
  return found.rows.map((r) => Number(r.id));
};

/**
 * Of the videos a notification names, the one the family lock would keep back (the family module's
 * rule: a 16 or 18), else the first still in the store. A notification keeps one video, and a locked
 * phone withholds it by that one.
 */
export async function guardedVideo(tx: Database, videoIds: number[]): Promise<number | null> {
  if (!videoIds.length) return null;
  const found = (await tx.execute(sql`SELECT id FROM videos WHERE id = ANY(${`{${videoIds.map(Number).join(',')}}`}::int[]) ORDER BY id`)) as unknown as { rows: { id: number }[] };
  const ids = found.rows.map((r) => Number(r.id));
  const adult = await adultVideoIds(tx, ids);
  return ids.find((id) => adult.has(id)) ?? ids[0] ?? null;
}

/** The 'notify' job: makes the notifications of one event (set-based for a video's followers, a slice at a time). */
export function notifyJobHandler(db: Database) {
  return async (job: Job, ctx?: JobContext) => {
    const p = job.payload as NotifyPayload | null;
    if (!p) throw new Error('The notify job holds no event.');
    // Between slices: the lease renewed (a fan-out to many outlasts one under load) and the runner's give-way wait.
    const between = async () => {
      ctx?.progress(0);
      await ctx?.giveWay?.();
    };
    if ('newVideo' in p) await newVideo(db, p.newVideo, { between });
    else await fanOut(db, toCustomer(p.userId), p.event);
  };
}

/**
 * Followers told of a new video per statement: a statement for 10,000 held PostgreSQL for about a
 * second, a second in which the catalogue served a third fewer customers (bench/notifications).
 */
export const FAN_OUT_SLICE = 2000;

/**
 * A video became watchable (published with its file; the trigger of migration 0030 queues this): its
 * DJ's followers, and its series' followers for a series, hear of it once (new_video:<id>). A slice
 * of FAN_OUT_SLICE followers at a time, each slice committed on its own, and `between` them the
 * runner's wait while customers are being served (JobContext.giveWay); a job run again after a
 * crash makes only what the first run did not (one notification per follower and key).
 */
export async function newVideo(db: Database, videoId: number, o: { between?: () => Promise<void>; slice?: number } = {}) {
  const result = (await db.execute(sql`
    SELECT v.id, v.title, v.season, v.dj_id, d.dj_name, v.cartegory = 'series' AS series, lower(v.title) AS series_key
      FROM videos v JOIN djs d ON d.id = v.dj_id
      WHERE v.id = ${videoId} AND v.published AND v.video_path IS NOT NULL`)) as unknown as {
    rows: { id: number; title: string; season: string | null; dj_id: number; dj_name: string; series: boolean; series_key: string }[];
  };
  const v = result.rows[0];
  const total = { made: 0, queued: 0 };
  if (!v) return total;
  const seriesKey = v.series ? v.series_key : null;
  const event: Event = {
    kind: 'new_video',
    params: { title: v.title, season: v.season, dj: v.dj_name, series: v.series },
    url: `/video/${v.id}`,
    dedupeKey: `new_video:${v.id}`,
    videoId: v.id,
  };
  const limit = o.slice ?? FAN_OUT_SLICE;
  for (let after = 0; ; ) {
    const slice = await fanOut(db, toFollowersOf({ djId: v.dj_id, seriesKey }, { after, limit }), event);
    total.made += slice.made;
    total.queued += slice.queued;
    if (slice.recipients < limit || slice.last === null) return total;
    after = slice.last;
    await o.between?.();
  }
}

/** Within this long of its end a rental is told about (CONTRACT §15). */
export const RENTAL_ENDING_HOURS = 6;

/** The periodic 'rentals-ending' job: every rental ending within 6 hours, told once (rental_ending:<id>). */
export async function rentalsEnding(db: Database): Promise<number> {
  const result = (await db.execute(sql`
    SELECT r.id, r.user_id, r.video_id, v.title, v.season, ceil(extract(epoch FROM r.expires_at - now()) / 3600)::int AS hours
      FROM rentals r JOIN videos v ON v.id = r.video_id
      WHERE r.expires_at > now() AND r.expires_at <= now() + make_interval(hours => ${RENTAL_ENDING_HOURS})
        AND NOT EXISTS (SELECT 1 FROM customer_notifications n WHERE n.user_id = r.user_id AND n.dedupe_key = 'rental_ending:' || r.id)
        AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.user_id = r.user_id AND p.video_id = r.video_id)`)) as unknown as {
    rows: { id: number; user_id: number; video_id: number; title: string; season: string | null; hours: number }[];
  };
  let made = 0;
  for (const r of result.rows) {
    const done = await fanOut(db, toCustomer(r.user_id), {
      kind: 'rental_ending',
      params: { title: r.title, season: r.season, hours: Math.max(1, Number(r.hours)) },
      url: `/video/${r.video_id}`,
      dedupeKey: `rental_ending:${r.id}`,
      videoId: r.video_id,
    });
    made += done.made;
  }
  return made;
}
