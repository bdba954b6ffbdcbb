import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaJobs, videos } from '../db/schema.ts';
import { createJobQueue } from '../jobs/job-queue.ts';
import { startJobRunner } from '../jobs/runner.ts';
import { locateMediaTools, probe, type MediaTools, createTranscodeHandler, type StoredMediaInfo, createLocalStore, type MediaStore, createS3Store } from '../modules/media/index.ts';
import { engines } from '../../test/helpers/engines.ts';
import { testS3 } from '../../test/helpers/s3.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-db.ts';
import { SHARED_DEMO_CLIPS } from './media.ts';
import { seedDemoStore } from './seed.ts';

const tools = locateMediaTools({}) as MediaTools;
const s3 = testS3();
const cases = [...engines().map((engine) => ({ engine, s3: undefined, where: 'disk' })), ...(s3 ? [{ engine: 'pglite' as const, s3, where: 'a bucket' }] : [])];

describe.each(cases)('a fresh demo store on $engine, media on $where', ({ engine, s3: bucket }) => {
  let database: TestDatabase;
  let mediaDir: string;
  let store: MediaStore;
  let transcodes = 0;

  beforeAll(async () => {
    expect(tools, 'ffmpeg and ffprobe must be installed (see .ci/run)').not.toBeNull();
    database = await createTestDatabase(engine);
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-demo-media-'));
    store = bucket ? createS3Store(bucket) : createLocalStore(mediaDir);
    await seedDemoStore(database.db, store);

    // What `npm start` runs: its two transcoding workers on the queue the seed filled.
    const log = pino({ level: 'silent' });
    const handle = createTranscodeHandler({ db: database.db, store, scratchDir: path.join(mediaDir, 'tmp'), tools, maxHeight: 1080, log, onCatalogChange: () => undefined });
    const runner = startJobRunner({ queue: createJobQueue(database.db), workers: 2, log, pollMs: 50, handle: (job, ctx) => (transcodes++, handle(job, ctx)) });
    try {
      for (let i = 0; i < 1200; i++) {
        const open = await database.db.select({ id: mediaJobs.id }).from(mediaJobs).where(eq(mediaJobs.state, 'queued'));
        const running = await database.db.select({ id: mediaJobs.id }).from(mediaJobs).where(eq(mediaJobs.state, 'running'));
        if (open.length + running.length === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await runner.stop();
    }
  }, 180_000);
  afterAll(async () => {
    if (bucket) for (const p of ['private', 'thumbs', 'posters', 'portraits']) await store.removePrefix(p);
    await database?.destroy();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  it('transcodes only its few shared clips, once each, however many videos it has', async () => {
    const jobs = await database.db.select().from(mediaJobs).where(eq(mediaJobs.kind, 'transcode'));
    expect(jobs.map((j) => ({ state: j.state, error: j.error }))).toEqual(SHARED_DEMO_CLIPS.map(() => ({ state: 'done', error: null })));
    expect(transcodes).toBe(SHARED_DEMO_CLIPS.length);
  });

  it('has every video for sale, each with whole renditions of its own that play', async () => {
    const rows = await database.db.select({ id: videos.id, videoPath: videos.videoPath, mediaInfo: videos.mediaInfo }).from(videos);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const notForSale = rows.filter((r) => r.videoPath === null).map((r) => r.id);
    expect(notForSale).toEqual([]);
    const heights = new Set<number>();
    for (const r of rows) {
      const info = r.mediaInfo as StoredMediaInfo;
      // Under the video's own folder: its media addresses name it, and canAccess checks that video.
      expect(r.videoPath).toBe(`videos/${r.id}/${info.rev}`);
      const files = ['master.m3u8', 'download.mp4', ...info.renditions.flatMap((x) => [`${x.name}/index.m3u8`, `${x.name}/init.mp4`, `${x.name}/seg-0000.m4s`])];
      for (const f of files) expect(await store.exists(`private/${r.videoPath}/${f}`), `video ${r.id}: ${f}`).toBe(true);
      expect(await store.exists(`thumbs/${r.id}/${info.rev}/thumbnails.vtt`), `video ${r.id}: thumbnails`).toBe(true);
      heights.add(Math.max(...info.renditions.map((x) => x.height)));
    }
    expect([...heights].sort()).toEqual([480, 720]);
    // One shared copy, played from its own folder through its playlist: every segment is there.
    const last = rows.at(-1)!;
    const local = path.join(mediaDir, 'check');
    const info = last.mediaInfo as StoredMediaInfo;
    const rung = info.renditions[0]!.name;
    await fs.mkdir(path.join(local, rung), { recursive: true });
    for (const name of await store.children(`private/${last.videoPath}/${rung}`)) await fs.writeFile(path.join(local, rung, name), (await store.read(`private/${last.videoPath}/${rung}/${name}`))!);
    const played = await probe(tools, path.join(local, rung, 'index.m3u8'));
    expect(played.duration).toBeGreaterThan(7.5);
  });
});
