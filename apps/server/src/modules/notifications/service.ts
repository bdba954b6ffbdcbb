import {
  NOTIFICATION_KINDS,
  defaultNotificationSettings,
  type ContinueWatchingList,
  type FollowKind,
  type FollowState,
  type Language,
  type MyNotificationList,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '@store/contract';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { mediaRight, posterUrls } from '../media/index.ts';
import { followRepository as follows, notificationRepository as notes, settingsRepository as settings, unfinished } from './repository.ts';
import { wordsOf } from './words.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The family lock's one rule for the request being answered (the family module's withholdLocked,
 * CONTRACT §16): rows naming a 16 or 18 video leave the list while the account is locked, counted in `hidden`.
 */
export type Withhold = <T>(rows: readonly T[], videosOf: (row: T) => readonly number[]) => Promise<{ shown: T[]; hidden: number }>;

/** The services behind the routes: follows, the list, settings, continue watching. */
export function createNotificationService(db: Database) {
  return {
    async setFollow(userId: number, kind: FollowKind, raw: string, on: boolean): Promise<FollowState> {
      const found = await follows.resolve(db, kind, raw);
      if (on) {
        if (!found) throw new HttpError(404, kind === 'dj' ? 'No such DJ.' : 'No such series.');
        await follows.follow(db, userId, found.target);
        return { kind, id: idOf(found.target), following: true };
      }
      // A series that has left the store can still be unfollowed by its key.
      const target = found?.target ?? (kind === 'series' ? { kind, key: raw.toLowerCase() } : null);
      if (target) await follows.unfollow(db, userId, target);
      return { kind, id: target ? idOf(target) : raw, following: false };
    },

    async isFollowing(userId: number, kind: FollowKind, raw: string): Promise<boolean> {
      const found = await follows.resolve(db, kind, raw);
      return found ? follows.isFollowing(db, userId, found.target) : false;
    },

    async follows(userId: number) {
      return { results: (await follows.list(db, userId)).map((f) => ({ kind: f.kind, id: f.id, name: f.name, created_at: iso(f.created_at)! })) };
    },

    /**
     * The customer's own, newest first, worded in their language. A locked phone's 16 and 18 ones are
     * counted in `hidden`, not shown, as in the other lists (receipts, activity): `count` and `unread`
     * are all of the account's, `hidden` those of this page kept back.
     */
    async mine(userId: number, url: string, q: { page?: string | undefined; page_size?: number | undefined }, language: Language, withhold: Withhold): Promise<MyNotificationList> {
      const w = pageWindow(q.page, q.page_size, 20);
      const found = await notes.page(db, userId, { limit: w.pageSize, offset: w.offset });
      const { shown, hidden } = await withhold(found.results, (n) => (n.video_id === null ? [] : [n.video_id]));
      const results = shown.map((n) => ({ id: n.id, kind: n.kind, ...wordsOf(n.kind, n.params, language), url: n.url, created_at: iso(n.created_at)!, read_at: iso(n.read_at) }));
      return { ...toPage(url, w, found.count, results), unread: found.unread, hidden };
    },

    async markRead(userId: number, which: number[] | 'all') {
      const updated = await notes.markRead(db, userId, which);
      return { updated, unread: await notes.unread(db, userId) };
    },

    async settings(userId: number): Promise<NotificationSettings> {
      const row = await settings.get(db, userId);
      const out = defaultNotificationSettings();
      if (!row) return out;
      out.quiet_hours = row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null;
      for (const k of NOTIFICATION_KINDS) out.kinds[k] = { ...out.kinds[k], ...pick(row.kinds?.[k]) };
      return out;
    },

    /** Changes what the input names, keeps the rest. */
    async saveSettings(userId: number, input: NotificationSettingsInput): Promise<NotificationSettings> {
      const now = await this.settings(userId);
      const quiet = input.quiet_hours === undefined ? now.quiet_hours : input.quiet_hours;
      const kinds = { ...now.kinds };
      for (const [k, v] of Object.entries(input.kinds ?? {})) kinds[k as keyof typeof kinds] = { ...kinds[k as keyof typeof kinds], ...v };
      await settings.save(db, userId, { quietStart: quiet?.start ?? null, quietEnd: quiet?.end ?? null, kinds });
      return this.settings(userId);
    },

    /** Started, not finished, still watchable (media's own rule); a locked phone's 16 and 18 ones are counted, not shown. */
    async continueWatching(userId: number, withhold: Withhold): Promise<ContinueWatchingList> {
      const rows = await unfinished(db, userId, 40);
      const watchable = (await Promise.all(rows.map(async (r) => ((await mediaRight(db, userId, r.video_id)) ? r : null)))).filter((r) => r !== null);
      const { shown, hidden } = await withhold(watchable, (r) => [r.video_id]);
      return {
        hidden,
        results: shown.slice(0, 20).map((r) => ({
          video_id: r.video_id,
          position: Number(r.position),
          duration: Number(r.duration),
          title: r.title,
          season: r.season,
          poster: posterUrls(r.poster_key).default,
          updated_at: iso(r.updated_at)!,
        })),
      };
    },
  };
}
export type NotificationService = ReturnType<typeof createNotificationService>;

const idOf = (t: { kind: 'dj'; djId: number } | { kind: 'series'; key: string }) => (t.kind === 'dj' ? String(t.djId) : t.key);
const pick = (v: { push?: unknown; sms?: unknown } | undefined) => ({
  ...(typeof v?.push === 'boolean' ? { push: v.push } : {}),
  ...(typeof v?.sms === 'boolean' ? { sms: v.sms } : {}),
});
