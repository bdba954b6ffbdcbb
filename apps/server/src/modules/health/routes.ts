import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@store/contract';
import type { JobQueue } from '../../jobs/job-queue.ts';

export const healthRoutes =
  (deps: { jobQueue: JobQueue; engine: 'pglite' | 'postgres' }): FastifyPluginAsyncZod =>
  async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['operations'], summary: 'Liveness, the database and the transcoding queue', response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const started = performance.now();
      const ok = await app.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
      const mediaJobs = ok ? await deps.jobQueue.counts(['transcode']).catch(() => null) : null;
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: { engine: deps.engine, ok, latency_ms: Math.round((performance.now() - started) * 100) / 100 },
        uptime_s: Math.round(process.uptime()),
        media_jobs: mediaJobs,
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
