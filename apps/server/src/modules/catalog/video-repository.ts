import { type SQL, and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { VideoListQuery, VideoOrdering } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { djs, genres, purchases, videoFiles, videos } from '../../db/schema.ts';
import { purchaseTimesNow } from '../wallet/index.ts';
import type { AdditionalFileRow, VideoRow } from './video-view.ts';

const videoColumns = {
  id: videos.id,
  title: videos.title,
  season: videos.season,
  djName: djs.djName,
  genreTitle: genres.title,
  cartegory: videos.cartegory,
  type: videos.type,
  price: videos.price,
  synopsis: videos.synopsis,
  synopsisSw: videos.synopsisSw,
  posterKey: videos.posterKey,
  purchaseTimes: purchaseTimesNow,
  dateUploaded: videos.dateUploaded,
  suggest: videos.suggest,
  popular: videos.popular,
  playable: sql<boolean>`${videos.videoPath} IS NOT NULL`.mapWith(Boolean),
  rating: videos.rating,
  // Try before you buy: three numbers out of media_info, read with the row (no per-video work after).
  duration: sql<number | null>`(${videos.mediaInfo} ->> 'duration')::float8`,
  downloadSize: sql<number | null>`(${videos.mediaInfo} ->> 'downloadSize')::float8`,
  saverBandwidth: sql<number | null>`(jsonb_path_query_first(${videos.mediaInfo}, '$.renditions[*] ? (@.dataSaver == true).bandwidth') #>> '{}')::float8`,
  previewPath: videos.previewPath,
  rentPrice: videos.rentPrice,
  rentalHours: videos.rentalHours,
};

// Lists are ordered by the folded count: adding the unfolded changes for every row of a sort cost 78
// against 14 ms at 100,000 titles (decision 0055); the count each row shows is the live one.
const orderColumns = {
  date_uploaded: videos.dateUploaded,
  purchase_times: videos.purchaseTimes,
  price: videos.price,
  title: videos.title,
} as const;

function orderBy(ordering: VideoOrdering): SQL[] {
  const descending = ordering.startsWith('-');
  const column = orderColumns[ordering.replace(/^-/, '') as keyof typeof orderColumns];
  const dir = descending ? desc : asc;
  return [dir(column), dir(videos.id)];
}

/** The list's filters; a title search is answered by the search index instead (search-index.ts, decision 0016). */
export type VideoFilters = Omit<VideoListQuery, 'page' | 'page_size' | 'ordering' | 'title'>;

function filterConditions(f: VideoFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(videos.published, true)];
  if (f.genre) conditions.push(sql`lower(${genres.title}) = lower(${f.genre})`);
  if (f.dj) conditions.push(sql`lower(${djs.djName}) = lower(${f.dj})`);
  if (f.cartegory) conditions.push(sql`${videos.cartegory} = lower(${f.cartegory})`);
  if (f.type) conditions.push(sql`${videos.type} = lower(${f.type})`);
  if (f.suggest !== undefined) conditions.push(eq(videos.suggest, f.suggest));
  if (f.popular !== undefined) conditions.push(eq(videos.popular, f.popular));
  if (f.rating) conditions.push(inArray(videos.rating, f.rating));
  return and(...conditions);
}

export function createVideoRepository(db: Database) {
  const joined = () =>
    db.select(videoColumns).from(videos).innerJoin(djs, eq(videos.djId, djs.id)).innerJoin(genres, eq(videos.genreId, genres.id));

  async function additionalFiles(ids: number[]): Promise<AdditionalFileRow[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: videoFiles.id, videoId: videoFiles.videoId, name: videoFiles.name, size: videoFiles.size })
      .from(videoFiles)
      .where(inArray(videoFiles.videoId, ids))
      .orderBy(asc(videoFiles.id));
  }

  return {
    additionalFiles,

    /** One page of the catalogue. */
    async list(filters: VideoFilters, ordering: VideoOrdering, limit: number, offset: number) {
      const where = filterConditions(filters);
      const [rows, [total]] = await Promise.all([
        joined().where(where).orderBy(...orderBy(ordering)).limit(limit).offset(offset),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(videos)
          .innerJoin(djs, eq(videos.djId, djs.id))
          .innerJoin(genres, eq(videos.genreId, genres.id))
          .where(where),
      ]);
      return { rows: rows as VideoRow[], count: total?.n ?? 0 };
    },

    /** Most bought in the last 30 days (refunds not counted), then most bought ever (CONTRACT §7 /trend). */
    async trending(limit: number, offset: number, ratings?: readonly string[]) {
      const recent = db
        .select({ videoId: purchases.videoId, n: sql<number>`count(*)`.as('n') })
        .from(purchases)
        .where(and(isNull(purchases.refundedAt), sql`${purchases.createdAt} > now() - interval '30 days'`))
        .groupBy(purchases.videoId)
        .as('recent');
      const where = and(eq(videos.published, true), ratings ? inArray(videos.rating, [...ratings]) : undefined);
      const [rows, [total]] = await Promise.all([
        joined()
          .leftJoin(recent, eq(recent.videoId, videos.id))
          .where(where)
          .orderBy(desc(sql`coalesce(${recent.n}, 0)`), desc(videos.purchaseTimes), desc(videos.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(videos).where(where),
      ]);
      return { rows: rows as VideoRow[], count: total?.n ?? 0 };
    },

    async byId(id: number, includeUnpublished = false): Promise<VideoRow | null> {
      const [row] = await joined()
        .where(and(eq(videos.id, id), includeUnpublished ? undefined : eq(videos.published, true)))
        .limit(1);
      return (row as VideoRow | undefined) ?? null;
    },

    async byIds(ids: number[]): Promise<VideoRow[]> {
      if (ids.length === 0) return [];
      return (await joined().where(inArray(videos.id, ids))) as VideoRow[];
    },
  };
}
export type VideoRepository = ReturnType<typeof createVideoRepository>;
