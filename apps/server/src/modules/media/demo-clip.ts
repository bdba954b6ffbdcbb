import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { runTool, type MediaTools } from './ffmpeg.ts';

/** How a demo video's clip is drawn: kept in the job's payload, so a retry draws the same one. */
export const demoClipSchema = z.object({
  title: z.string(),
  subtitle: z.string(),
  seconds: z.number().positive().max(60),
  height: z.union([z.literal(480), z.literal(720)]),
  colour: z.string().regex(/^[0-9a-f]{6}$/),
  tone: z.number().int().min(100).max(2000),
});
export type DemoClip = z.infer<typeof demoClipSchema>;

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Draws a short clip for a demo video: its title, a running clock and a moving bar over its colour,
 * with a tone, so a player visibly and audibly advances. Written to a temporary name, then renamed.
 */
export async function generateDemoClip(tools: MediaTools, clip: DemoClip, file: string, signal?: AbortSignal): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const width = clip.height === 720 ? 1280 : 854;
  const titleFile = `${file}.title.txt`;
  await fs.writeFile(titleFile, `${clip.title}\n${clip.subtitle}`);
  const bold = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');
  const regular = path.join(FONT_DIR, 'DejaVuSans.ttf');
  const size = Math.round(clip.height / 14);
  const text = (await exists(bold))
    ? [
        `drawtext=fontfile=${bold}:textfile=${titleFile}:fontsize=${size}:fontcolor=white:line_spacing=${Math.round(size / 2)}:x=(w-text_w)/2:y=h/4`,
        `drawtext=fontfile=${regular}:text='%{pts\\:hms}':fontsize=${size}:fontcolor=white:x=(w-text_w)/2:y=h*0.6`,
      ]
    : [];
  const filters = [...text, `drawbox=x='mod(t*${width / 4},iw)':y=ih-ih/8:w=ih/10:h=ih/16:color=orange:t=fill`].join(',');
  const tmp = `${file}.partial.mp4`;
  try {
    await runTool(
      tools.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `color=c=0x${clip.colour}:s=${width}x${clip.height}:r=24:d=${clip.seconds}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=${clip.tone}:duration=${clip.seconds}:sample_rate=44100`],
        ...['-vf', filters, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '18', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', tmp],
      ],
      { signal },
    );
    await fs.rename(tmp, file);
  } finally {
    await fs.rm(tmp, { force: true });
    await fs.rm(titleFile, { force: true });
  }
}
