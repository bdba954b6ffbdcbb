import type { FastifyBaseLogger } from 'fastify';
import { JOBS_CHANNEL, type Job, type JobKind, type JobQueue } from './job-queue.ts';

export interface JobContext {
  signal: AbortSignal;
  /** 0 to 1; written to the job (at most about once a second) and renews its lease. */
  progress: (fraction: number) => void;
}
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;

/** What runs one kind of job, and how many of them at once in this process. */
export interface KindRunner {
  handle: JobHandler;
  concurrency: number;
}

/** Subscribes to a notification channel; answers the unsubscribe (DatabaseHandle.listen). */
export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

export interface JobRunner {
  /** Look for work now instead of at the next poll (after an enqueue), for one kind or all. */
  wake(kind?: JobKind): void;
  /** Stops taking jobs; running ones are aborted and given back to the queue. */
  stop(): Promise<void>;
}

type RunnerOptions = { queue: JobQueue; log: FastifyBaseLogger; pollMs?: number; listen?: Listen | undefined } & (
  | { kinds: Partial<Record<JobKind, KindRunner>> }
  /** Transcoding only, `workers` at a time (the first form, kept for its callers). */
  | { handle: JobHandler; workers: number }
);

/**
 * Runs jobs from the durable queue: for each kind, `concurrency` loops that claim only that kind,
 * so a long transcode never holds up a mail. Idle loops poll, and wake at once on a notification
 * (LISTEN/NOTIFY: PostgreSQL tells every process when a job is added).
 */
export function startJobRunner(opts: RunnerOptions): JobRunner {
  const { queue, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const kinds: Partial<Record<JobKind, KindRunner>> = 'kinds' in opts ? opts.kinds : { transcode: { handle: opts.handle, concurrency: opts.workers } };
  const stopping = new AbortController();
  const sleepers = new Map<JobKind, Set<() => void>>();

  const sleep = (kind: JobKind) =>
    new Promise<void>((resolve) => {
      const set = sleepers.get(kind) ?? new Set();
      sleepers.set(kind, set);
      const timer = setTimeout(done, pollMs);
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

  async function runOne(job: Job, handle: JobHandler) {
    let lastWrite = 0;
    let pending = Promise.resolve();
    const progress = (fraction: number) => {
      const now = Date.now();
      if (now - lastWrite < 1000 && fraction < 1) return;
      lastWrite = now;
      pending = pending.then(() => queue.heartbeat(job, Math.round(fraction * 100)).then(() => undefined)).catch((err: unknown) => log.warn({ err }, 'job heartbeat failed'));
    };
    try {
      await handle(job, { signal: stopping.signal, progress });
      await pending;
      await queue.complete(job);
      log.info({ job: job.id, kind: job.kind, video: job.videoId ?? undefined }, 'job done');
    } catch (err) {
      await pending;
      if (stopping.signal.aborted) {
        await queue.release(job);
        return;
      }
      const reason = err instanceof Error ? err.message : String(err);
      const outcome = await queue.fail(job, reason);
      log.warn({ job: job.id, kind: job.kind, video: job.videoId ?? undefined, attempt: job.attempts, outcome, reason }, 'job failed');
    }
  }

  async function loop(kind: JobKind, handle: JobHandler) {
    while (!stopping.signal.aborted) {
      let job: Job | null = null;
      try {
        job = await queue.claim([kind]);
      } catch (err) {
        log.error({ err, kind }, 'could not claim a job');
      }
      if (job) await runOne(job, handle);
      else await sleep(kind);
    }
  }

  const loops = Object.entries(kinds).flatMap(([kind, k]) => Array.from({ length: k.concurrency }, () => loop(kind as JobKind, k.handle)));
  let unlisten: Promise<(() => Promise<void>) | null> = Promise.resolve(null);
  if (opts.listen && loops.length) {
    unlisten = opts.listen(JOBS_CHANNEL, (kind) => wake(kind as JobKind)).catch((err: unknown) => {
      log.warn({ err }, 'could not LISTEN for new jobs; polling only');
      return null;
    });
  }
  return {
    wake,
    async stop() {
      stopping.abort();
      await Promise.allSettled(loops);
      await (await unlisten)?.();
    },
  };
}
