import type { FastifyBaseLogger } from 'fastify';
import type { Job, JobQueue } from './job-queue.ts';

export interface JobContext {
  signal: AbortSignal;
  /** 0 to 1; written to the job (at most about once a second) and renews its lease. */
  progress: (fraction: number) => void;
}
export type JobHandler = (job: Job, ctx: JobContext) => Promise<void>;

export interface JobRunner {
  /** Look for work now instead of at the next poll (after an enqueue). */
  wake(): void;
  /** Stops taking jobs; running ones are aborted and given back to the queue. */
  stop(): Promise<void>;
}

/** Runs `workers` jobs at a time from the durable queue, polling for new ones. */
export function startJobRunner(opts: { queue: JobQueue; handle: JobHandler; workers: number; log: FastifyBaseLogger; pollMs?: number }): JobRunner {
  const { queue, handle, log } = opts;
  const pollMs = opts.pollMs ?? 1000;
  const stopping = new AbortController();
  let wakeUp: (() => void) | null = null;

  const sleep = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        wakeUp = null;
        resolve();
      }
      wakeUp = done;
      stopping.signal.addEventListener('abort', done, { once: true });
    });

  async function runOne(job: Job) {
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
      log.info({ job: job.id, video: job.videoId }, 'media job done');
    } catch (err) {
      await pending;
      if (stopping.signal.aborted) {
        await queue.release(job);
        return;
      }
      const reason = err instanceof Error ? err.message : String(err);
      const outcome = await queue.fail(job, reason);
      log.warn({ job: job.id, video: job.videoId, attempt: job.attempts, outcome, reason }, 'media job failed');
    }
  }

  async function worker() {
    while (!stopping.signal.aborted) {
      let job: Job | null = null;
      try {
        job = await queue.claim();
      } catch (err) {
        log.error({ err }, 'could not claim a media job');
      }
      if (job) await runOne(job);
      else await sleep();
    }
  }

  const loops = Array.from({ length: opts.workers }, () => worker());
  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopping.abort();
      await Promise.allSettled(loops);
    },
  };
}
