import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { JOBS_CHANNEL, LEASE_SECONDS, type Job, type JobKind, type JobQueue } from './job-queue.ts';

export interface JobContext {
  signal: AbortSignal;
  /** 0 to 1; written to the job (at most about once a second) and renews its lease. */
  progress: (fraction: number) => void;
  /**
   * Waits while customers keep this process busy (KindRunner.givesWay's wait, at most GIVE_WAY_MAX_MS):
   * a long job calls it between its steps. At once where nothing measures customers (a worker process).
   */
  giveWay?: () => Promise<void>;
}
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;
/** One job's outcome in a batch: done, or what its attempt threw. */
export type JobOutcome = { ok: true } | { ok: false; failure: unknown };
/** Runs a claimed batch as one (KindRunner.handleMany): an outcome per job, in the jobs' order. */
export type BatchHandler = (jobs: readonly Job[], ctx: JobContext) => Promise<JobOutcome[]>;

/** What runs one kind of job, and how many of them at once in this process. */
export interface KindRunner {
  handle: JobHandler;
  concurrency: number;
  /**
   * Jobs each loop claims at once (1 unless set): they run side by side, and those done are written
   * in one statement. For many small jobs (a push each), where the queue's two writes per job cost
   * more than the job.
   */
  batch?: number;
  /**
   * Runs a claimed batch in one call instead of `handle` per job, so the handler reads and writes
   * what the batch needs in one statement each (two jobs' 32 pushes and what became of them).
   */
  handleMany?: BatchHandler;
  /**
   * Background work that gives way to customers: while the process is busier than GIVE_WAY_ABOVE
   * serving requests (RunnerOptions.load), a loop waits before its next claim, up to GIVE_WAY_MAX_MS, so
   * it still moves a batch a second under full load and runs at full speed when the store is quiet.
   * Under load that second is the kind's, not each loop's: one of its loops goes ahead per second.
   */
  givesWay?: boolean;
}

/** Event-loop utilisation above which background kinds wait (see KindRunner.givesWay). */
export const GIVE_WAY_ABOVE = 0.6;
export const GIVE_WAY_MAX_MS = 1000;

/** Subscribes to a notification channel; answers the unsubscribe (DatabaseHandle.listen). */
export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

export interface JobRunner {
  /** Look for work now instead of at the next poll (after an enqueue), for one kind or all. */
  wake(kind?: JobKind): void;
  /** Settles once the runner hears new jobs (true) or has fallen back on polling (false). */
  listening: Promise<boolean>;
  /** Stops taking jobs; running ones are aborted and given back to the queue. */
  stop(): Promise<void>;
}

type RunnerOptions = {
  queue: JobQueue;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** The longest wait between two tries while the queue's database cannot be reached (the wait doubles from pollMs). */
  maxBackoffMs?: number;
  listen?: Listen | undefined;
  /** How busy serving customers the process is, 0 to 1 (sampleCustomerLoad); absent, never busy (a worker process). */
  load?: () => number;
} & (
  | { kinds: Partial<Record<JobKind, KindRunner>> }
  /** Transcoding only, `workers` at a time (the first form, kept for its callers). */
  | { handle: JobHandler; workers: number }
);

/** How long the runner waits at most between two tries while the database is away. */
export const MAX_BACKOFF_MS = 10_000;

/** An error worth a log line: its code and first line, never a query or its parameters. */
function briefly(err: unknown): { code?: string; message: string } {
  const found = err as { code?: unknown; message?: unknown; cause?: unknown };
  const cause = found?.cause as { code?: unknown; message?: unknown } | undefined;
  const code = typeof found?.code === 'string' ? found.code : typeof cause?.code === 'string' ? cause.code : undefined;
  const message = String((cause?.message ?? found?.message ?? err) as string).split('\n')[0]!.slice(0, 200);
  return { ...(code ? { code } : {}), message };
}

/**
 * Runs jobs from the durable queue: for each kind, `concurrency` loops that claim only that kind,
 * so a long transcode never holds up a mail. Idle loops poll, and wake at once on a notification
 * (LISTEN/NOTIFY: PostgreSQL tells every process when a job is added).
 *
 * While the database is away the loops keep running: a claim that fails waits twice as long as the
 * last (from pollMs up to maxBackoffMs), and the runner logs one line when the queue goes away and
 * one when it is back, not one per try. A job's outcome (done, failed, given back) is written again
 * with the same backoff while its lease lasts; after that it is left to the lease, and runs again.
 */
