import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { adminVideoInputSchema, adminVideoSchema, type AdminVideo, type AdminVideoInput, type Rating } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { djs, genres, mediaJobs, videoFiles, videos } from '../../db/schema.ts';
import { purchaseTimesNow } from '../wallet/index.ts';
import { FieldError } from '../../lib/http-errors.ts';
import { posterUrls } from '../media/index.ts';
import type { StoredMediaInfo } from '../media/index.ts';
import { asMediaStore } from '../media/index.ts';
import type { MediaStore } from '../media/index.ts';
import type { Resource } from '../../lib/back-office/crud.ts';
import { listRows, type Sortable } from '../../lib/back-office/list-query.ts';

type VideoRow = typeof videos.$inferSelect;

/** seed §3: a video's `type` is its narrator's, `dj_{name}`; the storefront filters by it. */
export const djType = (djName: string) => `dj_${djName.toLowerCase()}`;

/** About how long a running job still needs: the time it took for its progress so far, scaled (once 2 % and 3 s in). */
export function secondsLeft(job: Pick<typeof mediaJobs.$inferSelect, 'state' | 'progress' | 'startedAt'>, now = Date.now()): number | null {
  if (job.state !== 'running' || !job.startedAt || job.progress < 2) return null;
  const elapsed = (now - job.startedAt.getTime()) / 1000;
  if (elapsed < 3) return null;
  return Math.max(0, Math.round((elapsed * (100 - job.progress)) / job.progress));
}

type JobPayload = { source?: { seconds?: number }; demo?: unknown } | null;

/**
 * Seconds of transcoding per second of video on this store: the median of its last ten finished
 * uploads (the demo's clips, made ahead at start, would say nothing of it); null before the first.
 */
export async function transcodeSpeed(db: Database): Promise<number | null> {
  const done = await db
    .select({ payload: mediaJobs.payload, startedAt: mediaJobs.startedAt, finishedAt: mediaJobs.finishedAt })
    .from(mediaJobs)
    .where(and(eq(mediaJobs.kind, 'transcode'), eq(mediaJobs.state, 'done'), isNotNull(mediaJobs.startedAt), isNotNull(mediaJobs.finishedAt), sql`${mediaJobs.payload} -> 'source' ->> 'seconds' IS NOT NULL`))
    .orderBy(desc(mediaJobs.finishedAt))
    .limit(10);
  const ratios = done
    .map((j) => (j.finishedAt!.getTime() - j.startedAt!.getTime()) / 1000 / ((j.payload as JobPayload)?.source?.seconds ?? 0))
    .filter((r) => Number.isFinite(r) && r > 0)
    .sort((a, b) => a - b);
  return ratios.length ? ratios[Math.floor(ratios.length / 2)]! : null;
}

/** Adds each video's newest job and its extra files: two queries for a whole page. */
async function withMedia(db: Database, rows: VideoRow[]): Promise<AdminVideo[]> {
  const ids = rows.map((r) => r.id);
  const jobs = ids.length
    ? await db.selectDistinctOn([mediaJobs.videoId]).from(mediaJobs).where(and(inArray(mediaJobs.videoId, ids), eq(mediaJobs.kind, 'transcode'))).orderBy(mediaJobs.videoId, desc(mediaJobs.id))
    : [];
  const files = ids.length ? await db.select().from(videoFiles).where(inArray(videoFiles.videoId, ids)).orderBy(videoFiles.id) : [];
  // The count customers see, with the sales not folded into the row yet (decision 0055).
  const times = new Map(ids.length ? (await db.select({ id: videos.id, n: purchaseTimesNow }).from(videos).where(inArray(videos.id, ids))).map((t) => [t.id, t.n]) : []);
  const speed = jobs.some((j) => j.state === 'queued') ? await transcodeSpeed(db) : null;
  const expected = (job: (typeof jobs)[number]) => {
    const seconds = (job.payload as JobPayload)?.source?.seconds;
    return job.state === 'queued' && speed !== null && seconds ? Math.round(seconds * speed) : null;
  };
  return rows.map((r) => {
    const job = jobs.find((j) => j.videoId === r.id);
    const info = r.mediaInfo as StoredMediaInfo | null;
    return {
      id: r.id,
      title: r.title,
      season: r.season,
      dj_id: r.djId,
      genre_id: r.genreId,
      cartegory: r.cartegory,
      type: r.type,
      price: r.price,
      synopsis: r.synopsis,
      synopsis_sw: r.synopsisSw,
      suggest: r.suggest,
      popular: r.popular,
      published: r.published,
      rating: r.rating as Rating,
      rent_price: r.rentPrice,
      rental_hours: r.rentalHours,
      purchase_times: times.get(r.id) ?? r.purchaseTimes,
      date_uploaded: r.dateUploaded.toISOString(),
      poster: posterUrls(r.posterKey).set[1]?.url ?? null,
      playable: r.videoPath !== null,
      duration: info?.duration ?? null,
      ends_early: r.videoPath && info?.endsEarly ? { reason: info.endsEarly.reason, declared_seconds: info.endsEarly.declaredSeconds, playable_seconds: info.endsEarly.playableSeconds } : null,
      job: job
        ? { id: job.id, state: job.state, progress: job.progress, attempts: job.attempts, error: job.error, updated_at: job.updatedAt.toISOString(), seconds_left: secondsLeft(job), expected_seconds: expected(job) }
        : null,
      files: files.filter((f) => f.videoId === r.id).map((f) => ({ id: f.id, name: f.name, size: f.size })),
    };
  });
}

