import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Video } from '@store/contract';
import { mediaJobs, videos } from '../../db/schema.ts';
import type { Job } from '../../jobs/job-queue.ts';
import { signedInStaff } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { locateMediaTools, probe, runTool, type MediaTools } from './ffmpeg.ts';
import type { StoredMediaInfo } from './pipeline.ts';
import { createPreviewHandler, queuePreviewBackfill } from './preview-backfill.ts';
import { PREVIEW_SECONDS, readMediaPlaylist } from './preview.ts';
import { hlsArgs, KEYFRAME_ARGS } from './renditions.ts';

const tools = locateMediaTools({}) as MediaTools;
const REV = 'r7-1';

/**
 * A data-saver rung as the pipeline cuts it (fMP4 HLS, a keyframe every 4 s) of a 70 s video at
 * NTSC's 29.97 frames a second, where a rung's 15th segment ends a few frames past the minute.
 */
async function seventySecondRung(dir: string) {
  await fs.mkdir(dir, { recursive: true });
  await runTool(tools.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc=s=160x120:r=30000/1001:d=70', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=70:sample_rate=44100'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...KEYFRAME_ARGS, '-c:a', 'aac', '-b:a', '32k', '-ac', '1'],
    ...hlsArgs(dir),
  ]);
}

const endOf = (body: string) => readMediaPlaylist(body).segments.reduce((sum, s) => sum + s.duration, 0);

describe.each(engines())('try before you buy: the public first minute on %s', (engine) => {
  let t: TestApp;
  let videoId: number;
  let videoPath: string;
  const db = () => t.database.db;
  const get = (url: string) => t.app.inject({ url });

  beforeAll(async () => {
    expect(tools, 'ffmpeg and ffprobe must be installed (see .ci/run)').not.toBeNull();
    t = await createTestApp(engine);
    videoId = (await insertFixtureCatalogue(db())).videos[1]!.id; // Nairobi Heist
    videoPath = `videos/${videoId}/${REV}`;
    const rungDir = path.join(t.config.dataDir, 'media', 'private', videoPath, '240p');
    await seventySecondRung(rungDir);
    const rungBytes = (await Promise.all((await fs.readdir(rungDir)).map(async (n) => (await fs.stat(path.join(rungDir, n))).size))).reduce((a, b) => a + b, 0);
    const info: StoredMediaInfo = {
      rev: REV,
      duration: 70.07,
      width: 160,
      height: 120,
      renditions: [{ name: '240p', height: 120, width: 160, bandwidth: Math.round((rungBytes * 8) / 70.07), peak: 100_000, dataSaver: true }],
      downloadSize: 1_234_567,
      thumbnails: { count: 1, intervalSeconds: 5 },
    };
    await db().update(videos).set({ videoPath, mediaInfo: info, previewPath: null }).where(eq(videos.id, videoId));
    // A store that had this video before previews existed: the backfill queues it, the job cuts it.
    expect(await queuePreviewBackfill(db())).toBeGreaterThan(0);
    const [job] = await db().select().from(mediaJobs).where(eq(mediaJobs.videoId, videoId));
    expect(job).toMatchObject({ kind: 'make-preview', state: 'queued' });
    const handle = createPreviewHandler({ db: db(), store: t.store.mediaStore, scratchDir: path.join(t.config.dataDir, 'tmp'), tools, onCatalogChange: () => t.app.catalogCache.clear() });
    await handle(job as Job, { signal: new AbortController().signal, progress: () => undefined });
  }, 120_000);
  afterAll(() => t?.close());

  const details = async () => {
    const res = await get(`/api/videoDetails/${videoId}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Video>();
  };

  it('tells a visitor the length, the download size and the data-saver size before paying', async () => {
    const video = await details();
    expect(video.duration).toBeCloseTo(70.07);
    expect(video.download_size).toBe(1_234_567);
    // The whole video at the data-saver rung: its bits per second times its length.
    expect(video.data_saver_size).toBeGreaterThan(10_000);
    expect(video.preview).toBe(`/media/previews/${videoId}/${REV}/index.m3u8`);
    // The catalogue's lists carry the same, read with the row.
    const list = (await get('/api/videoDetails/?page_size=100')).json<Page<Video>>();
    expect(list.results.find((v) => v.vidId === videoId)).toMatchObject({ preview: video.preview, duration: video.duration, download_size: 1_234_567 });
    // A video that does not play yet has none of it.
    const other = list.results.find((v) => v.vidId !== videoId)!;
    expect(other).toMatchObject({ preview: null, duration: null, download_size: null, data_saver_size: null });
  });

  it('plays the first minute for anyone: a public playlist whose segments end by 60 s and name only its own files', async () => {
    const video = await details();
    const res = await get(video.preview!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/mpegurl/);
    const { init, segments } = readMediaPlaylist(res.body);
    expect(init).toBe('init.mp4');
    expect(segments.length).toBe(15);
    expect(endOf(res.body)).toBeLessThanOrEqual(PREVIEW_SECONDS);
    expect(endOf(res.body)).toBeGreaterThan(PREVIEW_SECONDS - 1);
    expect(res.body, 'no address of the full video').not.toMatch(/private|download|master|\.\./);
    for (const uri of [init!, ...segments.map((s) => s.uri)]) {
      const seg = await get(`/media/previews/${videoId}/${REV}/${uri}`);
      expect(seg.statusCode, uri).toBe(200);
      expect(seg.headers['cache-control']).toMatch(/public/);
    }
    // What the files play, measured by ffprobe: a minute at most, picture and sound.
    const played = await probe(tools, path.join(t.config.dataDir, 'media', 'previews', String(videoId), REV, 'index.m3u8'));
    expect(played.duration).toBeLessThanOrEqual(PREVIEW_SECONDS + 0.05);
    expect(played.hasAudio).toBe(true);
  });

  it('refuses any segment past the minute, and never opens the full video to a public address', async () => {
    for (const name of ['seg-0015.m4s', 'seg-0016.m4s', 'seg-0017.m4s']) expect((await get(`/media/previews/${videoId}/${REV}/${name}`)).statusCode, name).toBe(404);
    // The rung itself (past the minute, or any of it) stays behind its signature.
    for (const name of ['seg-0016.m4s', 'seg-0000.m4s', 'index.m3u8']) expect((await get(`/media/private/${videoPath}/240p/${name}`)).statusCode).toBe(403);
    for (const sneak of [`/media/previews/${videoId}/${REV}/../../../private/${videoPath}/240p/seg-0016.m4s`, `/media/previews/${videoId}/${REV}/%2e%2e/%2e%2e/%2e%2e/private/${videoPath}/240p/seg-0016.m4s`]) {
      expect([403, 404]).toContain((await get(sneak)).statusCode);
    }
    // A visitor's answer carries no signed address of any kind.
    const body = JSON.stringify(await details());
    expect(body).not.toMatch(/\/media\/private|[?&]s=/);
  });

  it('keeps the back office showing a video’s transcoding, not the preview job queued after it', async () => {
    const staff = await signedInStaff(t.app);
    const res = await t.app.inject({ url: `/api/admin/videos/${videoId}`, headers: staff.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ job: unknown; playable: boolean }>()).toMatchObject({ job: null, playable: true });
  });

  it('backfills once: a video with its preview is not queued again, and a second run changes nothing', async () => {
    await db().delete(mediaJobs);
    expect(await queuePreviewBackfill(db())).toBe(0);
    const [row] = await db().select({ previewPath: videos.previewPath }).from(videos).where(eq(videos.id, videoId));
    expect(row!.previewPath).toBe(`previews/${videoId}/${REV}`);
  });
});
