import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Job, JobQueue } from './job-queue.ts';
import { startJobRunner } from './runner.ts';

const down = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A queue whose database can be taken away: every call fails while `away` is true. */
function fakeQueue() {
  const state = { away: false, claims: 0, claimTimes: [] as number[], waiting: [] as Job[], failed: [] as number[], completed: [] as number[], completeWrites: 0 };
  let nextId = 1;
  const check = async () => {
    if (state.away) throw down();
  };
  const queue = {
    async heartbeat() {
      await check();
      return true;
    },
    async claimMany(_kinds: unknown, limit: number) {
      state.claims++;
      state.claimTimes.push(Date.now());
      await check();
      return state.waiting.splice(0, limit);
    },
    async complete(job: Job) {
      await check();
      state.completed.push(job.id);
    },
    async completeMany(jobs: Job[]) {
      await check();
      state.completeWrites++;
      state.completed.push(...jobs.map((j) => j.id));
    },
    async fail(job: Job) {
      await check();
      state.failed.push(job.id);
      return 'retry' as const;
    },
    async release() {
      await check();
    },
  } as unknown as JobQueue;
  const add = () => {
    const job = { id: nextId++, kind: 'mail', attempts: 1, maxAttempts: 3, videoId: null } as unknown as Job;
    state.waiting.push(job);
    return job;
  };
  return { queue, state, add };
}

function recordingLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const at =
    (level: string) =>
    (obj: object | string, msg?: string) =>
      lines.push(typeof obj === 'string' ? { level, obj: {}, msg: obj } : { level, obj, msg: msg ?? '' });
  const log = { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), trace: at('trace'), fatal: at('fatal') } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('the job runner while the database is away', () => {
  it('keeps running when a failed job cannot be recorded as failed (the database went away meanwhile)', async () => {
    const { queue, state, add } = fakeQueue();
    const { log } = recordingLog();
    const handled: number[] = [];
    const runner = startJobRunner({
      queue,
      log,
      pollMs: 10,
      maxBackoffMs: 40,
      kinds: {
        'mail': {
          concurrency: 1,
          handle: async (job) => {
            handled.push(job.id);
            if (job.id === 1) {
              // The database goes away while the job runs: its failure cannot be written.
              state.away = true;
              throw new Error('the mail server said no');
            }
          },
        },
      },
    });
    try {
      add();
      await vi.waitFor(() => expect(handled).toEqual([1]));
      await new Promise((resolve) => setTimeout(resolve, 100));
      state.away = false;
      add();
      // The same loop is still there and takes the next job once the database is back.
      await vi.waitFor(() => expect(handled).toEqual([1, 2]), { timeout: 2000 });
      await vi.waitFor(() => expect(state.completed).toEqual([2]));
      // Its failure was written once the database was back, not lost.
      expect(state.failed).toEqual([1]);
    } finally {
      await runner.stop();
    }
  });

  it('backs off (capped) and logs one line when the queue goes away and one when it is back, whatever the number of loops', async () => {
    const { queue, state, add } = fakeQueue();
    const { log, lines } = recordingLog();
    const handled: number[] = [];
    state.away = true;
    const runner = startJobRunner({
      queue,
      log,
      pollMs: 10,
      maxBackoffMs: 80,
      kinds: { 'mail': { concurrency: 3, handle: async (job) => void handled.push(job.id) } },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Polling every 10 ms, 3 loops would claim about 180 times in 600 ms; backing off to 80 ms, about 25.
      expect(state.claims).toBeLessThan(45);
      expect(state.claims).toBeGreaterThan(6);
      // The gaps grow to the cap and no further.
      const gaps = state.claimTimes.slice(-6).map((t, i, all) => (i ? t - all[i - 1]! : 0)).slice(1);
      for (const gap of gaps) expect(gap).toBeLessThan(200);
      const problems = lines.filter((l) => l.level !== 'info' && l.level !== 'debug' && l.level !== 'trace');
      expect(problems).toHaveLength(1);
      expect(problems[0]!.msg).toMatch(/job queue cannot be reached/);
      expect(JSON.stringify(problems[0]!.obj)).toContain('ECONNREFUSED');
      state.away = false;
      add();
      await vi.waitFor(() => expect(handled).toEqual([1]), { timeout: 1000 });
      const after = lines.filter((l) => /job queue/.test(l.msg));
      expect(after.map((l) => l.level)).toEqual(['error', 'info']);
      expect(after[1]!.msg).toMatch(/job queue is back/);
    } finally {
      await runner.stop();
    }
  });

  it('stops promptly while backing off', async () => {
    const { queue, state } = fakeQueue();
    const { log } = recordingLog();
    state.away = true;
    const runner = startJobRunner({ queue, log, pollMs: 10, maxBackoffMs: 10_000, kinds: { 'mail': { concurrency: 2, handle: async () => undefined } } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    await runner.stop();
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('the job runner with batches', () => {
  it('runs a claimed batch side by side, records the done ones in one write and retries only the one that failed', async () => {
    const { queue, state, add } = fakeQueue();
    const { log, lines } = recordingLog();
    let running = 0;
    let mostAtOnce = 0;
    const runner = startJobRunner({
      queue,
      log,
      pollMs: 10,
      kinds: {
        'notify-send': {
          concurrency: 1,
          batch: 5,
          handle: async (job) => {
            running++;
            mostAtOnce = Math.max(mostAtOnce, running);
            await new Promise((resolve) => setTimeout(resolve, 20));
            running--;
            if (job.id === 3) throw new Error('the push service answered 500');
          },
        },
      },
    });
    try {
      for (let i = 0; i < 5; i++) add();
      await vi.waitFor(() => expect(state.completed.length + state.failed.length).toBe(5));
      expect(mostAtOnce).toBe(5);
      expect(state.completed.sort()).toEqual([1, 2, 4, 5]);
      expect(state.completeWrites).toBe(1);
      expect(state.failed).toEqual([3]);
      expect(lines.filter((l) => l.msg === 'jobs done').map((l) => l.obj)).toEqual([{ kind: 'mail', jobs: 4 }]);
    } finally {
      await runner.stop();
    }
  });

  it('gives way while customers keep the event loop busy, yet still moves a batch a second, and runs at once when the store is quiet', async () => {
    const { queue, state, add } = fakeQueue();
    const { log } = recordingLog();
    let busy = 0.95;
    const handledAt: number[] = [];
    const started = Date.now();
    const runner = startJobRunner({ queue, log, pollMs: 10, load: () => busy, kinds: { 'notify-send': { concurrency: 1, batch: 2, givesWay: true, handle: async () => void handledAt.push(Date.now() - started) } } });
    try {
      for (let i = 0; i < 4; i++) add();
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(handledAt).toEqual([]); // waiting for the customers
      await vi.waitFor(() => expect(handledAt).toHaveLength(2), { timeout: 1500 });
      expect(handledAt[0]).toBeGreaterThanOrEqual(900); // one batch after at most a second
      busy = 0.1;
      await vi.waitFor(() => expect(handledAt).toHaveLength(4), { timeout: 500 });
      expect(state.completed.sort()).toEqual([1, 2, 3, 4]);
    } finally {
      await runner.stop();
    }
  });
  it('hands a claimed batch to handleMany as one, and retries only the jobs whose outcome failed', async () => {
    const { queue, state, add } = fakeQueue();
    const { log } = recordingLog();
    const calls: number[][] = [];
    const runner = startJobRunner({
      queue,
      log,
      pollMs: 10,
      kinds: {
        'notify-send': {
          concurrency: 1,
          batch: 4,
          handle: async () => {
            throw new Error('handleMany runs a batch, not handle');
          },
          handleMany: async (jobs) => {
            calls.push(jobs.map((j) => j.id));
            return jobs.map((j) => (j.id === 2 ? { ok: false, failure: new Error('the push service answered 500') } : { ok: true }));
          },
        },
      },
    });
    try {
      for (let i = 0; i < 4; i++) add();
      await vi.waitFor(() => expect(state.completed.length + state.failed.length).toBe(4));
      expect(calls.map((ids) => ids.sort())).toEqual([[1, 2, 3, 4]]);
      expect(state.completed.sort()).toEqual([1, 3, 4]);
      expect(state.completeWrites).toBe(1);
      expect(state.failed).toEqual([2]);
    } finally {
      await runner.stop();
    }
  });

  it('under load lets one loop of a kind go ahead a second, not each of its loops', async () => {
    const { queue, add } = fakeQueue();
    const { log } = recordingLog();
    const batchesAt: number[] = [];
    const started = Date.now();
    const runner = startJobRunner({ queue, log, pollMs: 10, load: () => 0.95, kinds: { 'notify-send': { concurrency: 2, batch: 2, givesWay: true, handle: async (job) => void (job.id % 2 && batchesAt.push(Date.now() - started)) } } });
    try {
      for (let i = 0; i < 20; i++) add();
      await new Promise((resolve) => setTimeout(resolve, 3500));
      // Two loops each going a second would have moved 6 batches by now.
      expect(batchesAt.length).toBeGreaterThanOrEqual(2);
      expect(batchesAt.length).toBeLessThanOrEqual(4);
      for (let i = 1; i < batchesAt.length; i++) expect(batchesAt[i]! - batchesAt[i - 1]!).toBeGreaterThanOrEqual(900);
    } finally {
      await runner.stop();
    }
  });

  it('lets a long job wait between its steps while customers keep the event loop busy (JobContext.giveWay), and not when quiet', async () => {
    const { queue, add } = fakeQueue();
    const { log } = recordingLog();
    let busy = 0.95;
    const waits: number[] = [];
    const runner = startJobRunner({
      queue,
      log,
      pollMs: 10,
      load: () => busy,
      kinds: {
        notify: {
          concurrency: 1,
          handle: async (_job, ctx) => {
            for (const load of [0.95, 0.1]) {
              busy = load;
              const from = Date.now();
              await ctx.giveWay?.();
              waits.push(Date.now() - from);
            }
          },
        },
      },
    });
    try {
      add();
      await vi.waitFor(() => expect(waits).toHaveLength(2), { timeout: 3000 });
      expect(waits[0]).toBeGreaterThanOrEqual(900); // busy: the longest wait, then on
      expect(waits[1]).toBeLessThan(100); // quiet: at once
    } finally {
      await runner.stop();
    }
  });
});
