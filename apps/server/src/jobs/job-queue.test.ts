import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaJobs } from '../db/schema.ts';
import { engines } from '../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../test/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-db.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

describe.each(engines())('the durable job queue on %s', (engine) => {
  let database: TestDatabase;
  let queue: JobQueue;
  let videoIds: number[];
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    queue = createJobQueue(database.db);
    videoIds = (await insertFixtureCatalogue(database.db)).videos.map((v) => v.id);
  });
  beforeEach(async () => {
    await database.db.delete(mediaJobs);
  });
  afterAll(() => database.destroy());

  const add = (priority = 0, videoId = videoIds[0]!) => queue.enqueue({ videoId, sourcePath: `${videoId}/source.mp4`, priority });
  const row = async (id: number) => (await database.db.select().from(mediaJobs).where(eq(mediaJobs.id, id)))[0]!;

  it('hands out the most urgent job first, each to one worker only', async () => {
    const low = await add(1);
    const high = await add(5);
    const claimed = await Promise.all([queue.claim(), queue.claim(), queue.claim()]);
    expect(claimed.map((j) => j?.id ?? null).sort()).toEqual([high.id, low.id, null].sort());
    expect((await row(high.id)).state).toBe('running');
    expect(await queue.claim()).toBeNull();
  });

  it('retries a failed attempt after a backoff, then fails for good saying why', async () => {
    const job = await add();
    let claimed = (await queue.claim())!;
    expect(await queue.fail(claimed, 'ffmpeg failed (exit 1): moov atom not found')).toBe('retry');
    expect(await queue.claim()).toBeNull(); // not due yet
    const retried = await row(job.id);
    expect(retried).toMatchObject({ state: 'queued', attempts: 1, error: 'ffmpeg failed (exit 1): moov atom not found' });
    expect(retried.runAfter.getTime()).toBeGreaterThan(Date.now() + 5_000);
    for (let attempt = 2; attempt <= job.maxAttempts; attempt++) {
      await database.db.update(mediaJobs).set({ runAfter: sql`now()` }).where(eq(mediaJobs.id, job.id));
      claimed = (await queue.claim())!;
      expect(claimed.attempts).toBe(attempt);
      expect(await queue.fail(claimed, 'still broken')).toBe(attempt === job.maxAttempts ? 'failed' : 'retry');
    }
    expect(await row(job.id)).toMatchObject({ state: 'failed', error: 'still broken' });
    expect(await queue.counts()).toMatchObject({ failed: 1, queued: 0 });
    expect(await queue.retry(job.id)).toBe(true);
    expect(await row(job.id)).toMatchObject({ state: 'queued', attempts: 0, error: null });
  });

  it('survives a dead worker: once its lease runs out another worker takes the job over', async () => {
    const job = await add();
    const first = (await queue.claim())!;
    expect(await queue.heartbeat(first, 40)).toBe(true);
    expect(await queue.claim()).toBeNull(); // leased
    // The worker was killed: it never renews its lease.
    await database.db.update(mediaJobs).set({ leasedUntil: sql`now() - interval '1 second'` }).where(eq(mediaJobs.id, job.id));
    const second = (await queue.claim())!;
    expect(second).toMatchObject({ id: job.id, attempts: 2, progress: 0 });
    // The first worker, had it only been slow, can no longer touch the job.
    expect(await queue.heartbeat(first, 90)).toBe(false);
    await queue.complete(first);
    expect((await row(job.id)).state).toBe('running');
    await queue.complete(second);
    expect(await row(job.id)).toMatchObject({ state: 'done', progress: 100 });
  });

  it('gives a job back untouched when the process shuts down', async () => {
    const job = await add();
    await queue.release((await queue.claim())!);
    expect(await row(job.id)).toMatchObject({ state: 'queued', attempts: 0 });
  });
  it('leases a batch at once, a lapsed lease among the due jobs, each job to one batch only', async () => {
    const pushes = [];
    for (let i = 0; i < 7; i++) pushes.push(await queue.enqueue({ kind: 'notify-send', payload: { delivery: i }, priority: i === 5 ? 9 : 0 }));
    await queue.enqueue({ kind: 'mail', payload: {} }); // another kind: never in a push batch
    const later = await queue.enqueue({ kind: 'notify-send', payload: {}, delayMs: 60_000 }); // not due
    // A worker died holding one push: its lease ran out.
    const dead = (await queue.claim(['notify-send']))!;
    expect(dead.id).toBe(pushes[5]!.id);
    await database.db.update(mediaJobs).set({ leasedUntil: sql`now() - interval '1 second'` }).where(eq(mediaJobs.id, dead.id));

    const [a, b] = await Promise.all([queue.claimMany(['notify-send'], 4), queue.claimMany(['notify-send'], 4)]);
    // Two claims at once may each pass over a row the other holds for the moment (SKIP LOCKED); the next claim takes it.
    const c = await queue.claimMany(['notify-send'], 4);
    const all = [...a, ...b, ...c];
    const ids = all.map((j) => j.id);
    expect(new Set(ids).size).toBe(ids.length); // no job in two batches
    expect(ids.sort()).toEqual(pushes.map((p) => p.id).sort());
    expect(ids).not.toContain(later.id);
    const taken = all.find((j) => j.id === dead.id)!;
    expect(taken.attempts).toBe(2);
    expect(all.every((j) => j.state === 'running' && j.kind === 'notify-send' && j.leasedUntil !== null)).toBe(true);
    expect(await queue.claimMany(['notify-send'], 4)).toEqual([]);
  });

  it('takes a lapsed lease in its turn by priority, not ahead of more urgent due work', async () => {
    const low = await queue.enqueue({ kind: 'transcode', sourcePath: 'a', priority: 1 });
    const dead = (await queue.claim(['transcode']))!;
    expect(dead.id).toBe(low.id);
    await database.db.update(mediaJobs).set({ leasedUntil: sql`now() - interval '1 second'` }).where(eq(mediaJobs.id, dead.id));
    const urgent = await queue.enqueue({ kind: 'transcode', sourcePath: 'b', priority: 5 });
    expect((await queue.claim(['transcode']))!.id).toBe(urgent.id);
    expect((await queue.claim(['transcode']))!).toMatchObject({ id: low.id, attempts: 2 });
  });

  it('records a batch as done in one write, but only the jobs this worker still holds', async () => {
    for (let i = 0; i < 3; i++) await queue.enqueue({ kind: 'notify-send', payload: { delivery: i } });
    const batch = await queue.claimMany(['notify-send'], 3);
    // The first one's lease ran out and another worker took it over meanwhile.
    await database.db.update(mediaJobs).set({ leasedUntil: sql`now() - interval '1 second'` }).where(eq(mediaJobs.id, batch[0]!.id));
    const [takenOver] = await queue.claimMany(['notify-send'], 3);
    expect(takenOver!.id).toBe(batch[0]!.id);
    await queue.completeMany(batch);
    expect(await row(batch[0]!.id)).toMatchObject({ state: 'running', attempts: 2 });
    expect(await row(batch[1]!.id)).toMatchObject({ state: 'done', progress: 100 });
    expect(await row(batch[2]!.id)).toMatchObject({ state: 'done', progress: 100 });
  });
});
