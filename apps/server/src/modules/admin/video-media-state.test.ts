import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminVideo } from '@store/contract';
import { mediaJobs } from '../../db/schema.ts';
import { locateMediaTools, runTool, type MediaTools } from '../media/index.ts';
import { createTranscodeHandler } from '../media/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

const tools = locateMediaTools({}) as MediaTools;

describe.each(engines())("a video's media as staff see it on %s", (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  let videoIds: number[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    videoIds = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    staff = (await signedInStaff(t.app)).auth;
  });
  afterAll(() => t.close());
  const adminVideo = async (id: number) => (await t.app.inject({ url: `/api/admin/videos/${id}`, headers: staff })).json<AdminVideo>();

  it('says about how long a running transcode still needs, from its progress so far', async () => {
    const videoId = videoIds[0]!;
    const queued = await t.store.jobQueue.enqueue({ videoId, sourcePath: `${videoId}/film.mp4` });
    expect((await adminVideo(videoId)).job).toMatchObject({ state: 'queued', seconds_left: null });
    const job = (await t.store.jobQueue.claim(['transcode']))!;
    expect(job.id).toBe(queued.id);
    await t.store.jobQueue.heartbeat(job, 20);
    // A fifth done in the 40 s since it started: about 160 s to go.
    await t.database.db.update(mediaJobs).set({ startedAt: sql`now() - interval '40 seconds'` }).where(eq(mediaJobs.id, job.id));
    const running = (await adminVideo(videoId)).job!;
    expect(running.state).toBe('running');
    expect(running.seconds_left).toBeGreaterThanOrEqual(155);
    expect(running.seconds_left).toBeLessThanOrEqual(170);
    await t.store.jobQueue.complete(job);
    expect((await adminVideo(videoId)).job).toMatchObject({ state: 'done', seconds_left: null });
  });

  it('says about how long a waiting transcode will take, from its source and the store\'s recent transcodes', async () => {
    const [first, second] = [videoIds[3]!, videoIds[4]!];
    const waiting = await t.store.jobQueue.enqueue({ videoId: first, sourcePath: `${first}/film.mp4`, payload: { source: { seconds: 600 } } });
    // Nothing to go by yet: no estimate rather than a guess.
    expect((await adminVideo(first)).job).toMatchObject({ id: waiting.id, state: 'queued', expected_seconds: null });
    // A 100-second upload that took 50 s: half a second of work per second of video.
    await t.database.db.insert(mediaJobs).values({ videoId: second, kind: 'transcode', state: 'done', progress: 100, payload: { source: { seconds: 100 } }, startedAt: sql`now() - interval '50 seconds'`, finishedAt: sql`now()` });
    expect((await adminVideo(first)).job).toMatchObject({ state: 'queued', expected_seconds: 300 });
    await t.database.db.delete(mediaJobs).where(eq(mediaJobs.id, waiting.id));
  });

  it('flags a video whose upload was cut short, with what plays and what the file declares', async () => {
    expect(tools, 'ffmpeg is needed: apt-get install ffmpeg').not.toBeNull();
    const videoId = videoIds[1]!;
    const whole = path.join(t.config.dataDir, 'whole.mp4');
    await runTool(tools.ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=8', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', whole]);
    const bytes = await fs.readFile(whole);
    await t.store.mediaStore.put(`sources/${videoId}/cut.mp4`, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const job = await t.store.jobQueue.enqueue({ videoId, sourcePath: `${videoId}/cut.mp4` });
    const handle = createTranscodeHandler({ db: t.database.db, store: t.store.mediaStore, scratchDir: path.join(t.config.dataDir, 'tmp'), tools, maxHeight: 720, log: pino({ level: 'silent' }), onCatalogChange: () => undefined });
    await handle(job, { signal: new AbortController().signal, progress: () => undefined });

    const video = await adminVideo(videoId);
    expect(video.playable).toBe(true);
    expect(video.ends_early).toMatchObject({ reason: 'shorter_than_declared', declared_seconds: expect.closeTo(8, 0) });
    expect(video.ends_early!.playable_seconds).toBeLessThan(6);
    // The length on record is what plays, not what the file claimed.
    expect(video.duration).toBe(video.ends_early!.playable_seconds);
    expect((await adminVideo(videoIds[2]!)).ends_early).toBeNull();
  });
});
