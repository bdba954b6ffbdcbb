import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { mediaJobs } from '../../db/schema.ts';
import { customerWithBalance } from '../../../test/helpers/accounts.ts';
import { engines, testRedisUrl } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createMetrics } from './metrics.ts';
import { readiness, type ReadinessDeps } from './readiness.ts';

/** A family of the Prometheus text format as parse-prometheus-text-format reads it (the parser Prometheus' own format spec is tested with). */
interface Family {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }[];
}
const parsePrometheus = createRequire(import.meta.url)('parse-prometheus-text-format') as (text: string) => Family[];

const TOKEN = 'metrics-token-for-tests-0123456789';
const settings = { checkTimeoutMs: 200, minFreeMb: 1, jobWarnS: 900 };

describe('readiness checks, each within its bound', () => {
  const okDb = { execute: async () => ({ rows: [{ age: 0 }] }) } as unknown as Database;
  const base: ReadinessDeps = { db: okDb, mediaStore: { driver: 'local', exists: async () => false }, dataDir: '.', settings };

  it('is ready when everything answers, and leaves out what is not configured', async () => {
    const r = await readiness(base);
    expect(r.status).toBe('ok');
    expect(Object.keys(r.checks).sort()).toEqual(['database', 'disk', 'job_queue']);
    expect(r.checks.disk).toMatchObject({ status: 'ok', min_free_mb: 1, free_mb: expect.any(Number) });
  });

  it('fails on a database that refuses, and one that hangs is given up on at the bound', async () => {
    const refused = await readiness({ ...base, db: { execute: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' })) } as unknown as Database });
    expect(refused.status).toBe('fail');
    // The public answer names the code, never the address.
    expect(refused.checks.database).toMatchObject({ status: 'fail', output: 'error ECONNREFUSED' });
    expect(refused.checks.job_queue.status).toBe('warn');
    const started = performance.now();
    const hung = await readiness({ ...base, db: { execute: () => new Promise(() => undefined) } as unknown as Database });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(hung.checks.database).toMatchObject({ status: 'fail', output: 'no answer within 200 ms' });
    expect(hung.checks.database.latency_ms).toBeGreaterThanOrEqual(195);
  });

  it('asks Redis and the bucket when configured: a hung PING or an unreachable bucket is not ready', async () => {
    const up = await readiness({ ...base, redis: { ping: async () => 'PONG' }, mediaStore: { driver: 's3', exists: async () => false } });
    expect([up.status, up.checks.redis?.status, up.checks.bucket?.status]).toEqual(['ok', 'ok', 'ok']);
    const down = await readiness({ ...base, redis: { ping: () => new Promise(() => undefined) }, mediaStore: { driver: 's3', exists: () => Promise.reject(Object.assign(new Error('socket hang up'), { name: 'TimeoutError' })) } });
    expect(down.status).toBe('fail');
    expect(down.checks.redis).toMatchObject({ status: 'fail', output: 'no answer within 200 ms' });
    expect(down.checks.bucket).toMatchObject({ status: 'fail', output: 'error TimeoutError' });
  });

  it('is not ready when DATA_DIR is short of space', async () => {
    const full = await readiness({ ...base, settings: { ...settings, minFreeMb: 1024 }, statfs: async () => ({ bavail: 100, bsize: 4096 }) });
    expect(full.status).toBe('fail');
    expect(full.checks.disk).toMatchObject({ status: 'fail', free_mb: 0, min_free_mb: 1024 });
  });

  // With TEST_REDIS_URL a real Redis answers PONG; without it, one nobody listens for is not ready.
  const redisUrl = testRedisUrl();
  it(redisUrl ? 'PINGs a real Redis' : 'fails on a Redis that cannot be reached (set TEST_REDIS_URL for a real one)', async () => {
    const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:1', { maxRetriesPerRequest: 1, lazyConnect: !redisUrl, retryStrategy: () => null });
    redis.on('error', () => undefined);
    try {
      expect((await readiness({ ...base, redis })).checks.redis?.status).toBe(redisUrl ? 'ok' : 'fail');
    } finally {
      redis.disconnect();
    }
  });
});

describe('metrics of several apps in one process', () => {
  it('keeps a registry per app: the same names, no collision, no shared figures', async () => {
    const db = { execute: async () => ({ rows: [] }) } as unknown as Database;
    const [a, b] = [createMetrics({ token: TOKEN, db, poolSize: 1, queryTimeoutMs: 100 }), createMetrics({ token: TOKEN, db, poolSize: 1, queryTimeoutMs: 100 })];
    a.saleCompleted('rental', 'mpesa');
    const sales = (m: typeof a) => m.scrape().then((text) => parsePrometheus(text).find((f) => f.name === 'store_sales_total')?.metrics ?? []);
    expect(await sales(a)).toEqual([{ labels: { kind: 'rental', paid_by: 'mpesa' }, value: '1' }]);
    expect(await sales(b)).toEqual([]);
  });
});

describe.each(engines())('health for machines and /metrics on %s', (engine) => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { metricsToken: TOKEN, health: settings });
    // A second app in the same process, without a token.
    other = await createTestApp(engine, { health: settings });
  });
  afterAll(async () => {
    await t.close();
    await other.close();
  });

  const scrape = async (app = t.app) => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    return parsePrometheus(res.body);
  };
  const family = (families: Family[], name: string) => families.find((f) => f.name === name);
  const value = (families: Family[], name: string, labels: Record<string, string>) => {
    const m = family(families, name)?.metrics.find((x) => Object.entries(labels).every(([k, v]) => x.labels?.[k] === v));
    return m ? Number(m.value ?? m.count) : 0;
  };

  it('answers live at once and never cached', async () => {
    const res = await t.app.inject('/api/health/live');
    expect([res.statusCode, res.json(), res.headers['cache-control']]).toEqual([200, { status: 'ok' }, 'no-store']);
  });

  it('is ready with the database, the disk and the queue, and warns (still 200) on a job waiting too long', async () => {
    const res = await t.app.inject('/api/health/ready');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', checks: { database: { status: 'ok' }, disk: { status: 'ok' }, job_queue: { status: 'ok', oldest_waiting_s: 0 } } });
    expect(body.checks.redis).toBeUndefined();
    expect(body.checks.bucket).toBeUndefined();

    const [job] = await t.database.db.insert(mediaJobs).values({ kind: 'mail', runAfter: sql`now() - interval '2 hours'` }).returning();
    const late = await t.app.inject('/api/health/ready');
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: 'warn', checks: { job_queue: { status: 'warn', oldest_waiting_s: expect.any(Number) } } });
    expect(late.json().checks.job_queue.oldest_waiting_s).toBeGreaterThanOrEqual(7199);
    await t.database.db.delete(mediaJobs).where(sql`${mediaJobs.id} = ${job!.id}`);
  });

  it('turns 503 while the database is away (refusing or hanging) and 200 when it is back; /api/health/live stays 200', async () => {
    const spy = vi.spyOn(t.app.db, 'execute').mockRejectedValue(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    try {
      const res = await t.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'fail', checks: { database: { status: 'fail', output: 'error 57P01' }, job_queue: { status: 'warn' } } });
      expect((await t.app.inject('/api/health/live')).statusCode).toBe(200);
      spy.mockImplementation(() => new Promise(() => undefined) as never);
      const started = performance.now();
      const hung = await t.app.inject('/api/health/ready');
      expect(performance.now() - started).toBeLessThan(2000);
      expect([hung.statusCode, hung.json().checks.database.output]).toEqual([503, 'no answer within 200 ms']);
    } finally {
      spy.mockRestore();
    }
    expect((await t.app.inject('/api/health/ready')).statusCode).toBe(200);
  });

  it('asks for the token: none or a wrong one is 401, and the address is unknown when no token is configured', async () => {
    const none = await t.app.inject('/metrics');
    expect([none.statusCode, none.headers['www-authenticate']]).toEqual([401, 'Bearer realm="metrics"']);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: TOKEN } })).statusCode).toBe(401);
    const off = await other.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect([off.statusCode, off.json()]).toEqual([404, { detail: 'Not found.' }]);
  });

  it('counts requests by route pattern and status, with latency, parsed by a Prometheus-format parser', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.app.inject('/api/health/live')).statusCode).toBe(200);
    expect((await t.app.inject('/api/videoDetails/987654321/')).statusCode).toBe(404);
    expect((await t.app.inject('/api/no-such-thing/55555')).statusCode).toBe(404);
    const after = await scrape();
    const live = { method: 'GET', route: '/api/health/live', status_code: '200' };
    expect(value(after, 'store_http_requests_total', live) - value(before, 'store_http_requests_total', live)).toBe(3);
    expect(family(after, 'store_http_requests_total')?.type).toBe('COUNTER');
    expect(family(after, 'store_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // The parser keys a histogram's buckets by le alone (and keeps _count and _sum only unlabelled): read the live route's buckets alone.
    const text = (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const liveSeries = text.split('\n').filter((l) => /^# (HELP|TYPE) store_http_request_duration_seconds /.test(l) || (l.startsWith('store_http_request_duration_seconds_bucket{') && l.includes('route="/api/health/live",status_code="200"')));
    const buckets = parsePrometheus(`${liveSeries.join('\n')}\n`)[0]!.metrics[0]!.buckets!;
    const les = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'];
    expect(Object.keys(buckets).sort()).toEqual([...les].sort());
    const counts = les.map((le) => Number(buckets[le]));
    expect(counts.at(-1)).toBe(value(after, 'store_http_requests_total', live));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    // Patterns, never the addresses asked: the ids make no series of their own.
    const routes = family(after, 'store_http_requests_total')!.metrics.map((m) => m.labels!.route!);
    expect(routes.join(' ')).not.toMatch(/987654321|55555/);
    expect(routes).toContain('unmatched');
    expect(routes.some((r) => r.includes(':'))).toBe(true);
    // The process's own figures come with the registry.
    expect(family(after, 'process_cpu_user_seconds_total')).toBeDefined();
  });

  it('counts sales by kind and reads the queue, M-Pesa and eTIMS figures from the database', async () => {
    const { videos } = await insertFixtureCatalogue(t.database.db);
    const c = await customerWithBalance(t.app, 1000);
    const sold = { kind: 'purchase', paid_by: 'balance' };
    const before = value(await scrape(), 'store_sales_total', sold);
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: [videos[0]!.id] } });
    expect(res.statusCode, res.body).toBe(201);
    await t.store.mailTransport.send({ to: 'someone@example.com', subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    await t.store.jobQueue.enqueue({ kind: 'sms', payload: {} });
    const after = await scrape();
    expect(value(after, 'store_sales_total', sold) - before).toBe(1);
    expect(value(after, 'store_messages_sent_total', { channel: 'mail', outcome: 'ok' })).toBe(1);
    expect(value(after, 'store_etims_receipts', { state: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'store_etims_receipts', { state: 'failed' })).toBe(0);
    expect(family(after, 'store_etims_oldest_pending_seconds')).toBeDefined();
    expect(value(after, 'store_jobs_due', { kind: 'sms' })).toBe(1);
    expect(value(after, 'store_jobs', { kind: 'sms', state: 'queued' })).toBe(1);
    expect(value(after, 'store_jobs_due', { kind: 'transcode' })).toBe(0);
    expect(family(after, 'store_jobs_oldest_due_seconds')?.metrics.length).toBeGreaterThanOrEqual(10);
    for (const state of ['pending', 'completed', 'failed', 'cancelled']) expect(family(after, 'store_mpesa_deposits')?.metrics.map((m) => m.labels?.state)).toContain(state);
    expect(value(after, 'store_metrics_query_failures_total', { query: 'jobs' })).toBe(0);
    // PostgreSQL's pool says how busy it is; PGlite has none.
    expect(Boolean(family(after, 'store_db_pool_connections'))).toBe(engine === 'postgres');
    if (engine === 'postgres') {
      expect(value(after, 'store_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(family(after, 'store_db_pool_waiting')?.metrics[0]?.value).toBe('0');
    }
  });

  it('leaves a figure out, and counts the failure, when its query fails, instead of hanging the scrape', async () => {
    const spy = vi.spyOn(t.app.db, 'execute').mockImplementation(() => new Promise(() => undefined) as never);
    try {
      const started = performance.now();
      const families = await scrape();
      expect(performance.now() - started).toBeLessThan(2000);
      expect(family(families, 'store_jobs')?.metrics).toEqual([]);
      expect(value(families, 'store_metrics_query_failures_total', { query: 'jobs' })).toBeGreaterThanOrEqual(1);
      expect(value(families, 'store_metrics_query_failures_total', { query: 'etims' })).toBeGreaterThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
    expect(family(await scrape(), 'store_jobs')?.metrics.length).toBeGreaterThan(0);
  });
});
