import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

const require = createRequire(import.meta.url);

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function shipped(pkg: string): string | undefined {
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return undefined;
  }
}

/**
 * ffmpeg and ffprobe: the configured ones, else the system's (Debian's has every codec we use),
 * else the static builds shipped in npm packages, so a fresh machine without apt still transcodes.
 */
export function locateMediaTools(configured: { ffmpegPath?: string | undefined; ffprobePath?: string | undefined }): MediaTools | null {
  const ffmpeg = configured.ffmpegPath ?? onPath('ffmpeg') ?? shipped('@ffmpeg-installer/ffmpeg');
  const ffprobe = configured.ffprobePath ?? onPath('ffprobe') ?? shipped('@ffprobe-installer/ffprobe');
  return ffmpeg && ffprobe ? { ffmpeg, ffprobe } : null;
}

export class ToolError extends Error {}

/**
 * Runs a tool to the end. stdout is returned; the tail of stderr becomes the error message, so a
 * failed job says why. With onProgress, ffmpeg's -progress lines report seconds encoded.
 */
export function runTool(bin: string, args: string[], opts: { signal?: AbortSignal | undefined; onProgress?: (seconds: number) => void } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: opts.signal });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (opts.onProgress) {
        const match = /out_time_us=(\d+)/g;
        let m: RegExpExecArray | null;
        let last: number | undefined;
        while ((m = match.exec(chunk.toString()))) last = Number(m[1]) / 1e6;
        if (last !== undefined) opts.onProgress(last);
      } else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2000);
    });
    child.on('error', (e) => reject(e.name === 'AbortError' ? e : new ToolError(`${path.basename(bin)} could not run: ${e.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve(Buffer.concat(out));
      else if (!opts.signal?.aborted) {
        const lastLines = err.trim().split('\n').slice(-3).join(' | ');
        reject(new ToolError(`${path.basename(bin)} failed (${signal ?? `exit ${code}`}): ${lastLines || 'no message'}`));
      }
    });
  });
}

export interface ProbeResult {
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
  /** The video's average frame rate, or null when ffprobe cannot tell. */
  fps: number | null;
  /** ffprobe's name for the container (`mpegts`, `mov,mp4,m4a,3gp,3g2,mj2`...). */
  format: string;
}

/** `30000/1001` as a number; null for `0/0` and anything unreadable. */
function rate(fraction: string | undefined): number | null {
  const [n, d] = (fraction ?? '').split('/').map(Number);
  return n && d && Number.isFinite(n / d) ? n / d : null;
}

/** Duration, picture size and frame rate of a media file; throws a ToolError if it holds no video. */
export async function probe(tools: MediaTools, file: string, signal?: AbortSignal): Promise<ProbeResult> {
  const out = await runTool(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { signal });
  const info = JSON.parse(out.toString()) as {
    format?: { duration?: string; format_name?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string; avg_frame_rate?: string; r_frame_rate?: string }[];
  };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) throw new ToolError('The file holds no video stream ffmpeg can read.');
  const duration = Number(info.format?.duration ?? video.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new ToolError('The video has no duration ffmpeg can read.');
  return {
    duration,
    width: video.width!,
    height: video.height!,
    hasAudio: info.streams!.some((s) => s.codec_type === 'audio'),
    fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    format: info.format?.format_name ?? '',
  };
}
