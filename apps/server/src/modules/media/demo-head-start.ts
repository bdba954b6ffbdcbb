import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { generateDemoClip, type DemoClip } from './demo-clip.ts';
import type { MediaTools } from './ffmpeg.ts';
import { previewFromRungs } from './preview.ts';
import { transcode, type MediaInfo } from './renditions.ts';

/** A demo clip drawn and transcoded ahead of its job, in a scratch folder the job takes over. */
export interface MadeDemoClip {
  dir: string;
  source: string;
  video: string;
  thumbs: string;
  /** The public first minute (preview.ts). */
  preview: string;
  info: MediaInfo;
}

export interface DemoHeadStart {
  /** The clip's renditions if they were made (or are being made) ahead; null if not, or already taken. */
  take(clip: DemoClip): Promise<MadeDemoClip | null>;
  /** Stops ffmpeg and removes what was not taken. */
  stop(): Promise<void>;
}

const keyOf = (c: DemoClip) => createHash('sha256').update(JSON.stringify([c.title, c.subtitle, c.seconds, c.height, c.colour, c.tone])).digest('hex').slice(0, 16);

/**
 * Makes the demo's shared clips while a first start is still creating its database and seeding
 * (decision 0033): PGlite's initdb and the seeding keep one core busy, ffmpeg the other, so the jobs
 * the seed queues find their renditions made and only put them in place. At normal priority: niced,
 * it was starved on a busy machine and the store waited longer for it after answering. Started only on a first
 * start; a job that finds nothing here (a retry, another process) makes its clip itself.
 */
export function startDemoHeadStart(tools: MediaTools, scratchDir: string, clips: readonly DemoClip[], maxHeight: number): DemoHeadStart {
  const stopping = new AbortController();
  const made = new Map<string, Promise<MadeDemoClip | null>>();
  const dirs: string[] = [];
  for (const clip of clips) {
    const dir = path.join(scratchDir, `demo-${keyOf(clip)}`);
    dirs.push(dir);
    const making = (async () => {
      await fs.rm(dir, { recursive: true, force: true });
      const source = path.join(dir, 'source.mp4');
      await generateDemoClip(tools, clip, source, stopping.signal);
      const [video, thumbs] = [path.join(dir, 'video'), path.join(dir, 'thumbs')];
      const info = await transcode(tools, source, video, thumbs, { maxHeight, signal: stopping.signal });
      const preview = path.join(dir, 'preview');
      await previewFromRungs(tools, info, video, preview, stopping.signal);
      return { dir, source, video, thumbs, preview, info };
    })().catch(() => null);
    made.set(keyOf(clip), making);
  }
  return {
    async take(clip) {
      const making = made.get(keyOf(clip));
      made.delete(keyOf(clip));
      return making ? await making : null;
    },
    async stop() {
      stopping.abort();
      const left = [...made.values()];
      made.clear();
      await Promise.all(left);
      await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
    },
  };
}
