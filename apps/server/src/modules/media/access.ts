import { and, eq, exists, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, ListenState } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { customerPasses, passProducts, purchases, rentals, users, videos } from '../../db/schema.ts';

/**
 * The rule as one prepared statement per database: every ranged GET through the store asks it, and
 * on PostgreSQL a named statement is parsed and planned once per connection instead of on every
 * request (measured: 145 -> 50 us of the backend's CPU and 264 -> 127 us a round trip). Besides the
 * yes, it says whether the user owns the video (staff, a purchase) or only rents it, and until when.
 */
function prepareCanAccess(db: Database) {
  const one = sql`1`;
  const videoId = sql.placeholder('videoId');
  const userId = sql.placeholder('userId');
  // The user by its parameter, never by ${users.id}: drizzle writes a select list's columns without
  // their table, and a bare "id" inside these subqueries would be the purchase's or the rental's own.
  const owner = sql`(${users.isStaff} OR EXISTS (SELECT 1 FROM ${purchases} p WHERE p.user_id = ${userId} AND p.video_id = ${videoId} AND p.refunded_at IS NULL))`;
  const liveRental = sql`FROM ${rentals} r WHERE r.user_id = ${userId} AND r.video_id = ${videoId} AND r.expires_at > now()`;
  // A live pass whose scope takes in the video (CONTRACT §14; pass_covers is the one copy of that rule).
  const livePass = sql`FROM ${customerPasses} cp JOIN ${passProducts} pp ON pp.id = cp.pass_id JOIN ${videos} pv ON pv.id = ${videoId}
    WHERE cp.user_id = ${userId} AND cp.starts_at <= now() AND cp.ends_at > now() AND pv.published AND pass_covers(pp.scope_kind, pp.scope_value, pv.dj_id, pv.genre_id, pv.cartegory)`;
  const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return db
    .select({
      owner: sql<boolean>`${owner}`.mapWith(Boolean),
      rentalUntil: sql<Date | null>`(SELECT max(r.expires_at) ${liveRental})`.mapWith(toDate),
      rentalStarted: sql<boolean>`EXISTS (SELECT 1 ${liveRental} AND r.started_at IS NOT NULL)`.mapWith(Boolean),
      pass: sql<string | null>`(SELECT cp.id || ' ' || (extract(epoch FROM cp.ends_at) * 1000)::bigint ${livePass} ORDER BY cp.ends_at DESC LIMIT 1)`,
    })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.isActive}`, exists(db.select({ one }).from(videos).where(eq(videos.id, videoId))), or(owner, sql`EXISTS (SELECT 1 ${liveRental})`, sql`EXISTS (SELECT 1 ${livePass})`)))
    .prepare('can_access');
}

const canAccessStatement = preparedPerDatabase(prepareCanAccess);

/**
 * Why media may be read: owned (staff, a purchase), or rented or watched under a pass until `until`
 * (CONTRACT §11 and §14: never the download file). `pass` is the customer's pass (its id) when that is the reason.
 */
export type MediaRight = { owner: true } | { owner: false; until: Date; started: boolean; pass?: { id: number; endsAt: Date } };

/** The one rule for media bytes, with its reason: null when the user may not read the video's media. */
export async function mediaRight(db: Database, userId: number, videoId: number): Promise<MediaRight | null> {
  const [row] = await canAccessStatement(db).execute({ userId, videoId });
  if (!row) return null;
  if (row.owner) return { owner: true };
  if (row.pass) {
    // A pass wins over a rental not yet played: its 48 hours are kept for after the pass.
    const cut = row.pass.indexOf(' ');
    const endsAt = new Date(Number(row.pass.slice(cut + 1)));
    return { owner: false, until: endsAt, started: true, pass: { id: Number(row.pass.slice(0, cut)), endsAt } };
  }
  return row.rentalUntil ? { owner: false, until: row.rentalUntil, started: row.rentalStarted } : null;
}

/**
 * The one rule for media bytes (docs/architecture.md): active staff, a customer with an unrefunded
 * purchase of the video, or with a live rental of it, or a live pass whose scope takes it in. Every route that hands out or serves a media
 * address asks this, on every request, so a refund, a staff removal or a rental's end cuts access at once.
 */
export async function canAccess(db: Database, userId: number, videoId: number): Promise<boolean> {
  return (await mediaRight(db, userId, videoId)) !== null;
}

/** How long a "yes" is remembered at most: the bound when a notification is lost (a broken LISTEN connection). */
const REMEMBER_YES_MS = 10_000;

/**
 * canAccess for the media route, where a download manager asks for the same file hundreds of times
 * a minute: a "yes" is remembered for a few seconds, so a range costs no database round trip, and
 * forgotten as soon as PostgreSQL says that access may have been taken away anywhere (migration
 * 0012's triggers: a refund, a user deactivated or demoted, a video removed), and at once in the
 * process that made the change through forget(). A "no" is never remembered. While the process is
 * not listening (not yet, or its connection was lost until it is back), nothing is remembered.
 * Decision 0020.
 */
export function createMediaAccess(db: Database, listen: (channel: string, onMessage: () => void, state: ListenState) => Promise<() => Promise<void>>, opts: { rememberMs?: number } = {}) {
  const rememberMs = opts.rememberMs ?? REMEMBER_YES_MS;
  const yes = new LRUCache<string, MediaRight>({ max: 100_000, ttl: rememberMs });
  let listening = false;
  let closed = false;
  // Bumped at each forgetting: a "yes" read before it (from a query that ran across the change) is not kept.
  let generation = 0;
  const forget = () => {
    generation++;
    yes.clear();
  };
  // While the LISTEN connection is lost, notifications may be missed: nothing is remembered until it is back.
  const state: ListenState = {
    onDown: () => {
      listening = false;
      forget();
    },
    onUp: () => {
      forget();
      listening = !closed;
    },
  };
  const unlisten = listen(MEDIA_ACCESS_CHANNEL, forget, state).then(
    (stop) => {
      listening = !closed;
      return stop;
    },
    () => null,
  );
  /**
   * Why this user may read this video's media, or null. A rental's "yes" is kept no longer than
   * its expires_at, and not at all before its first play (the clock is about to change it).
   */
  async function right(userId: number, videoId: number): Promise<MediaRight | null> {
    const key = `${userId}:${videoId}`;
    const known = yes.get(key);
    if (known) return known;
    const asked = generation;
    const found = await mediaRight(db, userId, videoId);
    if (!found || !listening || asked !== generation) return found;
    if (found.owner) yes.set(key, found);
    else if (found.started) {
      const left = found.until.getTime() - Date.now();
      if (left > 0) yes.set(key, found, { ttl: Math.min(rememberMs, left) });
    }
    return found;
  }

  return {
    right,
    async canAccess(userId: number, videoId: number): Promise<boolean> {
      return (await right(userId, videoId)) !== null;
    },
    /** After a change in this process that may take access away: before PostgreSQL's notification arrives. */
    forget,
    /** How many answers are remembered now (what the tests read). */
    remembered: () => yes.size,
    async close() {
      closed = true;
      listening = false;
      forget();
      await (await unlisten)?.();
    },
  };
}

export type MediaAccess = ReturnType<typeof createMediaAccess>;
export const MEDIA_ACCESS_CHANNEL = 'media_access';
