import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mediaJobs } from '../db/schema.ts';

export type Job = typeof mediaJobs.$inferSelect;

/** A worker holds a job this long without a sign of life before another may take it. */
export const LEASE_SECONDS = 30;

/** Seconds before retry n (1-based): 10 s, 40 s, 160 s... */
export const backoffSeconds = (attempt: number) => 10 * 4 ** (attempt - 1);

export function createJobQueue(db: Database) {
  /** The job as this worker's lease knows it: attempts changes when someone else takes it over. */
  const mine = (job: Job) => and(eq(mediaJobs.id, job.id), eq(mediaJobs.attempts, job.attempts), eq(mediaJobs.state, 'running'));

  return {
    async enqueue(values: { videoId: number; sourcePath: string; payload?: unknown; priority?: number }): Promise<Job> {
      const [job] = await db.insert(mediaJobs).values({ kind: 'transcode', ...values }).returning();
      return job!;
    },

    /**
     * Leases the most urgent job that is due, or one whose worker stopped renewing its lease (a
     * crash or kill -9). SKIP LOCKED lets several workers and processes claim without waiting.
     */
    async claim(): Promise<Job | null> {
      const result = (await db.execute(sql`
        UPDATE ${mediaJobs} SET state = 'running', attempts = attempts + 1, progress = 0, error = NULL,
          leased_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
        WHERE id = (
          SELECT id FROM ${mediaJobs}
          WHERE (state = 'queued' AND run_after <= now()) OR (state = 'running' AND leased_until < now())
          ORDER BY priority DESC, id
          FOR UPDATE SKIP LOCKED
          LIMIT 1)
        RETURNING id`)) as unknown as { rows: { id: number }[] };
      const id = result.rows[0]?.id;
      if (id === undefined) return null;
      const [job] = await db.select().from(mediaJobs).where(eq(mediaJobs.id, Number(id)));
      return job ?? null;
    },

    /** Records progress (0-100) and renews the lease; false if the job is no longer this worker's. */
    async heartbeat(job: Job, progress: number): Promise<boolean> {
      const rows = await db
        .update(mediaJobs)
        .set({ progress, leasedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, updatedAt: sql`now()` })
        .where(mine(job))
        .returning({ id: mediaJobs.id });
      return rows.length > 0;
    },

    async complete(job: Job): Promise<void> {
      await db.update(mediaJobs).set({ state: 'done', progress: 100, leasedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` }).where(mine(job));
    },

    /** A failed attempt: queued again after a backoff, or failed for good with the reason. */
    async fail(job: Job, reason: string): Promise<'retry' | 'failed'> {
      const final = job.attempts >= job.maxAttempts;
      await db
        .update(mediaJobs)
        .set(
          final
            ? { state: 'failed', error: reason, leasedUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` }
            : { state: 'queued', error: reason, leasedUntil: null, runAfter: sql`now() + make_interval(secs => ${backoffSeconds(job.attempts)})`, updatedAt: sql`now()` },
        )
        .where(mine(job));
      return final ? 'failed' : 'retry';
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
      return rows.length > 0;
    },

    async counts(): Promise<Record<Job['state'], number>> {
      const rows = await db.select({ state: mediaJobs.state, n: sql<number>`count(*)::int` }).from(mediaJobs).groupBy(mediaJobs.state);
      const out = { queued: 0, running: 0, done: 0, failed: 0 };
      for (const r of rows) out[r.state] = Number(r.n);
      return out;
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
