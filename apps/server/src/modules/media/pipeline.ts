import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';
import type { Job } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { demoClipSchema, generateDemoClip } from './demo-clip.ts';
import type { DemoHeadStart, MadeDemoClip } from './demo-head-start.ts';
import type { MediaTools } from './ffmpeg.ts';
import { storeImage } from './images.ts';
import { previewFromRungs, previewPrefix } from './preview.ts';
import { posterFrame, transcode, type MediaInfo } from './renditions.ts';
import { removeOtherRevisions, shareRenditions, sharedWithOf } from './shared-renditions.ts';
import type { MediaStore } from './storage/media-store.ts';

/** Where media lives under DATA_DIR/media: sources and renditions are private, thumbnails public. */
export const mediaPaths = (mediaDir: string) => ({
  sources: path.join(mediaDir, 'sources'),
  private: path.join(mediaDir, 'private'),
  thumbs: path.join(mediaDir, 'thumbs'),
});

/** What videos.media_info holds: the pipeline's output plus the revision its files live under. */
export type StoredMediaInfo = MediaInfo & { rev: string };

/** The store key of a job's source: an upload left in place in a bucket, else under sources/. */
export const sourceKeyOf = (job: Job) => (job.payload as { sourceKey?: string } | null)?.sourceKey ?? `sources/${job.sourcePath}`;

export interface TranscodeDeps {
  db: Database;
  store: MediaStore;
  /** Where ffmpeg reads and writes while it works: the only files a web server or worker keeps. */
  scratchDir: string;
  tools: MediaTools | null;
  maxHeight: number;
  log: FastifyBaseLogger;
  onCatalogChange: () => void;
  /** The demo's clips made ahead on a first start (demo-head-start.ts), taken instead of made here. */
  demoHeadStart?: DemoHeadStart | undefined;
}

/**
 * The transcoding job: fetch the source from the store (or, for the demo, draw it), make the ladder,
 * the download, the thumbnails and the public preview in a scratch folder, give a poster to a video that has none, put
 * the folders in the store under a new revision and point the video at it in one update (and the
 * videos that share its renditions, for the demo: shared-renditions.ts). A crash at
 * any step leaves the old renditions (or none) and the source; the job is retried. The source and
 * the old revisions go once all succeeded; the scratch folder goes in any case.
 */
export function createTranscodeHandler(deps: TranscodeDeps): JobHandler {
  const { store } = deps;
  return async (job, ctx) => {
    const tools = deps.tools;
    if (!tools) throw new Error('ffmpeg was not found: install it (apt-get install ffmpeg) or the npm package @ffmpeg-installer/ffmpeg.');
    const videoId = job.videoId;
    if (videoId === null) throw new Error('A transcoding job must name its video.');
    const rev = `r${job.id}-${job.attempts}`;
    const work = path.join(deps.scratchDir, `job-${rev}`);
    const sourceKey = sourceKeyOf(job);
    let made: MadeDemoClip | null = null;
    try {
      await fs.rm(work, { recursive: true, force: true });
      await fs.mkdir(work, { recursive: true });
      const demo = demoClipSchema.safeParse((job.payload as { demo?: unknown } | null)?.demo);
      const drawn = demo.success && !(await store.exists(sourceKey));
      made = drawn ? ((await deps.demoHeadStart?.take(demo.data)) ?? null) : null;
      let source: string;
      if (made) source = made.source;
      else if (drawn) {
        source = path.join(work, 'source.mp4');
        await generateDemoClip(tools, demo.data!, source, ctx.signal);
      } else source = await store.localCopy(sourceKey, path.join(work, 'source'));

      const out = made ?? { video: path.join(work, 'video'), thumbs: path.join(work, 'thumbs') };
      const info = made?.info ?? (await transcode(tools, source, out.video, out.thumbs, { maxHeight: deps.maxHeight, signal: ctx.signal, onProgress: (f) => ctx.progress(f * 0.95) }));

      // The public first minute, cut from the data-saver rung (preview.ts); made ahead with a demo clip.
      const previewDir = made?.preview ?? path.join(work, 'preview');
      if (!made) await previewFromRungs(tools, info, out.video, previewDir, ctx.signal);

      const [video] = await deps.db.select({ posterKey: videos.posterKey }).from(videos).where(eq(videos.id, videoId));
      if (!video) return; // deleted while it was being transcoded
      const posterKey = video.posterKey ?? (await storeImage(store, 'posters', await posterFrame(tools, source, info.duration, ctx.signal)));

      const videoPrefix = `private/videos/${videoId}`;
      const thumbPrefix = `thumbs/${videoId}`;
      await store.putFolder(`${videoPrefix}/${rev}`, out.video);
      await store.putFolder(`${thumbPrefix}/${rev}`, out.thumbs);
      await store.putFolder(previewPrefix(videoId, rev), previewDir);
      ctx.progress(0.99);
      const mediaInfo: StoredMediaInfo = { ...info, rev };
      await deps.db
        .update(videos)
        .set({ videoPath: `videos/${videoId}/${rev}`, mediaInfo, posterKey, previewPath: previewPrefix(videoId, rev) })
        .where(eq(videos.id, videoId));
      const sharedWith = sharedWithOf(job);
      const cleanUpShared = sharedWith.length ? await shareRenditions(deps, { jobId: job.id, fromVideo: videoId, rev, info: mediaInfo, toVideos: sharedWith }) : null;
      deps.onCatalogChange();
      await cleanUpShared?.();
      await removeOtherRevisions(store, videoPrefix, rev);
      await removeOtherRevisions(store, thumbPrefix, rev);
      await removeOtherRevisions(store, `previews/${videoId}`, rev);
      await store.remove(sourceKey);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
      if (made) await fs.rm(made.dir, { recursive: true, force: true });
    }
  };
}
