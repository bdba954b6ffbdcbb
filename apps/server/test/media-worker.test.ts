import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaJobs, videos } from '../src/db/schema.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { queuedMailer } from '../src/modules/mail/queued-mailer.ts';
import { insertFixtureCatalogue } from './helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

const serverDir = path.resolve(import.meta.dirname, '..');

// A worker process shares the job table through PostgreSQL: vitest.config.ts runs this file only with
// TEST_DATABASE_URL, which CI always sets.
/** The recurring tasks a worker runs, each once at start: since the third round also DJ payouts asked about, eTIMS submissions and unclaimed gifts returned. */
const RECURRING = ['check-payouts', 'etims-submit', 'fold-purchase-counts', 'passes', 'prune-jobs', 'reconcile-deposits', 'rentals-ending', 'return-gifts', 'sweep-uploads'];

describe('the media worker process on PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: string;
  let videoId: number;
  let jobId: number;
  const workers: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: database.url!, LOG_LEVEL: 'warn', MEDIA_WORKERS: '1' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    workers.push(child);
    return { child, exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))) };
  };
  const job = async () => (await database.db.select().from(mediaJobs).where(eq(mediaJobs.id, jobId)))[0]!;
  const until = async (ok: (j: Awaited<ReturnType<typeof job>>) => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (ok(await job())) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`job never got there: ${JSON.stringify(await job())}`);
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-worker-'));
    videoId = (await insertFixtureCatalogue(database.db)).videos[0]!.id;
    jobId = (await createJobQueue(database.db).enqueue({ videoId, sourcePath: `${videoId}/demo.mp4`, payload: { demo: { title: 'Worker', subtitle: 'test', seconds: 12, height: 480, colour: '004d40', tone: 500 } } })).id;
  });
  afterAll(async () => {
    for (const w of workers) w.kill('SIGKILL');
    await database?.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs every other background task too: queued mail, M-Pesa reconciliation, upload sweep, pruning', async () => {
    const worker = startWorker();
    await queuedMailer(createJobQueue(database.db)).send({ to: 'akinyi@example.co.ke', subject: 'Reset your password', text: 'the link', html: '<p>the link</p>' });
    const outbox = path.join(dataDir, 'outbox');
    const end = Date.now() + 60_000;
    let recurring: { kind: string; finishedAt: Date | null }[] = [];
    while (Date.now() < end) {
      const mailed = (await fs.readdir(outbox).catch(() => [])).filter((f) => f.includes('akinyi@example.co.ke'));
      recurring = await database.db.select({ kind: mediaJobs.kind, finishedAt: mediaJobs.finishedAt }).from(mediaJobs).where(isNotNull(mediaJobs.singletonKey));
      if (mailed.length === 1 && recurring.length === RECURRING.length && recurring.every((r) => r.finishedAt)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await fs.readdir(outbox)).filter((f) => f.includes('akinyi@example.co.ke'))).toHaveLength(1);
    expect(recurring.map((r) => [r.kind, r.finishedAt !== null]).sort()).toEqual(RECURRING.map((kind) => [kind, true]));
    const [sent] = await database.db.select().from(mediaJobs).where(eq(mediaJobs.kind, 'mail'));
    expect(sent).toMatchObject({ state: 'done', payload: null });
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 90_000);

  it('takes over a job whose worker was killed mid-way, and finishes it', async () => {
    const first = startWorker();
    await until((j) => j.state === 'running', 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    expect((await job()).state).toBe('running');
    // The lease would run out in 30 s: let that time pass.
    await database.db.update(mediaJobs).set({ leasedUntil: sql`now() - interval '1 second'` }).where(eq(mediaJobs.id, jobId));
    const second = startWorker();
    await until((j) => j.state === 'done', 90_000);
    expect(await job()).toMatchObject({ state: 'done', attempts: 2, progress: 100 });
    const [video] = await database.db.select().from(videos).where(eq(videos.id, videoId));
    await fs.access(path.join(dataDir, 'media/private', video!.videoPath!, 'master.m3u8'));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 150_000);
});
