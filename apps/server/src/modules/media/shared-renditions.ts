import { and, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';
import type { Job } from '../../jobs/job-queue.ts';
import type { StoredMediaInfo } from './pipeline.ts';
import type { MediaStore } from './storage/media-store.ts';

/** The other videos a job's renditions are for besides its own (the demo store's shared clips). */
export const sharedWithOf = (job: Job): number[] => {
  const parsed = z.array(z.number().int().positive()).safeParse((job.payload as { sharedWith?: unknown } | null)?.sharedWith);
  return parsed.success ? parsed.data : [];
};

/** Removes every revision under prefix but the one the video now points at. */
export async function removeOtherRevisions(store: MediaStore, prefix: string, keep: string) {
  const names = await store.children(prefix);
  await Promise.all(names.filter((n) => n !== keep).map((n) => store.removePrefix(`${prefix}/${n}`)));
}

/**
 * Gives other videos the renditions one job made (decision 0033): copied (hard links on disk,
 * server-side copies in a bucket) under each video's own folder, so every media address still names
 * the video it is for and canAccess checks that one. A video is pointed at its copy only once the
 * copy is whole, and only if it has no media of its own (or only an earlier attempt of this job's).
 * Answers the clean-up of other revisions, to run once the catalogue has been told.
 */
export async function shareRenditions(
  deps: { db: Database; store: MediaStore },
  o: { jobId: number; fromVideo: number; rev: string; info: StoredMediaInfo; toVideos: number[] },
): Promise<() => Promise<void>> {
  const { db, store } = deps;
  const folders = (id: number) => [`private/videos/${id}`, `thumbs/${id}`, `previews/${id}`];
  // A few videos at a time: a bucket gets at most 4 x 16 copies in flight.
  for (let i = 0; i < o.toVideos.length; i += 4) {
    await Promise.all(
      o.toVideos.slice(i, i + 4).map(async (id) => {
        const [from, to] = [folders(o.fromVideo), folders(id)];
        for (const [k, prefix] of to.entries()) await store.copyFolder(`${from[k]}/${o.rev}`, `${prefix}/${o.rev}`);
      }),
    );
  }
  const earlierAttempt = sql`${videos.videoPath} LIKE 'videos/' || ${videos.id} || ${`/r${o.jobId}-%`}`;
  const updated = await db
    .update(videos)
    .set({ videoPath: sql`'videos/' || ${videos.id} || ${`/${o.rev}`}`, mediaInfo: o.info, previewPath: sql`'previews/' || ${videos.id} || ${`/${o.rev}`}` })
    .where(and(inArray(videos.id, o.toVideos), or(isNull(videos.videoPath), earlierAttempt)))
    .returning({ id: videos.id });
  const given = new Set(updated.map((u) => u.id));
  return async () => {
    for (const id of o.toVideos) {
      // A video that got media of its own meanwhile (or was deleted) keeps it: its copy goes.
      for (const prefix of folders(id)) await (given.has(id) ? removeOtherRevisions(store, prefix, o.rev) : store.removePrefix(`${prefix}/${o.rev}`));
    }
  };
}
