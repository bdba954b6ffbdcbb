import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Readiness, ReadinessCheck } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { failureWords, within } from './bounded.ts';
import { oldestDueJobAge } from './repository.ts';

/** What GET /api/health/ready asks, each when the store has it. */
export interface ReadinessDeps {
  db: Database;
  /** Redis (REDIS_URL), asked PING; absent: not checked. */
  redis?: { ping(): Promise<string> } | undefined;
  /** The media store: a bucket is asked for a small object's head (HEAD); on disk it is the disk check's. */
  mediaStore: { readonly driver: 'local' | 's3'; exists(key: string): Promise<boolean> };
  dataDir: string;
  settings: { checkTimeoutMs: number; minFreeMb: number; jobWarnS: number };
  /** Where DATA_DIR's free space is read (tests give a full disk). */
  statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }>;
}

/** A key no one writes: the bucket answers "not there" (404) when it is up, so the HEAD reads nothing. */
const BUCKET_PROBE_KEY = 'health/ready-probe';

type Outcome = Omit<ReadinessCheck, 'latency_ms'>;

/** Runs one check within the time bound, timing it; a throw or a time-out is a fail. */
async function timed(ms: number, check: () => Promise<Outcome>, onError: (err: unknown) => Outcome = (err) => ({ status: 'fail', output: failureWords(err) })): Promise<ReadinessCheck> {
  const started = performance.now();
  const outcome = await within(ms, check).catch(onError);
  return { ...outcome, latency_ms: Math.round((performance.now() - started) * 100) / 100 };
}

/**
 * Every check at once, each within its own bound (HEALTH_CHECK_TIMEOUT_MS), so the answer comes in
 * about that time whatever hangs. Not ready (fail) when the database, Redis or the bucket does not
 * answer, or DATA_DIR has less free space than READY_MIN_FREE_MB. The job queue only warns: a
 * backlog is not mended by taking web servers out of the balancer (docs/operations.md alerts on it).
 */
export async function readiness(deps: ReadinessDeps): Promise<Readiness> {
  const { checkTimeoutMs: ms, minFreeMb, jobWarnS } = deps.settings;
  const statfs = deps.statfs ?? ((dir: string) => fs.statfs(dir));
  const ok = (): Outcome => ({ status: 'ok' });
  const [database, redis, bucket, disk, jobQueue] = await Promise.all([
    timed(ms, async () => (await deps.db.execute(sql`select 1`), ok())),
    deps.redis ? timed(ms, async () => ((await deps.redis!.ping()) === 'PONG' ? ok() : { status: 'fail', output: 'unexpected answer to PING' })) : undefined,
    deps.mediaStore.driver === 's3' ? timed(ms, async () => (await deps.mediaStore.exists(BUCKET_PROBE_KEY), ok())) : undefined,
    timed(ms, async () => {
      const s = await statfs(deps.dataDir);
      const freeMb = Math.floor((Number(s.bavail) * Number(s.bsize)) / (1024 * 1024));
      return { status: freeMb < minFreeMb ? 'fail' : 'ok', free_mb: freeMb, min_free_mb: minFreeMb, ...(freeMb < minFreeMb ? { output: 'DATA_DIR is short of free space' } : {}) };
    }),
    // The database check says whether the database answers; a queue that cannot be read only warns.
    timed(
      ms,
      async () => {
        const age = Math.round(await oldestDueJobAge(deps.db));
        return { status: age > jobWarnS ? 'warn' : 'ok', oldest_waiting_s: age, ...(age > jobWarnS ? { output: `a due job has waited more than ${jobWarnS} s for a worker` } : {}) };
      },
      (err) => ({ status: 'warn', output: failureWords(err) }),
    ),
  ]);
  const checks: Readiness['checks'] = { database, ...(redis ? { redis } : {}), ...(bucket ? { bucket } : {}), disk, job_queue: jobQueue };
  const states = Object.values(checks).map((c) => c.status);
  return { status: states.includes('fail') ? 'fail' : states.includes('warn') ? 'warn' : 'ok', checks };
}
