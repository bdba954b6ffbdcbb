import type { Database } from '../db/client.ts';
import { mediaJobs, videoFiles } from '../db/schema.ts';
import type { DemoClip } from '../modules/media/demo-clip.ts';
import { asMediaStore } from '../modules/media/storage/local-store.ts';
import type { MediaStore } from '../modules/media/storage/media-store.ts';

interface DemoVideo {
  id: number;
  title: string;
  season: string | null;
  cartegory: string;
  type: string;
  dateUploaded: Date;
}

const COLOURS: Record<string, string> = { dj_zamu: '1a237e', dj_kibe: '4a148c', dj_nyota: '004d40', dj_shaffie: 'b71c1c' };

function subtitles(title: string): string {
  return `WEBVTT\n\n00:00:00.500 --> 00:00:03.500\n${title}\n\n00:00:04.000 --> 00:00:07.500\nA demo clip from the Video Store Kenya\n`;
}

/**
 * Gives the demo videos something to play: a transcoding job per video that first draws a short
 * clip (the newest first, as the home page shows them), and English subtitles as an additional
 * file. Runs inside the seeding transaction; the clips are made in the background after start.
 */
export async function addDemoMedia(tx: Database, mediaDir: MediaStore | string, rows: DemoVideo[], clips: number): Promise<void> {
  const newestFirst = [...rows].sort((a, b) => b.dateUploaded.getTime() - a.dateUploaded.getTime());
  const jobs = newestFirst.slice(0, Math.min(clips, rows.length)).map((v, rank) => {
    const demo: DemoClip = {
      title: v.title,
      subtitle: v.season ?? v.cartegory,
      seconds: 8,
      // A few 720p sources show the whole ladder; the rest stop at 480p so all finish quickly.
      height: rank % 8 === 0 ? 720 : 480,
      colour: COLOURS[v.type] ?? '263238',
      tone: 220 + ((v.id * 37) % 600),
    };
    return { videoId: v.id, kind: 'transcode' as const, sourcePath: `${v.id}/demo.mp4`, payload: { demo }, priority: rows.length - rank };
  });
  if (jobs.length) await tx.insert(mediaJobs).values(jobs);

  const store = asMediaStore(mediaDir);
  const files = [];
  for (const v of rows) {
    const relative = `extras/${v.id}/english-subtitles.vtt`;
    const body = subtitles(`${v.title}${v.season ? ` (${v.season})` : ''}`);
    await store.put(`private/${relative}`, body);
    files.push({ videoId: v.id, name: `${v.title} - English subtitles.vtt`, path: relative, size: Buffer.byteLength(body) });
  }
  await tx.insert(videoFiles).values(files);
}
