// The data-saver rung's real size per hour of video, from the files the pipeline writes: run by
// bench/media/run.mjs. Two minute-long sources: a demo clip (mostly still) and ffmpeg's busy test
// pattern with noise (hard to compress: near the worst a film throws at the encoder).
import fs from 'node:fs/promises';
import path from 'node:path';
import { generateDemoClip } from '../../apps/server/src/modules/media/demo-clip.ts';
import { locateMediaTools, runTool } from '../../apps/server/src/modules/media/ffmpeg.ts';
import { transcode } from '../../apps/server/src/modules/media/renditions.ts';

const dir = process.argv[2]!;
const tools = locateMediaTools({});
if (!tools) throw new Error('ffmpeg is not installed');

async function folderBytes(folder: string) {
  let total = 0;
  for (const name of await fs.readdir(folder)) total += (await fs.stat(path.join(folder, name))).size;
  return total;
}

const demo = path.join(dir, 'demo.mp4');
await generateDemoClip(tools, { title: 'Data saver', subtitle: 'bench', seconds: 60, height: 720, colour: '1a237e', tone: 440 }, demo);
const busy = path.join(dir, 'busy.mp4');
await runTool(tools.ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24:duration=60,noise=alls=20:allf=t', '-f', 'lavfi', '-i', 'anoisesrc=d=60:c=pink', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-c:a', 'aac', '-shortest', busy]);

console.log('\nData-saver rung (240p) size per hour of video, from the files written');
for (const [name, source] of [['demo clip (mostly still)', demo], ['busy test pattern with noise', busy]] as const) {
  const out = path.join(dir, `out-${path.basename(source, '.mp4')}`);
  const info = await transcode(tools, source, out, path.join(out, 'thumbs'), { maxHeight: 720 });
  const bytes = await folderBytes(path.join(out, '240p'));
  const perHour = (bytes / info.duration) * 3600;
  console.log(`  ${name.padEnd(30)} ${(perHour / 1e6).toFixed(1)} MB/h (target <= 100): ${perHour <= 100e6 ? 'met' : 'MISSED'}; rungs ${info.renditions.map((r) => r.name).join(', ')}`);
}
