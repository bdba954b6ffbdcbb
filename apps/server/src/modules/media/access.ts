import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, ListenState } from '../../db/client.ts';
import { purchases, users, videos } from '../../db/schema.ts';

/**
 * The rule as one prepared statement per database: every ranged GET through the store asks it, and
 * on PostgreSQL a named statement is parsed and planned once per connection instead of on every
 * request (measured: 145 -> 50 us of the backend's CPU and 264 -> 127 us a round trip).
 */
function prepareCanAccess(db: Database) {
  const one = sql`1`;
  const videoId = sql.placeholder('videoId');
  return db
    .select({ one })
    .from(users)
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        sql`${users.isActive}`,
        exists(db.select({ one }).from(videos).where(eq(videos.id, videoId))),
        or(sql`${users.isStaff}`, exists(db.select({ one }).from(purchases).where(and(eq(purchases.userId, users.id), eq(purchases.videoId, videoId), isNull(purchases.refundedAt))))),
      ),
    )
    .prepare('can_access');
}

const prepared = new WeakMap<Database, ReturnType<typeof prepareCanAccess>>();

/**
 * The one rule for media bytes (ARCHITECTURE.md): active staff, or a customer with an unrefunded
 * purchase of the video. Every route that hands out or serves a media address asks this, on every
 * request, so a refund or a staff removal cuts access at once.
 */
export async function canAccess(db: Database, userId: number, videoId: number): Promise<boolean> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareCanAccess(db)));
  return (await query.execute({ userId, videoId })).length > 0;
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
  const yes = new LRUCache<string, true>({ max: 100_000, ttl: opts.rememberMs ?? REMEMBER_YES_MS });
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
  return {
    async canAccess(userId: number, videoId: number): Promise<boolean> {
      const key = `${userId}:${videoId}`;
      if (yes.has(key)) return true;
      const asked = generation;
      const allowed = await canAccess(db, userId, videoId);
      if (allowed && listening && asked === generation) yes.set(key, true);
      return allowed;
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
