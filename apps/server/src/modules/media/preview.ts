import fs from 'node:fs/promises';
import path from 'node:path';
import { runTool, type MediaTools } from './ffmpeg.ts';
import { hlsArgs, type MediaInfo } from './renditions.ts';

/** How much of a video anyone may watch before paying (CONTRACT §11 "Try before you buy"). */
export const PREVIEW_SECONDS = 60;
export const PREVIEW_PLAYLIST = 'index.m3u8';

/** Where a video's preview lives in the store: public, under the revision it was cut from. */
export const previewPrefix = (videoId: number, rev: string) => `previews/${videoId}/${rev}`;
/** The public address of a preview's playlist, from the videos.preview_path it is kept in. */
export const previewAddress = (previewPath: string) => `/media/${previewPath}/${PREVIEW_PLAYLIST}`;

export interface PlaylistSegment {
  uri: string;
  start: number;
  duration: number;
}

/** A media playlist's init file and its segments with where each starts, in seconds. */
export function readMediaPlaylist(body: string): { init: string | null; segments: PlaylistSegment[] } {
  let init: string | null = null;
  const segments: PlaylistSegment[] = [];
  let duration: number | null = null;
  let at = 0;
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) init = /URI="([^"]+)"/.exec(line)?.[1] ?? null;
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#')) {
      const d = duration !== null && Number.isFinite(duration) ? duration : 0;
      segments.push({ uri: line, start: at, duration: d });
      at += d;
      duration = null;
    }
  }
  return { init, segments };
}

/** The segments a preview is cut from: every one that starts inside the first minute. */
export const segmentsForPreview = (segments: PlaylistSegment[]) => segments.filter((s) => s.start < PREVIEW_SECONDS - 0.001);

export interface PreviewMade {
  /** Seconds the preview plays. */
  seconds: number;
  /** Bytes of its files (what watching it costs). */
  size: number;
}

/**
 * Makes the preview in outDir (which must be new) from the data-saver rung: its init file and the
 * segments that start in the first minute are joined into one fragmented MP4 (valid as it is), and
 * ffmpeg copies that, without re-encoding, into a new HLS rendition that stops at 60 s. Segments
 * are cut on the rung's keyframes, so the rendition's last segment ends at the minute instead of
 * the rung's (which may run a few frames past it, at 29.97 fps), and its files are its own: nothing
 * in it names or reaches the private rung. `fileOf` gives a local file for a name in the rung's
 * playlist (the rung's folder on disk, or a copy from a bucket).
 */
export async function makePreview(tools: MediaTools, playlist: string, fileOf: (uri: string) => Promise<string>, outDir: string, signal?: AbortSignal): Promise<PreviewMade> {
  const { init, segments } = readMediaPlaylist(playlist);
  const picked = segmentsForPreview(segments);
  if (!init || picked.length === 0) throw new Error('The data-saver rung has no segments to cut a preview from.');
  await fs.mkdir(outDir, { recursive: true });
  const joined = path.join(path.dirname(outDir), `${path.basename(outDir)}-joined.mp4`);
  try {
    const handle = await fs.open(joined, 'w');
    try {
      for (const uri of [init, ...picked.map((s) => s.uri)]) await handle.write(await fs.readFile(await fileOf(uri)));
    } finally {
      await handle.close();
    }
    await runTool(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', joined, '-t', String(PREVIEW_SECONDS), '-map', '0', '-c', 'copy', ...hlsArgs(outDir)], { signal });
  } finally {
    await fs.rm(joined, { force: true });
  }
  const made = readMediaPlaylist(await fs.readFile(path.join(outDir, PREVIEW_PLAYLIST), 'utf8')).segments;
  const seconds = made.reduce((sum, s) => sum + s.duration, 0);
  if (seconds > PREVIEW_SECONDS + 0.05) throw new Error(`The preview came out ${seconds.toFixed(2)} s long, past the minute.`);
  let size = 0;
  for (const name of await fs.readdir(outDir)) size += (await fs.stat(path.join(outDir, name))).size;
  return { seconds: Math.round(seconds * 1000) / 1000, size };
}

/** makePreview from a transcode's output folder (videoDir holds a folder per rung). */
export async function previewFromRungs(tools: MediaTools, info: MediaInfo, videoDir: string, outDir: string, signal?: AbortSignal): Promise<PreviewMade> {
  const saver = info.renditions.find((r) => r.dataSaver) ?? info.renditions[0];
  if (!saver) throw new Error('The video has no rendition to cut a preview from.');
  const rungDir = path.join(videoDir, saver.name);
  return makePreview(tools, await fs.readFile(path.join(rungDir, PREVIEW_PLAYLIST), 'utf8'), async (uri) => path.join(rungDir, path.basename(uri)), outDir, signal);
}
