import type { DJ, Genre, Page, Rating, Video, VideoListQuery } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import { pageWindow, toPage } from '../../lib/pagination.ts';
import { createGroupRepository, type GroupKind } from './group-repository.ts';
import type { SearchIndex } from './search-index.ts';
import { searchSyncFor } from './search-sync.ts';
import { createVideoRepository } from './video-repository.ts';
import { toVideo, type VideoRow } from './video-view.ts';
import { createBundleService, type BundleView } from '../selling/index.ts';

const DEFAULT_PAGE_SIZE = 10;
const DEFAULT_VIDEOS_PER_GROUP = 10;

export function createCatalogService(db: Database) {
  const videoRepo = createVideoRepository(db);
  const groupRepo = createGroupRepository(db);
  const search = searchSyncFor(db);
  const bundles = createBundleService(db);

  /**
   * Each video with its extras and the bundles it is part of (CONTRACT §11): the same for everyone,
   * but under the family lock without the bundles that hold a 16 or 18 video.
   */
  async function withFiles(rows: VideoRow[], view: BundleView = {}): Promise<Video[]> {
    const ids = rows.map((r) => r.id);
    const [files, bundlesOf] = await Promise.all([videoRepo.additionalFiles(ids), bundles.ofVideos(ids, view)]);
    return rows.map((r) => ({
      ...toVideo(
        r,
        files.filter((f) => f.videoId === r.id),
      ),
      bundles: bundlesOf.get(r.id) ?? [],
    }));
  }

  async function groupPage(
    kind: GroupKind,
    url: string,
    q: { page?: string | undefined; page_size?: number | undefined; videos?: number | undefined },
    withVideos: boolean,
    ratings: readonly Rating[] | undefined,
    view: BundleView,
  ) {
    const w = pageWindow(q.page, q.page_size, 100);
    const { rows, count } = await groupRepo.list(kind, w.pageSize, w.offset, ratings);
    const perGroup = withVideos ? (q.videos ?? DEFAULT_VIDEOS_PER_GROUP) : 0;
    const idsByGroup = await groupRepo.newestVideoIds(
      kind,
      rows.map((r) => r.id),
      perGroup,
      ratings,
    );
    const allIds = [...idsByGroup.values()].flat();
    const videosById = new Map((await withFiles(await videoRepo.byIds(allIds), view)).map((v) => [v.vidId, v]));
    const details = (id: number) =>
      (idsByGroup.get(id) ?? []).map((vid) => videosById.get(vid)).filter((v): v is Video => v !== undefined);
    return { w, count, rows, details };
  }

  return {
    /** `view.locked`: a locked account's answer (its `q.rating` already leaves out 16 and 18). */
    async listVideos(url: string, q: VideoListQuery, view: BundleView = {}): Promise<Page<Video>> {
      const w = pageWindow(q.page, q.page_size, DEFAULT_PAGE_SIZE);
      const { page: _p, page_size: _s, ordering, ...filters } = q;
      if (filters.title) {
        // Search (decision 0016): the in-memory index picks and orders the page, the database reads its rows.
        const { title, ...others } = filters;
        const pick = (index: SearchIndex) => index.search(title, others, ordering ?? '-date_uploaded', w.pageSize, w.offset);
        const read = async (found: { ids: number[]; count: number }) => {
          const [rows, files, bundlesOf] = await Promise.all([videoRepo.byIds(found.ids), videoRepo.additionalFiles(found.ids), bundles.ofVideos(found.ids, view)]);
          const byId = new Map(rows.map((r) => [r.id, r]));
          const videos = found.ids.flatMap((id) => {
            const row = byId.get(id);
            return row ? [{ ...toVideo(row, files.filter((f) => f.videoId === id)), bundles: bundlesOf.get(id) ?? [] }] : [];
          });
          return toPage(url, w, found.count, videos);
        };
        // The page is read while the index looks at the change log, from the index as it is; when the
        // look finds a change, the page is picked and read again. One round trip in the usual case.
        const known = search.peek();
        if (known) {
          const version = search.version;
          const guess = pick(known);
          const [, page] = await Promise.all([search.current(), read(guess)]);
          if (search.version === version) return page;
        }
        return read(pick(await search.current()));
      }
      const { rows, count } = await videoRepo.list(filters, ordering ?? '-date_uploaded', w.pageSize, w.offset);
      return toPage(url, w, count, await withFiles(rows, view));
    },

    /** `ratings`: only these (a locked account's view); all when undefined. */
    async trending(url: string, q: { page?: string | undefined; page_size?: number | undefined }, ratings?: readonly Rating[], view: BundleView = {}): Promise<Page<Video>> {
      const w = pageWindow(q.page, q.page_size, DEFAULT_PAGE_SIZE);
      const { rows, count } = await videoRepo.trending(w.pageSize, w.offset, ratings);
      return toPage(url, w, count, await withFiles(rows, view));
    },

    async getVideo(rawId: string, opts: { includeUnpublished?: boolean } & BundleView = {}): Promise<Video> {
      const row = await videoRepo.byId(parseId(rawId), opts.includeUnpublished);
      if (!row) throw notFound();
      const [video] = await withFiles([row], opts);
      return video!;
    },

    async listDjs(url: string, q: Parameters<typeof groupPage>[2], withVideos: boolean, ratings?: readonly Rating[], view: BundleView = {}): Promise<Page<DJ>> {
      const { w, count, rows, details } = await groupPage('dj', url, q, withVideos, ratings, view);
      const results = rows.map((r) => ({
        id: r.id,
        dj_name: r.name,
        video_count: r.videoCount,
        ...(withVideos ? { video_details: details(r.id) } : {}),
      }));
      return toPage(url, w, count, results);
    },

    async listGenres(url: string, q: Parameters<typeof groupPage>[2], withVideos: boolean, ratings?: readonly Rating[], view: BundleView = {}): Promise<Page<Genre>> {
      const { w, count, rows, details } = await groupPage('genre', url, q, withVideos, ratings, view);
      const results = rows.map((r) => ({
        cartId: r.id,
        title: r.name,
        video_count: r.videoCount,
        ...(withVideos ? { video_details: details(r.id) } : {}),
      }));
      return toPage(url, w, count, results);
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;
