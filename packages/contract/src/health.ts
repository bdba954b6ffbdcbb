import { z } from './zod.ts';

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ engine: z.enum(['pglite', 'postgres']), ok: z.boolean(), latency_ms: z.number() }),
  uptime_s: z.number(),
  /** Transcoding jobs by state: the demo's clips show here while they are made. */
  media_jobs: z.object({ queued: z.number().int(), running: z.number().int(), done: z.number().int(), failed: z.number().int() }).nullable(),
});
export type Health = z.infer<typeof healthSchema>;
