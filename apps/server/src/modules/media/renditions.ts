import fs from 'node:fs/promises';
import path from 'node:path';
import { findEarlyEnd, type EarlyEnd } from './early-end.ts';
import { probe, runTool, type MediaTools } from './ffmpeg.ts';

/**
 * The HLS ladder. The data-saver rung is 240p, video capped at 95 kb/s (quality-targeted, see
 * encodeArgs) and 32 kb/s mono AAC-LC: at most about 61 MB per hour with container overhead, under
 * the 65 MB of Apple's lowest HLS rung (decision 0025, measured by `npm run bench:media`). Every rung
 * is at most 30 frames a second (Apple's authoring spec for these sizes): a 60 fps upload costs the
 * encoder and the customer's bundle twice the frames for what a phone shows no better.
 */
export const LADDER = [
  { name: '240p', height: 240, videoKbps: 95, audioKbps: 32, channels: 1, maxFps: 30, dataSaver: true },
  { name: '360p', height: 360, videoKbps: 450, audioKbps: 64, channels: 2, maxFps: 30, dataSaver: false },
  { name: '480p', height: 480, videoKbps: 900, audioKbps: 96, channels: 2, maxFps: 30, dataSaver: false },
  { name: '720p', height: 720, videoKbps: 1800, audioKbps: 128, channels: 2, maxFps: 30, dataSaver: false },
  { name: '1080p', height: 1080, videoKbps: 3500, audioKbps: 128, channels: 2, maxFps: 30, dataSaver: false },
] as const;
export type Rung = (typeof LADDER)[number];

export const SEGMENT_SECONDS = 4;
export const DOWNLOAD_FILE = 'download.mp4';
export const MASTER_PLAYLIST = 'master.m3u8';
export const THUMBNAILS_FILE = 'thumbnails.vtt';

export interface RenditionInfo {
  name: string;
  height: number;
  width: number;
  /** Average bits per second of the rung's files. */
  bandwidth: number;
  /** Bits per second of its largest segment, for the playlist's BANDWIDTH. */
  peak: number;
  dataSaver: boolean;
}

