import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { videos } from '../../db/schema.ts';
import { JOBS_CHANNEL } from '../../jobs/job-queue.ts';
import type { JobHandler } from '../../jobs/runner.ts';
import type { MediaTools } from './ffmpeg.ts';
import type { StoredMediaInfo } from './pipeline.ts';
import { makePreview, previewPrefix, readMediaPlaylist, segmentsForPreview } from './preview.ts';
import { removeOtherRevisions } from './shared-renditions.ts';
import type { MediaStore } from './storage/media-store.ts';

export interface PreviewJobDeps {
  db: Database;
  store: MediaStore;
  scratchDir: string;
  tools: MediaTools | null;
  onCatalogChange: () => void;
}

/**
 * The `make-preview` job: a video transcoded before previews existed (or a demo clip shared before
 * them, decision 0033) gets its first minute cut from the data-saver rung already in the store, as
 * the transcoding job cuts it for new uploads. Only the segments of that minute are fetched. The
 * video is pointed at it only if its renditions are still the ones it was cut from; doing it again
 * is harmless.
 */
export function createPreviewHandler(deps: PreviewJobDeps): JobHandler {
  const { db, store } = deps;
  return async (job, ctx) => {
    const tools = deps.tools;
    if (!tools) throw new Error('ffmpeg was not found: install it (apt-get install ffmpeg) or the npm package @ffmpeg-installer/ffmpeg.');
    const videoId = job.videoId;
    if (videoId === null) throw new Error('A preview job must name its video.');
    const [video] = await db.select({ videoPath: videos.videoPath, mediaInfo: videos.mediaInfo, previewPath: videos.previewPath }).from(videos).where(eq(videos.id, videoId));
    const info = video?.mediaInfo as StoredMediaInfo | null | undefined;
    if (!video?.videoPath || !info) return; // no media (any more): nothing to preview
    const target = previewPrefix(videoId, info.rev);
    if (video.previewPath === target) return;
    const saver = info.renditions.find((r) => r.dataSaver) ?? info.renditions[0];
    if (!saver) throw new Error('The video has no rendition to cut a preview from.');

    const work = path.join(deps.scratchDir, `preview-${job.id}-${job.attempts}`);
    try {
      await fs.rm(work, { recursive: true, force: true });
      await fs.mkdir(work, { recursive: true });
      const rungKey = `private/${video.videoPath}/${saver.name}`;
      const playlist = (await store.read(`${rungKey}/index.m3u8`))?.toString('utf8');
      if (playlist === undefined) throw new Error(`The data-saver rung's playlist is missing (${rungKey}/index.m3u8).`);
      // Only what the preview needs comes to this machine: the init file and the first minute's segments.
      const { init, segments } = readMediaPlaylist(playlist);
      const wanted = new Set([init, ...segmentsForPreview(segments).map((s) => s.uri)].filter((u): u is string => !!u).map((u) => path.posix.basename(u)));
      const local = new Map<string, string>();
      for (const name of wanted) local.set(name, await store.localCopy(`${rungKey}/${name}`, path.join(work, 'rung')));
      const fileOf = async (uri: string) => local.get(path.posix.basename(uri)) ?? Promise.reject(new Error(`No local copy of ${uri}.`));
      const out = path.join(work, 'preview');
      await makePreview(tools, playlist, fileOf, out, ctx.signal);
      await store.putFolder(target, out);
      const updated = await db
        .update(videos)
        .set({ previewPath: target })
        .where(and(eq(videos.id, videoId), eq(videos.videoPath, video.videoPath)))
        .returning({ id: videos.id });
      if (!updated.length) {
        // Re-transcoded meanwhile: its own job made the new preview.
        await store.removePrefix(target);
        return;
      }
      deps.onCatalogChange();
      await removeOtherRevisions(store, `previews/${videoId}`, info.rev);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  };
}

/**
 * Queues a `make-preview` job for every video with media and no preview that has no transcode or
 * preview job waiting: run at start, so a store upgraded to previews gets them all. Two processes
 * starting at once may queue one twice; the second run finds it made and stops.
 */
export async function queuePreviewBackfill(db: Database): Promise<number> {
  const result = (await db.execute(sql`
    INSERT INTO media_jobs (kind, video_id, max_attempts)
    SELECT 'make-preview', v.id, 3 FROM videos v
    WHERE v.video_path IS NOT NULL AND v.media_info IS NOT NULL AND v.preview_path IS NULL
      AND NOT EXISTS (SELECT 1 FROM media_jobs j WHERE j.video_id = v.id AND j.kind IN ('transcode', 'make-preview') AND j.state IN ('queued', 'running'))
    RETURNING id`)) as unknown as { rows: unknown[] };
  if (result.rows.length) await db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, 'make-preview')`);
  return result.rows.length;
}
