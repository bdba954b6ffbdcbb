import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mediaJobs } from '../db/schema.ts';

export type Job = typeof mediaJobs.$inferSelect;
export type JobKind = Job['kind'];
export const JOB_KINDS: readonly JobKind[] = mediaJobs.kind.enumValues;

/** The channel enqueue notifies on PostgreSQL (and PGlite), so idle workers wake at once. */
export const JOBS_CHANNEL = 'store_jobs';

/** A worker holds a job this long without a sign of life before another may take it. */
export const LEASE_SECONDS = 30;

/** Seconds before retry n (1-based): 10 s, 40 s, 160 s... */
export const backoffSeconds = (attempt: number) => 10 * 4 ** (attempt - 1);

/** Finished jobs are kept this long (the back office shows them), then pruned. */
export const KEEP_DONE_DAYS = 7;

/** What a recurring job carries besides its own payload. */
interface Recurring {
  everyMs?: number;
  /** Cleared once the job is done (a mail holds a sign-in link). */
  sensitive?: boolean;
}
const recurringOf = (job: Job) => (job.payload ?? {}) as Recurring;

export function createJobQueue(db: Database) {
  /** The job as this worker's lease knows it: attempts changes when someone else takes it over. */
  const mine = (job: Job) => and(eq(mediaJobs.id, job.id), eq(mediaJobs.attempts, job.attempts), eq(mediaJobs.state, 'running'));
  const notify = (kind: JobKind) => db.execute(sql`SELECT pg_notify(${JOBS_CHANNEL}, ${kind})`);
  const inSeconds = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

  /** Done; a recurring job is queued again for its next run instead. */
  async function complete(job: Job): Promise<void> {
    const { everyMs, sensitive } = recurringOf(job);
    if (everyMs) {
      await db.update(mediaJobs).set({ state: 'queued', attempts: 0, progress: 0, error: null, leasedUntil: null, runAfter: inSeconds(everyMs), finishedAt: sql`now()`, updatedAt: sql`now()` }).where(mine(job));
      return;
    }
    await db
      .update(mediaJobs)
      .set({ state: 'done', progress: 100, error: null, leasedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()`, ...(sensitive ? { payload: null } : {}) })
      .where(mine(job));
  }

  /**
   * Leases up to `limit` jobs of these kinds in one statement, most urgent first, among the due ones
   * and those whose lease ran out (a worker died). The due ones are read in order from a partial index of queued
   * jobs (migration 0040), so a claim costs the same with 10,000 pushes waiting as with one; it
   * used to sort every queued job of the kind on each claim (6 ms at 10,000).
   */
  async function claimMany(kinds: readonly JobKind[], limit: number): Promise<Job[]> {
    const kindList = sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    return db
      .update(mediaJobs)
      .set({
        state: 'running',
        attempts: sql`${mediaJobs.attempts} + 1`,
        progress: 0,
        error: null,
        leasedUntil: inSeconds(LEASE_SECONDS * 1000),
        updatedAt: sql`now()`,
        startedAt: sql`now()`,
      })
      .where(
        sql`${mediaJobs.id} IN (
          SELECT id FROM (
            SELECT id, priority FROM (SELECT id, priority FROM media_jobs WHERE kind IN (${kindList}) AND state = 'running' AND leased_until < now()
                                      ORDER BY priority DESC, id LIMIT ${limit} FOR UPDATE SKIP LOCKED) lapsed
            UNION ALL
            SELECT id, priority FROM (SELECT id, priority FROM media_jobs WHERE kind IN (${kindList}) AND state = 'queued' AND run_after <= now()
                                      ORDER BY priority DESC, id LIMIT ${limit} FOR UPDATE SKIP LOCKED) due
          ) found ORDER BY priority DESC, id LIMIT ${limit})`,
      )
      .returning();
  }

  return {
    /** Adds a job (a transcode unless kind says otherwise) and wakes the workers that run its kind. */
    async enqueue(values: { kind?: JobKind; videoId?: number | null; sourcePath?: string; payload?: unknown; priority?: number; maxAttempts?: number; delayMs?: number }): Promise<Job> {
      const { delayMs, kind = 'transcode', ...rest } = values;
      const [job] = await db
        .insert(mediaJobs)
        .values({ kind, ...rest, ...(delayMs ? { runAfter: inSeconds(delayMs) } : {}) })
        .returning();
      await notify(kind);
      return job!;
    },

    /**
     * A recurring task, one row whatever the number of processes that ask (its kind is its key):
     * created due now if missing, else its interval is brought up to date and its schedule kept.
     */
    async schedule(kind: JobKind, everyMs: number): Promise<void> {
      const payload: Recurring = { everyMs };
      await db
        .insert(mediaJobs)
        .values({ kind, singletonKey: kind, payload, maxAttempts: 3 })
        .onConflictDoUpdate({ target: mediaJobs.singletonKey, set: { payload } });
    },

    /**
     * Leases the most urgent job of these kinds that is due, or one whose worker stopped renewing its
     * lease (a crash or kill -9). SKIP LOCKED lets several workers and processes claim without waiting.
     */
    async claim(kinds: readonly JobKind[] = ['transcode']): Promise<Job | null> {
      return (await claimMany(kinds, 1))[0] ?? null;
    },

    claimMany,

    /** Records progress (0-100) and renews the lease; false if the job is no longer this worker's. */
    async heartbeat(job: Job, progress: number): Promise<boolean> {
      const rows = await db
        .update(mediaJobs)
        .set({ progress, leasedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, updatedAt: sql`now()` })
        .where(mine(job))
        .returning({ id: mediaJobs.id });
      return rows.length > 0;
    },

    complete,

    /** Many done at once: the one-off jobs in one statement, a recurring or sensitive one as complete() does it. */
    async completeMany(jobs: readonly Job[]): Promise<void> {
      const plain: Job[] = [];
      for (const job of jobs) {
        const { everyMs, sensitive } = recurringOf(job);
        if (everyMs || sensitive) await complete(job);
        else plain.push(job);
      }
      if (!plain.length) return;
      const leases = sql.join(
        plain.map((j) => sql`(${j.id}::int, ${j.attempts}::int)`),
        sql`, `,
      );
      await db
        .update(mediaJobs)
        .set({ state: 'done', progress: 100, error: null, leasedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(sql`(${mediaJobs.id}, ${mediaJobs.attempts}) IN (${leases}) AND ${mediaJobs.state} = 'running'`);
    },

    /**
     * A failed attempt: queued again after a backoff, or failed for good with the reason. A recurring
     * job never stops: after its last attempt it waits for its next run, keeping the reason.
     */
    async fail(job: Job, reason: string): Promise<'retry' | 'failed'> {
      const final = job.attempts >= job.maxAttempts;
      const { everyMs, sensitive } = recurringOf(job);
      const retryAfter = backoffSeconds(job.attempts) * 1000;
      await db
        .update(mediaJobs)
        .set(
          final && everyMs
            ? { state: 'queued', attempts: 0, error: reason, leasedUntil: null, runAfter: inSeconds(everyMs), updatedAt: sql`now()` }
            : final
              ? { state: 'failed', error: reason, leasedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()`, ...(sensitive ? { payload: null } : {}) }
              : { state: 'queued', error: reason, leasedUntil: null, runAfter: inSeconds(everyMs ? Math.min(retryAfter, everyMs) : retryAfter), updatedAt: sql`now()` },
        )
        .where(mine(job));
      return final && !everyMs ? 'failed' : 'retry';
    },

    /** Gives a job back untouched (the process is shutting down): it is not the job's fault. */
    async release(job: Job): Promise<void> {
      await db
        .update(mediaJobs)
        .set({ state: 'queued', attempts: sql`${mediaJobs.attempts} - 1`, leasedUntil: null, updatedAt: sql`now()` })
        .where(mine(job));
    },

    /** Staff's retry of a failed job: a fresh set of attempts, now. */
    async retry(jobId: number): Promise<boolean> {
      const rows = await db
        .update(mediaJobs)
        .set({ state: 'queued', attempts: 0, error: null, runAfter: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(mediaJobs.id, jobId), eq(mediaJobs.state, 'failed')))
        .returning({ id: mediaJobs.id });
      if (rows.length) await notify('transcode');
      return rows.length > 0;
    },

    /** Removes jobs finished more than `days` ago (failed ones stay for staff to see and retry). */
    async prune(days = KEEP_DONE_DAYS): Promise<number> {
      const rows = await db
        .delete(mediaJobs)
        .where(and(eq(mediaJobs.state, 'done'), isNotNull(mediaJobs.finishedAt), lt(mediaJobs.finishedAt, sql`now() - make_interval(days => ${days})`)))
        .returning({ id: mediaJobs.id });
      return rows.length;
    },

    async counts(kinds?: readonly JobKind[]): Promise<Record<Job['state'], number>> {
      const rows = await db
        .select({ state: mediaJobs.state, n: sql<number>`count(*)::int` })
        .from(mediaJobs)
        .where(kinds ? inArray(mediaJobs.kind, [...kinds]) : undefined)
        .groupBy(mediaJobs.state);
      const out = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const r of rows) out[r.state] = Number(r.n);
      return out;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