/** What the pipeline made, kept in videos.media_info. */
export interface MediaInfo {
  duration: number;
  width: number;
  height: number;
  renditions: RenditionInfo[];
  downloadSize: number;
  thumbnails: { count: number; intervalSeconds: number };
  /** Set when the source ends before it says it does (absent in rows made before it was checked). */
  endsEarly?: EarlyEnd | null;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The rungs a source of this height gets: never upscaled, the data-saver rung always. */
export function rungsFor(sourceHeight: number, maxHeight: number): { rung: Rung; height: number }[] {
  const top = Math.min(sourceHeight, maxHeight);
  const fitting = LADDER.filter((r) => r.height <= top).map((rung) => ({ rung, height: rung.height as number }));
  return fitting.length ? fitting : [{ rung: LADDER[0], height: even(top) }];
}

/** Keyframes on segment boundaries in every rung, so players can switch rungs anywhere. */
export const KEYFRAME_ARGS = ['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0'];

/**
 * The data-saver rung spends its few bits carefully (decision 0025): x264's slower preset and the
 * main profile (CABAC, B-frames) instead of veryfast baseline, and a capped CRF instead of a fixed
 * bit rate: CRF 12 gives a still picture what it needs (often far under the cap) and the VBV cap
 * (maxrate, 2 s buffer) bounds a busy one. The source's frame rate is kept (up to the ladder's): 15 fps
 * measured a lower SSIM. Other rungs, watched on Wi-Fi or 4G, stay fast to encode at a fixed bit rate.
 */
export function encodeArgs(rung: Rung, hasAudio: boolean): string[] {
  const v = rung.videoKbps;
  const video = rung.dataSaver
    ? ['-preset', 'slower', '-profile:v', 'main', '-crf', '12', '-maxrate', `${v}k`, '-bufsize', `${v * 2}k`]
    : ['-preset', 'veryfast', '-profile:v', 'main', '-b:v', `${v}k`, '-maxrate', `${Math.round(v * 1.1)}k`, '-bufsize', `${v * 2}k`];
  return [
    ...['-c:v', 'libx264', ...video, '-pix_fmt', 'yuv420p', ...KEYFRAME_ARGS],
    // AAC-LC: Debian's ffmpeg has no HE-AAC encoder (no libfdk_aac; the native aac is LC only).
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', String(rung.channels), '-ar', '44100'] : []),
  ];
}

export function hlsArgs(dir: string): string[] {
  return [
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4'],
    ...['-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', path.join(dir, 'seg-%04d.m4s'), path.join(dir, 'index.m3u8')],
  ];
}

async function dirStats(dir: string) {
  let total = 0;
  let peak = 0;
  for (const name of await fs.readdir(dir)) {
    const { size } = await fs.stat(path.join(dir, name));
    total += size;
    if (name.endsWith('.m4s')) peak = Math.max(peak, size);
  }
  return { total, peakSegment: peak };
}

export interface TranscodeOptions {
  maxHeight: number;
  signal?: AbortSignal | undefined;
  /** 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Makes the ladder, the download and the thumbnails of one source in outDir (which must be new):
 * one ffmpeg pass decodes the source once and encodes every rung; the top rung is encoded as the
 * MP4 download and its HLS rung is cut from that file without re-encoding.
 */
export async function transcode(tools: MediaTools, source: string, outDir: string, thumbsDir: string, opts: TranscodeOptions): Promise<MediaInfo> {
  const info = await probe(tools, source, opts.signal);
  const rungs = rungsFor(info.height, opts.maxHeight);
  const top = rungs[rungs.length - 1]!;
  const lower = rungs.slice(0, -1);
  for (const r of rungs) await fs.mkdir(path.join(outDir, r.rung.name), { recursive: true });

  const labels = rungs.map((_, i) => `[v${i}]`);
  // A source faster than a rung's frame rate is brought down to it (frames dropped evenly).
  const fps = (r: Rung) => (info.fps !== null && info.fps > r.maxFps + 0.01 ? `fps=${r.maxFps},` : '');
  const filter = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};` + rungs.map((r, i) => `[s${i}]${fps(r.rung)}scale=-2:${r.height}${labels[i]}`).join(';');
  const audioMap = info.hasAudio ? ['-map', '0:a:0'] : [];
  const args = ['-hide_banner', '-nostats', '-loglevel', 'error', '-progress', 'pipe:1', '-y', '-i', source, '-filter_complex', filter];
  lower.forEach((r, i) => args.push('-map', labels[i]!, ...audioMap, ...encodeArgs(r.rung, info.hasAudio), ...hlsArgs(path.join(outDir, r.rung.name))));
  const download = path.join(outDir, DOWNLOAD_FILE);
  args.push('-map', labels[rungs.length - 1]!, ...audioMap, ...encodeArgs(top.rung, info.hasAudio), '-movflags', '+faststart', download);
  await runTool(tools.ffmpeg, args, { signal: opts.signal, onProgress: (s) => opts.onProgress?.(Math.min(0.9, (s / info.duration) * 0.9)) });

  // What decodes is what customers get: a source cut short is flagged, and its real length kept.
  const duration = (await probe(tools, download, opts.signal)).duration;
  const endsEarly = await findEarlyEnd(source, info, duration);
  const topDir = path.join(outDir, top.rung.name);
  await runTool(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', download, '-c', 'copy', ...hlsArgs(topDir)], { signal: opts.signal });
  opts.onProgress?.(0.93);

  const renditions: RenditionInfo[] = [];
  for (const r of rungs) {
    const stats = await dirStats(path.join(outDir, r.rung.name));
    renditions.push({
      name: r.rung.name,
      height: r.height,
      width: even((info.width * r.height) / info.height),
      bandwidth: Math.round((stats.total * 8) / duration),
      peak: Math.round((stats.peakSegment * 8) / Math.min(SEGMENT_SECONDS, duration)),
      dataSaver: r.rung.dataSaver,
    });
  }
  await fs.writeFile(path.join(outDir, MASTER_PLAYLIST), masterPlaylist(renditions));
  const thumbnails = await makeThumbnails(tools, download, thumbsDir, duration, opts.signal);
  opts.onProgress?.(1);
  const { size: downloadSize } = await fs.stat(download);
  return { duration, width: info.width, height: info.height, renditions, downloadSize, thumbnails, endsEarly };
}

/** The master playlist, lowest rung first, with bandwidths measured from the files written. */
export function masterPlaylist(renditions: RenditionInfo[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${Math.max(r.peak, r.bandwidth)},AVERAGE-BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height},NAME="${r.name}"`, `${r.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/** One small frame every few seconds (at most 120), as WebP, for the player's seek preview. */
async function makeThumbnails(tools: MediaTools, source: string, dir: string, duration: number, signal?: AbortSignal) {
  const intervalSeconds = Math.max(5, Math.ceil(duration / 120));
  await fs.mkdir(dir, { recursive: true });
  await runTool(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, '-vf', `fps=1/${intervalSeconds},scale=-2:90`, '-c:v', 'png', path.join(dir, 'thumb-%03d.png')], { signal });
  const { default: sharp } = await import('sharp');
  const pngs = (await fs.readdir(dir)).filter((n) => n.endsWith('.png')).sort();
  for (const png of pngs) {
    await sharp(path.join(dir, png)).webp({ quality: 60 }).toFile(path.join(dir, png.replace('.png', '.webp')));
    await fs.rm(path.join(dir, png));
  }
  const stamp = (t: number) => new Date(Math.min(t, duration) * 1000).toISOString().slice(11, 23);
  const cues = pngs.map((png, i) => `${stamp(i * intervalSeconds)} --> ${stamp((i + 1) * intervalSeconds)}\n${png.replace('.png', '.webp')}`);
  await fs.writeFile(path.join(dir, THUMBNAILS_FILE), `WEBVTT\n\n${cues.join('\n\n')}\n`);
  return { count: pngs.length, intervalSeconds };
}

/** A frame from about a tenth of the way in, as PNG bytes, for a video uploaded without a poster. */
export async function posterFrame(tools: MediaTools, source: string, duration: number, signal?: AbortSignal): Promise<Buffer> {
  const at = Math.min(duration * 0.1, 10).toFixed(2);
  return runTool(tools.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-ss', at, '-i', source, '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'], { signal });
}
