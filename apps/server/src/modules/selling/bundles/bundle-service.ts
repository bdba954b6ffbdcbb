import { isAdultRating, type Bundle, type Page, type VideoBundle } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/http-errors.ts';
import { pageWindow, toPage } from '../../../lib/pagination.ts';
import { createBundleRepository, type BundleRow } from './bundle-repository.ts';
import { toBundle, toVideoBundle } from './bundle-view.ts';
import { rentalRepository } from '../rentals/rental-repository.ts';

/** `locked`: the answer of an account under the family lock (CONTRACT §13). */
export interface BundleView {
  locked?: boolean;
}

/**
 * Under the family lock a bundle holding any 16 or 18 video is left out whole, not shown without them:
 * its title, poster and price speak for the series (an 18 series' season pass is no child's offer).
 */
const shown = (b: BundleRow, view: BundleView) => !view.locked || !b.videos.some((v) => isAdultRating(v.rating));

/**
 * Bundles and season passes as customers see them (CONTRACT §11): the whole set's price and list
 * total for everyone; with a token, which parts the customer owns and what the rest costs them.
 */
export function createBundleService(db: Database) {
  const repo = createBundleRepository();

  return {
    repo,

    async list(url: string, q: { page?: string | undefined; page_size?: number | undefined; video_id?: number | undefined }, userId?: number, view: BundleView = {}): Promise<Page<Bundle>> {
      const w = pageWindow(q.page, q.page_size, 100);
      const all = (await repo.list(db, { videoId: q.video_id })).filter((b) => shown(b, view));
      const rows = all.slice(w.offset, w.offset + w.pageSize);
      const ids = [...new Set(rows.flatMap((b) => b.videos.map((v) => v.id)))];
      const owned = userId === undefined ? undefined : await repo.owned(db, userId, ids);
      const credits = userId === undefined ? undefined : await rentalRepository.rentCredits(db, userId, ids);
      return toPage(url, w, all.length, rows.map((b) => toBundle(b, owned, credits)));
    },

    async get(id: number, userId?: number, view: BundleView = {}): Promise<Bundle> {
      const b = await repo.byId(db, id);
      if (!b || !shown(b, view)) throw notFound();
      const ids = b.videos.map((v) => v.id);
      const owned = userId === undefined ? undefined : await repo.owned(db, userId, ids);
      const credits = userId === undefined ? undefined : await rentalRepository.rentCredits(db, userId, ids);
      return toBundle(b, owned, credits);
    },

    /** What each video's `bundles` says (the catalogue's view adds it). */
    async ofVideos(videoIds: number[], view: BundleView = {}): Promise<Map<number, VideoBundle[]>> {
      const byVideo = await repo.ofVideos(db, videoIds);
      return new Map([...byVideo].map(([id, bs]) => [id, bs.filter((b) => shown(b, view)).map(toVideoBundle)]));
    },
  };
}
export type BundleService = ReturnType<typeof createBundleService>;
