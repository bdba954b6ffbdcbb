import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaJobs, videos } from '../../db/schema.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { startJobRunner } from '../../jobs/runner.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db.ts';
import { generateDemoClip } from './demo-clip.ts';
import { locateMediaTools, probe, runTool, type MediaTools } from './ffmpeg.ts';
import { createTranscodeHandler, type StoredMediaInfo } from './pipeline.ts';
import { createLocalStore } from './storage/local-store.ts';
import type { MediaStore } from './storage/media-store.ts';
import { createS3Store } from './storage/s3-store.ts';
import { testS3 } from '../../../test/helpers/s3.ts';
import { rungsFor } from './renditions.ts';

const tools = locateMediaTools({}) as MediaTools;
const s3 = testS3();
const drivers = [{ name: 'local disk', s3: undefined }, ...(s3 ? [{ name: 'S3 (TEST_S3_URL)', s3 }] : [])];

/** Copies what a store holds under prefix into dir, to look at it with ffprobe. */
async function mirror(store: MediaStore, prefix: string, dir: string) {
  await fs.mkdir(dir, { recursive: true });
  for (const name of await store.children(prefix)) {
    const key = `${prefix}/${name}`;
    if (await store.exists(key)) await fs.writeFile(path.join(dir, name), (await store.read(key))!);
    else await mirror(store, key, path.join(dir, name));
  }
}

