import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, livenessSchema, readinessSchema } from '@store/contract';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { readiness, type ReadinessDeps } from './readiness.ts';

export const healthRoutes =
  (deps: { jobQueue: JobQueue; engine: 'pglite' | 'postgres'; readiness: ReadinessDeps }): FastifyPluginAsyncZod =>
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

  // For machines (Kubernetes probes, load balancers): no sign-in, no rate limit, never cached.
  app.get(
    '/health/live',
    { schema: { tags: ['operations'], summary: 'Liveness: the process answers (nothing it depends on is asked)', response: { 200: livenessSchema } } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database, Redis and the bucket when configured, free space in DATA_DIR, the job queue',
        description: '200 when every check is ok or warn, 503 when one fails; each check answers within HEALTH_CHECK_TIMEOUT_MS.',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const body = await readiness(deps.readiness);
      return reply.status(body.status === 'fail' ? 503 : 200).header('cache-control', 'no-store').send(body);
    },
  );
};
