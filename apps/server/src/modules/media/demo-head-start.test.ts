import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db.ts';
import type { DemoClip } from './demo-clip.ts';
import { startDemoHeadStart } from './demo-head-start.ts';
import { locateMediaTools, type MediaTools } from './ffmpeg.ts';
import { createTranscodeHandler, type StoredMediaInfo } from './pipeline.ts';
import { createLocalStore } from './storage/local-store.ts';

const tools = locateMediaTools({}) as MediaTools;
const clip: DemoClip = { title: 'Video Store Kenya', subtitle: 'Demo clip', seconds: 2, height: 480, colour: '004d40', tone: 330 };

describe.each(engines())('the demo clips made ahead on a first start, on %s', (engine) => {
  let database: TestDatabase;
  let mediaDir: string;
  beforeAll(async () => {
    expect(tools, 'ffmpeg and ffprobe must be installed (see .ci/run)').not.toBeNull();
    database = await createTestDatabase(engine);
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-head-start-'));
  });
  afterAll(async () => {
    await database?.destroy();
    await fs.rm(mediaDir, { recursive: true, force: true });
  });

  it("are what the demo's job puts in place: it runs no ffmpeg of its own, and leaves no scratch behind", async () => {
    const scratchDir = path.join(mediaDir, 'tmp');
    const headStart = startDemoHeadStart(tools, scratchDir, [clip], 720);
    const videoId = (await insertFixtureCatalogue(database.db)).videos[0]!.id;
    const job = await createJobQueue(database.db).enqueue({ videoId, sourcePath: `${videoId}/demo.mp4`, payload: { demo: clip, sharedWith: [] } });
    // An ffmpeg that cannot run: the job can only succeed with the renditions made ahead.
    const noTools = { ffmpeg: '/nonexistent/ffmpeg', ffprobe: '/nonexistent/ffprobe' };
    const store = createLocalStore(mediaDir);
    const handle = createTranscodeHandler({ db: database.db, store, scratchDir, tools: noTools, maxHeight: 720, log: pino({ level: 'silent' }), onCatalogChange: () => undefined, demoHeadStart: headStart });
    await handle(job, { signal: new AbortController().signal, progress: () => undefined });

    const [video] = await database.db.select().from(videos).where(eq(videos.id, videoId));
    const info = video!.mediaInfo as StoredMediaInfo;
    expect(video!.videoPath).toBe(`videos/${videoId}/${info.rev}`);
    expect(info.renditions.map((r) => r.height)).toEqual([240, 360, 480]);
    for (const f of ['master.m3u8', 'download.mp4', '240p/index.m3u8']) expect(await store.exists(`private/${video!.videoPath}/${f}`), f).toBe(true);
    expect(await store.exists(`${video!.previewPath}/index.m3u8`), 'the preview, made ahead too').toBe(true);
    expect(await fs.readdir(scratchDir)).toEqual([]);
    // Taken once: a retry makes its clip itself.
    expect(await headStart.take(clip)).toBeNull();
    await headStart.stop();
  }, 60_000);
});
