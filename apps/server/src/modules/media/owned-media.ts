import { and, desc, eq } from 'drizzle-orm';
import type { MediaState, OwnedMedia } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { mediaJobs, videoFiles, videos, watchProgress } from '../../db/schema.ts';
import { mediaRight } from './access.ts';
import type { StoredMediaInfo } from './pipeline.ts';
import { DOWNLOAD_FILE, MASTER_PLAYLIST, THUMBNAILS_FILE } from './renditions.ts';
import { signMediaPath } from './signing.ts';

export const PRIVATE_PREFIX = '/media/private/';

/** A file name a phone can save: without the characters file systems refuse. */
export function safeFileName(name: string, fallback = 'video'): string {
  const clean = name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 160);
  return clean || fallback;
}

export const downloadName = (title: string, season: string | null, ext: string) => `${safeFileName(`${title}${season ? ` - ${season}` : ''}`)}${ext}`;

export function createOwnedMedia(deps: { db: Database; secret: string; ttlSeconds: number }) {
  const { db } = deps;
  const grantFor = (userId: number) => ({ userId, expires: Math.floor(Date.now() / 1000) + deps.ttlSeconds });

  async function state(videoId: number, videoPath: string | null): Promise<{ state: MediaState; progress: number }> {
    if (videoPath) return { state: 'ready', progress: 100 };
    const [job] = await db.select({ state: mediaJobs.state, progress: mediaJobs.progress }).from(mediaJobs).where(eq(mediaJobs.videoId, videoId)).orderBy(desc(mediaJobs.id)).limit(1);
    if (!job) return { state: 'none', progress: 0 };
    const byJob = { queued: 'queued', running: 'processing', failed: 'failed', done: 'ready' } as const;
    return { state: byJob[job.state], progress: job.progress };
  }

  return {
    /**
     * The signed addresses of a video and its extra files for this user, or null when canAccess
     * says no: the only place media addresses are made.
     */
    async forUser(userId: number, videoId: number): Promise<{ media: OwnedMedia; video: string | null; files: Map<number, string>; rented: boolean; pass: { id: number; ends_at: string } | null } | null> {
      const right = await mediaRight(db, userId, videoId);
      if (!right) return null;
      const [video] = await db.select({ title: videos.title, season: videos.season, videoPath: videos.videoPath, mediaInfo: videos.mediaInfo }).from(videos).where(eq(videos.id, videoId));
      if (!video) return null;
      const grant = grantFor(userId);
      // A rental's addresses are never valid past its end (CONTRACT §11).
      if (!right.owner) grant.expires = Math.min(grant.expires, Math.floor(right.until.getTime() / 1000));
      const rented = !right.owner;
      const sign = (p: string, name?: string) => signMediaPath(deps.secret, `${PRIVATE_PREFIX}${p}`, { ...grant, downloadName: name });
      const info = video.videoPath ? (video.mediaInfo as StoredMediaInfo | null) : null;
      const [progress] = await db.select({ at: watchProgress.positionSeconds }).from(watchProgress).where(and(eq(watchProgress.userId, userId), eq(watchProgress.videoId, videoId)));
      const name = downloadName(video.title, video.season, '.mp4');
      const media: OwnedMedia = {
        ...(await state(videoId, video.videoPath)),
        stream: info ? sign(`${video.videoPath}/${MASTER_PLAYLIST}`) : null,
        // A rental streams (and may be saved offline by the player) but never gets the download file.
        download: info && !rented ? sign(`${video.videoPath}/${DOWNLOAD_FILE}`, name) : null,
        download_name: info && !rented ? name : null,
        download_size: info?.downloadSize ?? null,
        duration: info?.duration ?? null,
        thumbnails: info ? `/media/thumbs/${videoId}/${info.rev}/${THUMBNAILS_FILE}` : null,
        renditions: (info?.renditions ?? []).map((r) => ({ name: r.name, height: r.height, bandwidth: r.bandwidth, data_saver: r.dataSaver })),
        resume_at: progress?.at ?? 0,
      };
      const files = new Map<number, string>();
      for (const f of await db.select().from(videoFiles).where(eq(videoFiles.videoId, videoId))) files.set(f.id, sign(f.path, safeFileName(f.name, 'file')));
      // The seed's `video` field: the MP4 itself, playable inline by any browser.
      // Watched under a pass (CONTRACT §14): the page says "Included in your pass" instead of Buy and Rent.
      const pass = !right.owner && right.pass ? { id: right.pass.id, ends_at: right.pass.endsAt.toISOString() } : null;
      return { media, video: info && !rented ? sign(`${video.videoPath}/${DOWNLOAD_FILE}`) : null, files, rented, pass };
    },
  };
}
export type OwnedMediaService = ReturnType<typeof createOwnedMedia>;
