/** The durable job queue (src/jobs/job-queue.ts). */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { videos } from './catalog.ts';

/**
 * Durable background work: transcoding, M-Pesa reconciliation, mail, upload clean-up, pruning. A job
 * survives a restart: a worker leases it, and a lease that runs out (the worker died) lets another
 * worker take it again. Failures retry with backoff. (The table kept its first name: transcoding
 * was its only kind.)
 */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: serial('id').primaryKey(),
    /** The video a transcoding job makes; null for the other kinds. */
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['transcode', 'reconcile-deposits', 'mail', 'sweep-uploads', 'prune-jobs', 'check-payouts', 'make-preview', 'sms', 'return-gifts', 'etims-submit', 'notify', 'notify-send', 'rentals-ending', 'passes', 'fold-purchase-counts'] }).notNull(),
    /** A recurring job's name: one row per task, rescheduled after each run instead of finished. */
    singletonKey: text('singleton_key').unique('media_jobs_singleton_key_unique'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Higher runs first: the demo's newest videos, which the home page shows, are made first. */
    priority: integer('priority').notNull().default(0),
    /** 0 to 100 while running. */
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(4),
    /** The source under media/sources/, and how to make it when it is a generated demo clip ('' for other kinds). */
    sourcePath: text('source_path').notNull().default(''),
    payload: jsonb('payload'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the current (or last) attempt began: with progress, how long it is expected to take. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('media_jobs_ready_idx').on(t.state, t.priority.desc(), t.id),
    index('media_jobs_video_idx').on(t.videoId),
    index('media_jobs_kind_idx').on(t.kind, t.state),
    // What a claim reads, in order (migration 0040).
    index('media_jobs_due_idx').on(t.kind, t.priority.desc(), t.id).where(sql`${t.state} = 'queued'`),
  ],
);