describe.each(drivers)('the media pipeline on a real generated clip, media on $name', (driver) => {
  let database: TestDatabase;
  let mediaDir: string;
  let scratchDir: string;
  let store: MediaStore;
  let thumbsDir: string;
  let videoId: number;
  /** A demo video given the same clip's renditions (decision 0033). */
  let sharedId: number;
  let info: StoredMediaInfo;
  let videoPath: string;

  beforeAll(async () => {
    expect(tools, 'ffmpeg and ffprobe must be installed (see .ci/run)').not.toBeNull();
    database = await createTestDatabase('pglite');
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-media-'));
    scratchDir = path.join(mediaDir, 'tmp');
    store = driver.s3 ? createS3Store(driver.s3) : createLocalStore(mediaDir);
    const fixture = await insertFixtureCatalogue(database.db);
    videoId = fixture.videos[0]!.id;
    sharedId = fixture.videos[1]!.id;
    await database.db.update(videos).set({ videoPath: null }).where(eq(videos.id, sharedId));
    await database.db.update(videos).set({ posterKey: null }).where(eq(videos.id, videoId));

    const queue = createJobQueue(database.db);
    const job = await queue.enqueue({
      videoId,
      sourcePath: `${videoId}/demo.mp4`,
      payload: { demo: { title: 'Demon Slayer', subtitle: 'anime', seconds: 9, height: 720, colour: '1a237e', tone: 440 }, sharedWith: [sharedId] },
    });
    const progress: number[] = [];
    const log = pino({ level: 'silent' });
    const handle = createTranscodeHandler({ db: database.db, store, scratchDir, tools, maxHeight: 720, log, onCatalogChange: () => undefined });
    const runner = startJobRunner({
      queue,
      workers: 1,
      log,
      pollMs: 50,
      handle: (j, ctx) => handle(j, { ...ctx, progress: (f) => (progress.push(f), ctx.progress(f)) }),
    });
    for (let i = 0; i < 600; i++) {
      const [row] = await database.db.select().from(mediaJobs).where(eq(mediaJobs.id, job.id));
      if (row!.state === 'done' || row!.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await runner.stop();
    const [row] = await database.db.select().from(mediaJobs).where(eq(mediaJobs.id, job.id));
    expect(row, row?.error ?? '').toMatchObject({ state: 'done', progress: 100 });
    expect(progress.at(-1)).toBeGreaterThan(0.9);
    const [video] = await database.db.select().from(videos).where(eq(videos.id, videoId));
    info = video!.mediaInfo as StoredMediaInfo;
    videoPath = path.join(mediaDir, 'private', video!.videoPath!);
    thumbsDir = path.join(mediaDir, 'thumbs', String(videoId), info.rev);
    if (driver.s3) {
      await mirror(store, `private/${video!.videoPath!}`, videoPath);
      await mirror(store, `thumbs/${videoId}/${info.rev}`, thumbsDir);
    }
    expect(video!.posterKey, 'a video without a poster gets a frame of itself').toMatch(/^[0-9a-f]{24}$/);
    expect(await store.exists(`posters/${video!.posterKey}-480.webp`)).toBe(true);
  }, 120_000);
  afterAll(async () => {
    if (driver.s3) for (const p of ['private', 'thumbs', 'posters', 'previews']) await store.removePrefix(p);
    await database?.destroy();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  it('makes every rung up to the source, each a playable H.264 and AAC stream of the full length', async () => {
    expect(info.renditions.map((r) => `${r.width}x${r.height}`)).toEqual(['426x240', '640x360', '854x480', '1280x720']);
    for (const r of info.renditions) {
      // ffprobe through the playlist: the segments and their init file join into the whole video.
      const played = await probe(tools, path.join(videoPath, r.name, 'index.m3u8'));
      expect(played.height).toBe(r.height);
      expect(played.hasAudio).toBe(true);
      expect(played.duration).toBeGreaterThan(8.5);
      expect(played.duration).toBeLessThan(9.5);
    }
    // Decoding every frame of the data-saver rung finds no error.
    await runTool(tools.ffmpeg, ['-v', 'error', '-xerror', '-i', path.join(videoPath, '240p', 'index.m3u8'), '-f', 'null', '-']);
  });

  it('keeps the data-saver rung under 65 MB per hour, the size of the lowest HLS rung Apple recommends', () => {
    const saver = info.renditions.find((r) => r.dataSaver)!;
    expect(saver.height).toBeLessThanOrEqual(240);
    expect((saver.bandwidth / 8) * 3600).toBeLessThan(65 * 1e6);
  });

  it('writes a fast-start MP4 for download, and seek thumbnails with their WebVTT', async () => {
    const mp4 = path.join(videoPath, 'download.mp4');
    const played = await probe(tools, mp4);
    expect(played).toMatchObject({ height: 720, hasAudio: true });
    expect((await fs.stat(mp4)).size).toBe(info.downloadSize);
    const head = (await fs.readFile(mp4)).subarray(0, 4096).toString('latin1');
    expect(head.indexOf('moov'), 'moov before mdat, so playback starts before the download ends').toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
    const thumbs = thumbsDir;
    const vtt = await fs.readFile(path.join(thumbs, 'thumbnails.vtt'), 'utf8');
    expect(vtt).toMatch(/^WEBVTT\n\n00:00:00\.000 --> 00:00:05\.000\nthumb-001\.webp/);
    expect((await fs.readdir(thumbs)).filter((n) => n.endsWith('.webp'))).toHaveLength(info.thumbnails.count);
  });

  it('cuts the public preview from the data-saver rung: the whole of a clip shorter than a minute', async () => {
    const [video] = await database.db.select({ previewPath: videos.previewPath }).from(videos).where(eq(videos.id, videoId));
    expect(video!.previewPath).toBe(`previews/${videoId}/${info.rev}`);
    const dir = path.join(mediaDir, 'previews', String(videoId), info.rev);
    if (driver.s3) await mirror(store, video!.previewPath!, dir);
    const played = await probe(tools, path.join(dir, 'index.m3u8'));
    expect(played.height).toBe(240);
    expect(played.duration).toBeGreaterThan(8.5);
    expect(played.duration).toBeLessThan(9.5);
    expect(await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8')).not.toMatch(/private|\.\./);
  });

  it('gives a video that shares the clip a preview of its own, under its own folder', async () => {
    const [shared] = await database.db.select({ previewPath: videos.previewPath, videoPath: videos.videoPath }).from(videos).where(eq(videos.id, sharedId));
    expect(shared).toEqual({ videoPath: `videos/${sharedId}/${info.rev}`, previewPath: `previews/${sharedId}/${info.rev}` });
    expect(await store.exists(`previews/${sharedId}/${info.rev}/index.m3u8`)).toBe(true);
    expect(await store.exists(`previews/${sharedId}/${info.rev}/init.mp4`)).toBe(true);
  });

  it('removes the source once everything is made, and leaves no scratch file and no other revision', async () => {
    expect(await store.exists(`sources/${videoId}/demo.mp4`)).toBe(false);
    expect(await store.children(`private/videos/${videoId}`)).toEqual([info.rev]);
    expect(await fs.readdir(scratchDir)).toEqual([]);
    // In a bucket, nothing but the scratch folder was ever written on this machine.
    if (driver.s3) expect((await fs.readdir(mediaDir)).sort()).toEqual(['previews', 'private', 'thumbs', 'tmp']);
  });

  it('never upscales, and gives even a tiny source a data-saver rung', () => {
    expect(rungsFor(1080, 720).map((r) => r.height)).toEqual([240, 360, 480, 720]);
    expect(rungsFor(480, 720).map((r) => r.height)).toEqual([240, 360, 480]);
    expect(rungsFor(144, 720)).toEqual([{ rung: expect.objectContaining({ dataSaver: true }), height: 144 }]);
  });

  it('fails a source that is not a video with a reason a person can read', async () => {
    const bogus = path.join(mediaDir, 'not-a-video.mp4');
    await fs.writeFile(bogus, 'this is text');
    await expect(probe(tools, bogus)).rejects.toThrow(/ffprobe failed|no video/);
    await expect(generateDemoClip(tools, { title: 't', subtitle: 's', seconds: 1, height: 480, colour: '000000', tone: 300 }, path.join(mediaDir, 'ok', 'clip.mp4'))).resolves.toBeUndefined();
  });
});
