import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateMediaTools, probe, runTool, type MediaTools } from './ffmpeg.ts';
import { LADDER, transcode } from './renditions.ts';

const tools = locateMediaTools({}) as MediaTools;

/** A small test picture with a tone, `seconds` long at `fps`, in the container the name says. */
async function clip(file: string, seconds: number, fps: number) {
  const mp4 = file.endsWith('.mp4') ? ['-movflags', '+faststart'] : [];
  await runTool(tools.ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=320x240:rate=${fps}:duration=${seconds}`, '-f', 'lavfi', '-i', `sine=duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', ...mp4, file],
  ]);
}

/** The file with the second half of its bytes gone (and a few more, so no packet ends there), as a broken upload or copy leaves it. */
async function cutInHalf(file: string, to: string) {
  const bytes = await fs.readFile(file);
  await fs.writeFile(to, bytes.subarray(0, Math.floor(bytes.length / 2) + 101));
}

describe('what the transcoder checks in a source', () => {
  let dir: string;
  beforeAll(async () => {
    expect(tools, 'ffmpeg and ffprobe must be installed (see .ci/run)').not.toBeNull();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-checks-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  const run = (source: string, name: string) => transcode(tools, source, path.join(dir, name, 'video'), path.join(dir, name, 'thumbs'), { maxHeight: 720 });

  it('brings a 60 fps upload down to the ladder\'s frame rate in every rung and the download', async () => {
    const source = path.join(dir, 'sixty.mp4');
    await clip(source, 3, 60);
    expect((await probe(tools, source)).fps).toBe(60);
    const info = await run(source, 'sixty');
    expect(info.endsEarly).toBeNull();
    expect(info.duration).toBeCloseTo(3, 0);
    const outputs = [...info.renditions.map((r) => path.join(dir, 'sixty', 'video', r.name, 'index.m3u8')), path.join(dir, 'sixty', 'video', 'download.mp4')];
    for (const file of outputs) {
      const out = await probe(tools, file);
      expect(out.fps, file).toBeLessThanOrEqual(LADDER[0].maxFps);
      expect(out.fps, file).toBeGreaterThan(29);
    }
  });

  it('keeps a 25 fps source at 25 (no frames made up)', async () => {
    const source = path.join(dir, 'pal.mp4');
    await clip(source, 2, 25);
    const info = await run(source, 'pal');
    expect((await probe(tools, path.join(dir, 'pal', 'video', 'download.mp4'))).fps).toBe(25);
    expect(info.endsEarly).toBeNull();
  });

  it('flags an MP4 cut short: it plays what decodes, and says how much of what it declares', async () => {
    const whole = path.join(dir, 'whole.mp4');
    await clip(whole, 8, 25);
    const cut = path.join(dir, 'cut.mp4');
    await cutInHalf(whole, cut);
    // The container still declares all 8 seconds: ffprobe alone takes the file for whole.
    expect((await probe(tools, cut)).duration).toBeCloseTo(8, 0);
    const info = await run(cut, 'cut-mp4');
    expect(info.endsEarly).toMatchObject({ reason: 'shorter_than_declared', declaredSeconds: expect.closeTo(8, 0) });
    expect(info.endsEarly!.playableSeconds).toBeGreaterThan(2);
    expect(info.endsEarly!.playableSeconds).toBeLessThan(6);
    expect(info.duration).toBe(info.endsEarly!.playableSeconds);
  });

  it('flags an MPEG-TS file that stops in the middle of a packet, and not a whole one', async () => {
    const whole = path.join(dir, 'whole.ts');
    await clip(whole, 6, 25);
    expect((await run(whole, 'whole-ts')).endsEarly).toBeNull();
    const cut = path.join(dir, 'cut.ts');
    await cutInHalf(whole, cut);
    const info = await run(cut, 'cut-ts');
    expect(info.endsEarly).toMatchObject({ reason: 'cut_mid_packet', declaredSeconds: null });
    expect(info.endsEarly!.playableSeconds).toBeLessThan(5);
  });
});