async function typeOfDj(tx: Database, djId: number): Promise<string> {
  const [dj] = await tx.select({ name: djs.djName }).from(djs).where(eq(djs.id, djId));
  if (!dj) throw new FieldError({ dj_id: ['No such DJ.'] });
  return djType(dj.name);
}

async function checkGenre(tx: Database, genreId: number): Promise<void> {
  const [genre] = await tx.select({ id: genres.id }).from(genres).where(eq(genres.id, genreId));
  if (!genre) throw new FieldError({ genre_id: ['No such genre.'] });
}

const columns = (input: Partial<AdminVideoInput>) => ({
  title: input.title,
  season: input.season,
  djId: input.dj_id,
  genreId: input.genre_id,
  cartegory: input.cartegory,
  price: input.price,
  synopsis: input.synopsis,
  synopsisSw: input.synopsis_sw,
  suggest: input.suggest,
  popular: input.popular,
  published: input.published,
  rating: input.rating,
  rentPrice: input.rent_price,
  rentalHours: input.rental_hours,
});

/** The DJ and genre columns sort by the name staff read in them, not by the id behind it. */
const SORTABLE = {
  id: videos.id,
  title: videos.title,
  season: videos.season,
  dj_name: sql`(SELECT ${djs.djName} FROM ${djs} WHERE ${djs.id} = ${videos.djId})`,
  genre_title: sql`(SELECT ${genres.title} FROM ${genres} WHERE ${genres.id} = ${videos.genreId})`,
  cartegory: videos.cartegory,
  price: videos.price,
  // Sorted by the folded count, as the catalogue is (decision 0055); each row shows the live one.
  purchase_times: videos.purchaseTimes,
  published: videos.published,
  rating: videos.rating,
  date_uploaded: videos.dateUploaded,
} satisfies Sortable<'videos'>;

/**
 * Videos in the back office: every seed §3 field, with the media state beside it. Files (the main
 * video, extras, the poster) arrive through their own routes (uploads.ts, pictures.ts). A video
 * customers bought cannot be deleted, only unpublished: they keep what they paid for.
 */
export function videoResource(media: MediaStore | string): Resource<AdminVideo, AdminVideoInput> {
  const store = asMediaStore(media);
  return {
    name: 'videos',
    label: 'video',
    record: adminVideoSchema,
    input: adminVideoInputSchema,
    catalogue: true,
    inUse: 'Customers own this video, so it cannot be deleted: unpublish it instead.',
    async list(db, w) {
      const f = w.filter;
      const where: SQL[] = [];
      if (typeof f.dj_id === 'number') where.push(eq(videos.djId, f.dj_id));
      if (typeof f.genre_id === 'number') where.push(eq(videos.genreId, f.genre_id));
      if (typeof f.cartegory === 'string') where.push(eq(videos.cartegory, f.cartegory));
      for (const flag of ['suggest', 'popular', 'published'] as const) if (typeof f[flag] === 'boolean') where.push(eq(videos[flag], f[flag]));
      if (typeof f.rating === 'string') where.push(eq(videos.rating, f.rating));
      const { rows, total } = await listRows<VideoRow>(db, w, {
        table: videos,
        id: videos.id,
        sortable: SORTABLE,
        search: videos.title,
        where,
      });
      return { rows: await withMedia(db, rows), total };
    },
    async get(db, id) {
      const rows = await db.select().from(videos).where(eq(videos.id, id));
      return (await withMedia(db, rows))[0] ?? null;
    },
    async create(tx, input) {
      const type = await typeOfDj(tx, input.dj_id);
      await checkGenre(tx, input.genre_id);
      const [row] = await tx
        .insert(videos)
        .values({ ...columns(input), title: input.title, djId: input.dj_id, genreId: input.genre_id, cartegory: input.cartegory, price: input.price, type })
        .returning();
      return (await withMedia(tx, [row!]))[0]!;
    },
    async update(tx, id, input) {
      const type = input.dj_id === undefined ? undefined : await typeOfDj(tx, input.dj_id);
      if (input.genre_id !== undefined) await checkGenre(tx, input.genre_id);
      const set = Object.fromEntries(Object.entries({ ...columns(input), type }).filter(([, v]) => v !== undefined));
      const rows = Object.keys(set).length ? await tx.update(videos).set(set).where(eq(videos.id, id)).returning() : await tx.select().from(videos).where(eq(videos.id, id));
      return (await withMedia(tx, rows))[0] ?? null;
    },
    remove: async (tx, id) => (await tx.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id })).length > 0,
    /** The rows went with the video (cascade); its files go once that is committed. */
    async removed(id) {
      const prefixes = [`private/videos/${id}`, `private/extras/${id}`, `thumbs/${id}`, `sources/${id}`];
      await Promise.all(prefixes.map((p) => store.removePrefix(p)));
    },
  };
}
