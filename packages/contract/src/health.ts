import { z } from './zod.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean(), latency_ms: z.number() }),
  uptime_s: z.number(),
  /** Transcoding jobs by state: the demo's clips show here while they are made. */
  media_jobs: z.object({ queued: z.number().int(), running: z.number().int(), done: z.number().int(), failed: z.number().int() }).nullable(),
});
export type Health = z.infer<typeof healthSchema>;

/** `GET /api/health/live`: the process answers; nothing it depends on is asked. */
export const livenessSchema = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * One dependency of `GET /api/health/ready`: ok, warn (ready, but worth a look) or fail (not
 * ready), how long it took to answer, and why it warns or fails.
 */
export const readinessCheckSchema = z.object({
  status: z.enum(['ok', 'warn', 'fail']),
  latency_ms: z.number(),
  output: z.string().optional(),
  /** disk: the free space in DATA_DIR and the least the store is ready with. */
  free_mb: z.number().optional(),
  min_free_mb: z.number().optional(),
  /** job_queue: how long the oldest job that is due has waited for a worker. */
  oldest_waiting_s: z.number().optional(),
});
export type ReadinessCheck = z.infer<typeof readinessCheckSchema>;

/**
 * `GET /api/health/ready`: 200 when every check is ok or warn, 503 when one fails. Redis and the
 * bucket appear only when the store is configured with them.
 */
export const readinessSchema = z.object({
  status: z.enum(['ok', 'warn', 'fail']),
  checks: z.object({
    database: readinessCheckSchema,
    redis: readinessCheckSchema.optional(),
    bucket: readinessCheckSchema.optional(),
    disk: readinessCheckSchema,
    job_queue: readinessCheckSchema,
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
