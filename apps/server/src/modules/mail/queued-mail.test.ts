import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaJobs } from '../../db/schema.ts';
import type { Mail, Mailer } from './mailer.ts';
import { mailJobHandler, MAIL_ATTEMPTS, queuedMailer } from './queued-mailer.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db.ts';
import { createJobQueue, type Job, type JobQueue } from '../../jobs/job-queue.ts';
import { startJobRunner } from '../../jobs/runner.ts';

const log = pino({ level: 'silent' });
const mail: Mail = { to: 'wanjiku@example.co.ke', subject: 'Reset your password', text: 'link', html: '<p>link</p>' };

async function until(ok: () => boolean | Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within ${ms} ms`);
}

describe.each(engines())('every background task in the durable queue, on %s', (engine) => {
  let database: TestDatabase;
  let queue: JobQueue;
  let videoId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    queue = createJobQueue(database.db);
    videoId = (await insertFixtureCatalogue(database.db)).videos[0]!.id;
  });
  beforeEach(async () => {
    await database.db.delete(mediaJobs);
  });
  afterAll(() => database.destroy());

  const row = async (id: number) => (await database.db.select().from(mediaJobs).where(eq(mediaJobs.id, id)))[0]!;
  const due = (id: number) => database.db.update(mediaJobs).set({ runAfter: sql`now()` }).where(eq(mediaJobs.id, id));

  it('claims only the kinds a worker asks for', async () => {
    const transcode = await queue.enqueue({ videoId, sourcePath: `${videoId}/a.mp4`, priority: 100_000 });
    const sent = await queue.enqueue({ kind: 'mail', payload: { mail } });
    expect((await queue.claim(['mail']))?.id).toBe(sent.id);
    expect(await queue.claim(['mail'])).toBeNull();
    expect((await queue.claim())?.id).toBe(transcode.id);
  });

  it('keeps one row per recurring task however many processes schedule it, and runs it again after each run', async () => {
    await Promise.all([queue.schedule('reconcile-deposits', 15_000), queue.schedule('reconcile-deposits', 15_000), queue.schedule('prune-jobs', 3_600_000)]);
    await queue.schedule('reconcile-deposits', 20_000); // a new interval after a deployment
    const rows = await database.db.select().from(mediaJobs).where(eq(mediaJobs.kind, 'reconcile-deposits'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload).toEqual({ everyMs: 20_000 });

    const first = (await queue.claim(['reconcile-deposits']))!;
    await queue.complete(first);
    const next = await row(first.id);
    expect(next).toMatchObject({ state: 'queued', attempts: 0, error: null });
    expect(next.runAfter.getTime() - Date.now()).toBeGreaterThan(15_000);
    expect(next.runAfter.getTime() - Date.now()).toBeLessThan(25_000);
  });

  it('never gives a recurring task up: after its last attempt it waits for its next run, saying why', async () => {
    await queue.schedule('sweep-uploads', 3_600_000);
    let job: Job | null = null;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const [r] = await database.db.update(mediaJobs).set({ runAfter: sql`now()` }).where(eq(mediaJobs.kind, 'sweep-uploads')).returning();
      job = (await queue.claim(['sweep-uploads']))!;
      expect(job.id).toBe(r!.id);
      expect(await queue.fail(job, 'bucket unreachable')).toBe('retry');
    }
    const after = await row(job!.id);
    expect(after).toMatchObject({ state: 'queued', attempts: 0, error: 'bucket unreachable' });
    expect(after.runAfter.getTime() - Date.now()).toBeGreaterThan(3_500_000);
  });

  it('prunes finished jobs after a week, and keeps failed ones for staff', async () => {
    const old = await queue.enqueue({ videoId, sourcePath: 'x' });
    const recent = await queue.enqueue({ videoId, sourcePath: 'y' });
    const failed = await queue.enqueue({ videoId, sourcePath: 'z' });
    await database.db.update(mediaJobs).set({ state: 'done', finishedAt: sql`now() - interval '8 days'` }).where(eq(mediaJobs.id, old.id));
    await database.db.update(mediaJobs).set({ state: 'done', finishedAt: sql`now() - interval '6 days'` }).where(eq(mediaJobs.id, recent.id));
    await database.db.update(mediaJobs).set({ state: 'failed', finishedAt: sql`now() - interval '30 days'` }).where(eq(mediaJobs.id, failed.id));
    expect(await queue.prune()).toBe(1);
    expect((await database.db.select({ id: mediaJobs.id }).from(mediaJobs)).map((r) => r.id).sort()).toEqual([recent.id, failed.id].sort());
  });

  it('retries mail with backoff until the SMTP server answers, then forgets the message', async () => {
    let calls = 0;
    const flaky: Mailer = {
      async send() {
        calls++;
        if (calls < 3) throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      },
    };
    await queuedMailer(queue).send(mail);
    const send = mailJobHandler(flaky);
    const ctx = { signal: new AbortController().signal, progress: () => undefined };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const job = (await queue.claim(['mail']))!;
      expect(job.attempts).toBe(attempt);
      try {
        await send(job, ctx);
        await queue.complete(job);
      } catch (err) {
        expect(await queue.fail(job, (err as Error).message)).toBe('retry');
        const waiting = await row(job.id);
        expect(waiting.runAfter.getTime() - Date.now()).toBeGreaterThan(attempt === 1 ? 5_000 : 30_000);
        expect(await queue.claim(['mail'])).toBeNull();
        await due(job.id);
      }
    }
    const [done] = await database.db.select().from(mediaJobs).where(eq(mediaJobs.kind, 'mail'));
    expect(done).toMatchObject({ state: 'done', maxAttempts: MAIL_ATTEMPTS, payload: null, error: null });
    expect(calls).toBe(3);
  });

  it('wakes an idle worker through LISTEN/NOTIFY the moment a job is added, not at its next poll', async () => {
    const sent: Mail[] = [];
    const runner = startJobRunner({
      queue,
      log,
      pollMs: 60_000,
      listen: database.listen,
      kinds: { mail: { handle: mailJobHandler({ send: async (m) => void sent.push(m) }), concurrency: 1 } },
    });
    try {
      // LISTEN is set up beside the loops: a job added before it is in place would wait for the next poll.
      expect(await runner.listening).toBe(true);
      await new Promise((r) => setTimeout(r, 300)); // the loop has polled once and sleeps
      const started = Date.now();
      await queuedMailer(queue).send(mail);
      await until(() => sent.length === 1, 5_000);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await runner.stop();
    }
    // A loaded CI machine once took long to set up LISTEN: the wait for it may be long, the wake may not.
  }, 60_000);

  it('runs each kind with its own concurrency: a long transcode holds up neither mail nor a second transcode slot', async () => {
    let running = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: Mail[] = [];
    const runner = startJobRunner({
      queue,
      log,
      pollMs: 20,
      kinds: {
        transcode: {
          handle: async () => {
            most = Math.max(most, ++running);
            await gate;
            running--;
          },
          concurrency: 1,
        },
        mail: { handle: mailJobHandler({ send: async (m) => void sent.push(m) }), concurrency: 2 },
      },
    });
    try {
      const a = await queue.enqueue({ videoId, sourcePath: 'a' });
      const b = await queue.enqueue({ videoId, sourcePath: 'b' });
      await until(async () => (await row(a.id)).state === 'running', 5_000);
      for (let i = 0; i < 3; i++) await queuedMailer(queue).send({ ...mail, to: `m${i}@example.co.ke` });
      await until(() => sent.length === 3, 5_000);
      expect((await row(b.id)).state).toBe('queued');
      release();
      await until(async () => (await row(b.id)).state === 'done', 5_000);
      expect(most).toBe(1);
    } finally {
      release();
      await runner.stop();
    }
  });
});
