import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import { demoClipSchema, generateDemoClip } from './demo-clip.ts';
import type { MediaTools } from './ffmpeg.ts';
import { storeImage } from './images.ts';
import { posterFrame, transcode, type MediaInfo } from './renditions.ts';

/** Where media lives under DATA_DIR/media: sources and renditions are private, thumbnails public. */
export const mediaPaths = (mediaDir: string) => ({
  sources: path.join(mediaDir, 'sources'),
  private: path.join(mediaDir, 'private'),
  thumbs: path.join(mediaDir, 'thumbs'),
});

/** What videos.media_info holds: the pipeline's output plus the revision its files live under. */
export type StoredMediaInfo = MediaInfo & { rev: string };

async function removeOtherRevisions(dir: string, keep: string) {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n !== keep).map((n) => fs.rm(path.join(dir, n), { recursive: true, force: true })));
}

/**
 * The transcoding job: (for the demo) draw the source clip, make the ladder, the download and the
 * thumbnails in temporary folders, give a poster to a video that has none, then move the folders
 * into place and point the video at them in one update. A crash at any step leaves the old
 * renditions (or none) and the source; the job is retried. The source goes once all succeeded.
 */
export function createTranscodeHandler(deps: { db: Database; mediaDir: string; tools: MediaTools | null; maxHeight: number; log: FastifyBaseLogger; onCatalogChange: () => void }): JobHandler {
  const dirs = mediaPaths(deps.mediaDir);
  return async (job, ctx) => {
    const tools = deps.tools;
    if (!tools) throw new Error('ffmpeg was not found: install it (apt-get install ffmpeg) or the npm package @ffmpeg-installer/ffmpeg.');
    const source = path.join(dirs.sources, job.sourcePath);
    const demo = demoClipSchema.safeParse((job.payload as { demo?: unknown } | null)?.demo);
    if (demo.success && !(await fs.stat(source).catch(() => null))) await generateDemoClip(tools, demo.data, source, ctx.signal);

    const rev = `r${job.id}-${job.attempts}`;
    const videoDir = path.join(dirs.private, 'videos', String(job.videoId));
    const thumbDir = path.join(dirs.thumbs, String(job.videoId));
    const partial = { video: path.join(videoDir, `${rev}.partial`), thumbs: path.join(thumbDir, `${rev}.partial`) };
    try {
      await Promise.all(Object.values(partial).map((d) => fs.rm(d, { recursive: true, force: true })));
      const info = await transcode(tools, source, partial.video, partial.thumbs, { maxHeight: deps.maxHeight, signal: ctx.signal, onProgress: (f) => ctx.progress(f * 0.98) });

      const [video] = await deps.db.select({ posterKey: videos.posterKey }).from(videos).where(eq(videos.id, job.videoId));
      if (!video) return; // deleted while it was being transcoded
      const posterKey = video.posterKey ?? (await storeImage(deps.mediaDir, 'posters', await posterFrame(tools, source, info.duration, ctx.signal)));

      await fs.rename(partial.video, path.join(videoDir, rev));
      await fs.rename(partial.thumbs, path.join(thumbDir, rev));
      const mediaInfo: StoredMediaInfo = { ...info, rev };
      await deps.db
        .update(videos)
        .set({ videoPath: `videos/${job.videoId}/${rev}`, mediaInfo, posterKey })
        .where(eq(videos.id, job.videoId));
      deps.onCatalogChange();
      await removeOtherRevisions(videoDir, rev);
      await removeOtherRevisions(thumbDir, rev);
      await fs.rm(source, { force: true });
    } finally {
      await Promise.all(Object.values(partial).map((d) => fs.rm(d, { recursive: true, force: true })));
    }
  };
}