export function startJobRunner(opts: RunnerOptions): JobRunner {
  const { queue, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const maxBackoffMs = Math.max(pollMs, opts.maxBackoffMs ?? MAX_BACKOFF_MS);
  /** Since when the queue could not be reached (null while it can), shared by every loop. */
  let awaySince: number | null = null;
  const wentAway = (err: unknown) => {
    if (awaySince !== null) return;
    awaySince = Date.now();
    log.error({ err: briefly(err) }, 'the job queue cannot be reached; trying again with backoff');
  };
  const cameBack = () => {
    if (awaySince === null) return;
    log.info({ awayMs: Date.now() - awaySince }, 'the job queue is back');
    awaySince = null;
  };
  const kinds: Partial<Record<JobKind, KindRunner>> = 'kinds' in opts ? opts.kinds : { transcode: { handle: opts.handle, concurrency: opts.workers } };
  const stopping = new AbortController();
  const load = opts.load ?? (() => 0);
  // Each idle loop waits on the stop signal: one listener per loop is expected, not a leak.
  setMaxListeners(10 + Object.values(kinds).reduce((n, k) => n + (k?.concurrency ?? 0), 0), stopping.signal);
  const sleepers = new Map<JobKind, Set<() => void>>();

  const sleep = (kind: JobKind, ms = pollMs) =>
    new Promise<void>((resolve) => {
      const set = sleepers.get(kind) ?? new Set();
      sleepers.set(kind, set);
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        set.delete(done);
        resolve();
      }
      set.add(done);
      stopping.signal.addEventListener('abort', done, { once: true });
    });
  const wake = (kind?: JobKind) => {
    for (const [k, set] of sleepers) if (!kind || k === kind) for (const done of [...set]) done();
  };

  /**
   * Writes what became of a job, trying again with backoff while the database is away, for as long
   * as the job's lease lasts (after that another try may have taken it, and this write would be
   * refused anyway). False when it could not be written: the job runs again once its lease is over.
   */
  async function record(job: Job, what: string, write: () => Promise<unknown>): Promise<boolean> {
    const giveUpAt = Date.now() + LEASE_SECONDS * 1000;
    let backoff = pollMs;
    for (;;) {
      try {
        await write();
        return true;
      } catch (err) {
        wentAway(err);
        if (stopping.signal.aborted || Date.now() + backoff > giveUpAt) {
          log.warn({ job: job.id, kind: job.kind, err: briefly(err) }, `could not record that the job ${what}; it will be tried again when its lease runs out`);
          return false;
        }
      }
      await sleep(job.kind, backoff);
      backoff = Math.min(backoff * 2, maxBackoffMs);
    }
  }

  /** Runs the handler on the jobs (one, or a batch as one); answers whether each succeeded, and what it threw when not. */
  async function attemptMany(jobs: readonly Job[], run: (ctx: JobContext) => Promise<JobOutcome[]>): Promise<JobOutcome[]> {
    let lastWrite = 0;
    let pending = Promise.resolve();
    let heartbeatFailed = false;
    const progress = (fraction: number) => {
      const now = Date.now();
      if (now - lastWrite < 1000 && fraction < 1) return;
      lastWrite = now;
      for (const job of jobs) {
        pending = pending
          .then(() => queue.heartbeat(job, Math.round(fraction * 100)).then(() => undefined))
          .catch((err: unknown) => {
            // Once per run: a transcode reports progress every second for as long as the database is away.
            if (!heartbeatFailed) log.warn({ job: job.id, kind: job.kind, err: briefly(err) }, 'job heartbeat failed');
            heartbeatFailed = true;
          });
      }
    };
    let outcomes: JobOutcome[];
    try {
      outcomes = await run({ signal: stopping.signal, progress, giveWay: () => giveWay(jobs[0]!.kind) });
    } catch (failure) {
      outcomes = jobs.map(() => ({ ok: false, failure }));
    }
    await pending;
    return outcomes;
  }

  const attempt = async (job: Job, handle: JobHandler): Promise<JobOutcome> =>
    (
      await attemptMany([job], async (ctx) => {
        await handle(job, ctx);
        return [{ ok: true }];
      })
    )[0]!;

  /** Writes a failed attempt: given back when the runner is stopping, else retried or failed for good. */
  async function settleFailure(job: Job, failure: unknown) {
    if (stopping.signal.aborted) {
      await record(job, 'was stopped', () => queue.release(job));
      return;
    }
    const reason = failure instanceof Error ? failure.message : String(failure);
    let outcome: 'retry' | 'failed' | undefined;
    if (await record(job, 'failed', async () => (outcome = await queue.fail(job, reason)))) {
      log.warn({ job: job.id, kind: job.kind, video: job.videoId ?? undefined, attempt: job.attempts, outcome, reason }, 'job failed');
    }
  }

  async function runOne(job: Job, handle: JobHandler) {
    const result = await attempt(job, handle);
    if (!result.ok) return settleFailure(job, result.failure);
    if (await record(job, 'is done', () => queue.complete(job))) log.info({ job: job.id, kind: job.kind, video: job.videoId ?? undefined }, 'job done');
  }

  /** A claimed batch: side by side (or as one, by handleMany); the done ones recorded together, one log line for them all. */
  async function runBatch(jobs: Job[], { handle, handleMany }: KindRunner) {
    const results = handleMany ? await attemptMany(jobs, (ctx) => handleMany(jobs, ctx)) : await Promise.all(jobs.map((job) => attempt(job, handle)));
    const done = jobs.filter((_, i) => results[i]!.ok);
    await Promise.all(jobs.map((job, i) => (results[i]!.ok ? undefined : settleFailure(job, (results[i] as { failure: unknown }).failure))));
    if (done.length && (await record(done[0]!, 'is done', () => queue.completeMany(done)))) log.info({ kind: done[0]!.kind, jobs: done.length }, 'jobs done');
  }

  /** Waits while customers keep the event loop busy, at most GIVE_WAY_MAX_MS. */
  async function giveWay(kind: JobKind) {
    const until = Date.now() + GIVE_WAY_MAX_MS;
    while (load() > GIVE_WAY_ABOVE && Date.now() < until && !stopping.signal.aborted) await sleep(kind, 100);
  }

  /** When a loop of each kind last went ahead while the process was busy. */
  const busyTurns = new Map<JobKind, number>();
  /** giveWay before a claim, and under load one loop of the kind per GIVE_WAY_MAX_MS: two push loops would double what customers give up. */
  async function waitTurn(kind: JobKind) {
    for (;;) {
      await giveWay(kind);
      if (load() <= GIVE_WAY_ABOVE || stopping.signal.aborted) return;
      const now = Date.now();
      if (now - (busyTurns.get(kind) ?? 0) >= GIVE_WAY_MAX_MS) return void busyTurns.set(kind, now);
    }
  }

  async function loop(kind: JobKind, runner: KindRunner) {
    const { handle, batch = 1, givesWay = false } = runner;
    let backoff = pollMs;
    while (!stopping.signal.aborted) {
      if (givesWay) await waitTurn(kind);
      let jobs: Job[];
      try {
        jobs = await queue.claimMany([kind], batch);
      } catch (err) {
        wentAway(err);
        await sleep(kind, backoff);
        backoff = Math.min(backoff * 2, maxBackoffMs);
        continue;
      }
      backoff = pollMs;
      cameBack();
      if (!jobs.length) {
        await sleep(kind);
        continue;
      }
      try {
        await (jobs.length > 1 ? runBatch(jobs, runner) : runOne(jobs[0]!, handle));
      } catch (err) {
        // They catch what they expect; anything else must not end this loop.
        log.error({ job: jobs[0]!.id, kind, err: briefly(err) }, 'the job runner failed on a job');
      }
    }
  }

  const loops = Object.entries(kinds).flatMap(([kind, k]) => Array.from({ length: k.concurrency }, () => loop(kind as JobKind, k)));
  let unlisten: Promise<(() => Promise<void>) | null> = Promise.resolve(null);
  if (opts.listen && loops.length) {
    unlisten = opts.listen(JOBS_CHANNEL, (kind) => wake(kind as JobKind)).catch((err: unknown) => {
      log.warn({ err }, 'could not LISTEN for new jobs; polling only');
      return null;
    });
  }
  return {
    wake,
    listening: unlisten.then((u) => u !== null),
    async stop() {
      stopping.abort();
      await Promise.allSettled(loops);
      await (await unlisten)?.();
    },
  };
}
