import type { Database } from '../db/client.ts';
import { mediaJobs, videoFiles } from '../db/schema.ts';
import { type DemoClip, asMediaStore, type MediaStore } from '../modules/media/index.ts';

interface DemoVideo {
  id: number;
  title: string;
  season: string | null;
  cartegory: string;
  type: string;
  dateUploaded: Date;
}

/**
 * The demo's clips (decision 0033): two drawn and transcoded once, their renditions copied to every
 * demo video, so a fresh store is for sale within seconds instead of after 62 transcodes. One is 720p,
 * so a few videos show the whole ladder; the rest stop at 480p.
 */
export const SHARED_DEMO_CLIPS: readonly DemoClip[] = [
  { title: 'Video Store Kenya', subtitle: 'Demo clip · 720p', seconds: 8, height: 720, colour: '1a237e', tone: 440 },
  { title: 'Video Store Kenya', subtitle: 'Demo clip', seconds: 8, height: 480, colour: '004d40', tone: 330 },
];
/** Which shared clip the video at this rank (newest first) plays: every eighth the 720p one. */
const clipOfRank = (rank: number) => (rank % 8 === 0 ? 0 : 1);

function subtitles(title: string): string {
  return `WEBVTT\n\n00:00:00.500 --> 00:00:03.500\n${title}\n\n00:00:04.000 --> 00:00:07.500\nA demo clip from the Video Store Kenya\n`;
}

/**
 * Gives the `clips` newest demo videos (and those in `alsoPlayable`: the demo customer's library)
 * something to play: one transcoding job per shared clip, run for the newest video that plays it and
 * copied to the others (`sharedWith`), so each is for sale only once its own copy of the renditions
 * exists; and English subtitles, naming the video, as an additional file. Runs inside the seeding
 * transaction; the clips are made in the background after start.
 */
export async function addDemoMedia(tx: Database, mediaDir: MediaStore | string, rows: DemoVideo[], clips: number, alsoPlayable: number[] = []): Promise<void> {
  const newestFirst = [...rows].sort((a, b) => b.dateUploaded.getTime() - a.dateUploaded.getTime()).filter((v, rank) => rank < clips || alsoPlayable.includes(v.id));
  const jobs = SHARED_DEMO_CLIPS.map((demo, clip) => {
    const ranks = newestFirst.map((_, rank) => rank).filter((rank) => clipOfRank(rank) === clip);
    const [owner, ...others] = ranks.map((rank) => newestFirst[rank]!);
    if (!owner) return null;
    const payload = { demo, sharedWith: others.map((v) => v.id) };
    return { videoId: owner.id, kind: 'transcode' as const, sourcePath: `${owner.id}/demo.mp4`, payload, priority: rows.length - ranks[0]! };
  }).filter((j) => j !== null);
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
