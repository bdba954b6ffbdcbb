// The data-saver rung's real size per hour of video and its SSIM, old settings against new, from the
// same two minute-long sources in the same run: run by bench/media/run.mjs. A demo clip (mostly
// still) and ffmpeg's busy test pattern with noise (hard to compress: near the worst a film throws at
// the encoder). NEW is the pipeline itself (transcode(), every rung in one pass, the 240p files it
// wrote); OLD is the rung as it was before decision 0025, encoded alone with the same HLS muxing.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { generateDemoClip } from '../../apps/server/src/modules/media/demo-clip.ts';
import { locateMediaTools, runTool } from '../../apps/server/src/modules/media/ffmpeg.ts';
import { hlsArgs, KEYFRAME_ARGS, transcode } from '../../apps/server/src/modules/media/renditions.ts';

const dir = process.argv[2]!;
const tools = locateMediaTools({});
if (!tools) throw new Error('ffmpeg is not installed');
const { ffmpeg, ffprobe } = tools;
const run = promisify(execFile);

/** The data-saver rung before decision 0025: 240p, veryfast baseline at 150 kb/s, 48 kb/s mono AAC. */
const OLD_RUNG = [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p'],
  ...['-b:v', '150k', '-maxrate', '165k', '-bufsize', '300k', ...KEYFRAME_ARGS],
  ...['-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-ar', '44100'],
];
const HEIGHT = 240;
const TARGET_MB = 65;

async function folderBytes(folder: string) {
  let total = 0;
  for (const name of await fs.readdir(folder)) total += (await fs.stat(path.join(folder, name))).size;
  return total;
}

/**
 * SSIM (ffmpeg's ssim filter, the "All" figure, 1 is identical) of a rung's playlist against its
 * source scaled down to the rung's size with the same scaler the pipeline uses (scale=-2:240,
 * bicubic): the reference is the best 240p picture the source allows, so only the encoder's loss is
 * counted, not the loss of resolution every 240p rung shares. The rung is brought to the source's
 * frame rate (fps=, repeating frames) so a rung at a lower frame rate pays for the motion it drops.
 */
async function ssim(playlist: string, source: string, fps: string): Promise<number> {
  const filter = `[0:v]setpts=PTS-STARTPTS,fps=${fps}[rung];[1:v]scale=-2:${HEIGHT},setpts=PTS-STARTPTS[ref];[rung][ref]ssim`;
  const { stderr } = await run(ffmpeg, ['-hide_banner', '-nostats', '-i', playlist, '-i', source, '-lavfi', filter, '-f', 'null', '-'], { maxBuffer: 64 << 20 });
  const all = /SSIM .*All:([0-9.]+)/.exec(stderr);
  if (!all) throw new Error(`no SSIM from ffmpeg: ${stderr.slice(-500)}`);
  return Number(all[1]);
}

/** The source's frame rate as ffprobe gives it (24/1, 30000/1001 ...). */
async function frameRate(source: string): Promise<string> {
  const { stdout } = await run(ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=r_frame_rate', '-of', 'csv=p=0', source]);
  return stdout.trim();
}

const demo = path.join(dir, 'demo.mp4');
await generateDemoClip(tools, { title: 'Data saver', subtitle: 'bench', seconds: 60, height: 720, colour: '1a237e', tone: 440 }, demo);
const busy = path.join(dir, 'busy.mp4');
await runTool(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24:duration=60,noise=alls=20:allf=t', '-f', 'lavfi', '-i', 'anoisesrc=d=60:c=pink', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-c:a', 'aac', '-shortest', busy]);

const mbPerHour = (bytes: number, seconds: number) => (bytes / seconds / 1e6) * 3600;
const line = (label: string, mb: number, score: number, extra = '') => `    ${label} ${mb.toFixed(1).padStart(5)} MB/h  SSIM ${score.toFixed(6)}${extra}`;

console.log(`\nData-saver rung (240p) per hour of video and SSIM against the source scaled to 426x240, old and new settings on the same clips`);
let met = true;
for (const [name, source] of [['demo clip (mostly still)', demo], ['busy test pattern with noise', busy]] as const) {
  const fps = await frameRate(source);
  const out = path.join(dir, `new-${path.basename(source, '.mp4')}`);
  const info = await transcode(tools, source, out, path.join(out, 'thumbs'), { maxHeight: 720 });
  const newMb = mbPerHour(await folderBytes(path.join(out, '240p')), info.duration);
  const newSsim = await ssim(path.join(out, '240p', 'index.m3u8'), source, fps);

  const old = path.join(dir, `old-${path.basename(source, '.mp4')}`);
  await fs.mkdir(old);
  // Scaled in a filter graph as the pipeline does (the -vf path gives slightly different pixels).
  await runTool(ffmpeg, ['-v', 'error', '-y', '-i', source, '-filter_complex', `[0:v]scale=-2:${HEIGHT}[v]`, '-map', '[v]', '-map', '0:a:0', ...OLD_RUNG, ...hlsArgs(old)]);
  const oldMb = mbPerHour(await folderBytes(old), info.duration);
  const oldSsim = await ssim(path.join(old, 'index.m3u8'), source, fps);

  const ok = newMb <= TARGET_MB && newSsim >= oldSsim;
  met &&= ok;
  console.log(`  ${name} (${fps} fps; pipeline rungs ${info.renditions.map((r) => r.name).join(', ')})`);
  console.log(line('old (veryfast baseline 150k, aac 48k mono)    ', oldMb, oldSsim));
  console.log(line('new (slower main crf 12 cap 95k, aac 32k mono)', newMb, newSsim, `  (target <= ${TARGET_MB} MB/h, SSIM >= old): ${ok ? 'met' : 'MISSED'}`));
}
console.log(`  data-saver rung: ${met ? 'met' : 'MISSED'} on both clips`);
