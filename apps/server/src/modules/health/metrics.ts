import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { JOB_KINDS } from '../../jobs/job-queue.ts';
import { within } from './bounded.ts';
import { depositStats, jobStats, receiptStats } from './repository.ts';

/** What pg's Pool says of itself (PGlite has no pool). */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The PostgreSQL pool behind a handle (drizzle keeps it as $client), or undefined on PGlite. */
export function poolOf(database: Pick<DatabaseHandle, 'db' | 'engine'>): PoolStats | undefined {
  if (database.engine !== 'postgres') return undefined;
  const client = (database.db as unknown as { $client?: Partial<PoolStats> }).$client;
  return typeof client?.totalCount === 'number' ? (client as PoolStats) : undefined;
}

export interface MetricsOptions {
  /** METRICS_TOKEN: unset, nothing is measured and GET /metrics answers 404. */
  token: string | undefined;
  db: Database;
  pool?: PoolStats | undefined;
  poolSize: number;
  /** Each query a scrape makes gives up after this long (HEALTH_CHECK_TIMEOUT_MS). */
  queryTimeoutMs: number;
}

/** How a sale was paid: from the balance at once, or in the transaction that credits an M-Pesa payment. */
export type PaidBy = 'balance' | 'mpesa';

/** Anything that sends (a mailer, an SMS sender). */
interface Sender {
  send(message: never): Promise<void>;
}

/**
 * The store's Prometheus metrics (prom-client), one registry per app: several apps in one process
 * (the tests) never share a metric. Requests are counted by route pattern (never the raw address,
 * so ids do not make a series each); the queue, M-Pesa and eTIMS figures are read from the database
 * when scraped, so they hold for every process of the store; sales, mail and SMS are counted by the
 * process that makes them. docs/operations.md lists them with the alerts worth setting.
 */
export function createMetrics(opts: MetricsOptions) {
  const enabled = Boolean(opts.token);
  const registry = new Registry();
  if (enabled) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({ name: 'store_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status_code'] as const, registers });
  const latency = new Histogram({ name: 'store_http_request_duration_seconds', help: 'Time to answer an HTTP request, by method, route pattern and status', labelNames: ['method', 'route', 'status_code'] as const, registers });
  const sales = new Counter({ name: 'store_sales_total', help: 'Sales completed by this process, by kind and how they were paid', labelNames: ['kind', 'paid_by'] as const, registers });
  const sent = new Counter({ name: 'store_messages_sent_total', help: 'Mail and SMS handed to their transport by this process, by channel and outcome', labelNames: ['channel', 'outcome'] as const, registers });
  const queryFailures = new Counter({ name: 'store_metrics_query_failures_total', help: 'Database reads of a scrape that failed or timed out (their gauges are left out of that scrape)', labelNames: ['query'] as const, registers });

  const pool = opts.pool;
  if (pool) {
    new Gauge({ name: 'store_db_pool_max', help: 'PostgreSQL connections this process may open (DATABASE_POOL_SIZE)', registers }).set(opts.poolSize);
    new Gauge({
      name: 'store_db_pool_connections',
      help: 'PostgreSQL connections of this process, open (total) and idle',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'store_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection of this process',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  const jobs = new Gauge({ name: 'store_jobs', help: 'Jobs in the durable queue by kind and state (done jobs are pruned after 7 days)', labelNames: ['kind', 'state'] as const, registers });
  const jobsDue = new Gauge({ name: 'store_jobs_due', help: 'Jobs due and waiting for a worker, by kind', labelNames: ['kind'] as const, registers });
  const jobsOldest = new Gauge({ name: 'store_jobs_oldest_due_seconds', help: 'How long the oldest due job of each kind has waited for a worker', labelNames: ['kind'] as const, registers });
  const mpesa = new Gauge({ name: 'store_mpesa_deposits', help: 'M-Pesa deposits (one STK prompt each) by state, since the store began; final states only grow', labelNames: ['state'] as const, registers });
  const mpesaOldest = new Gauge({ name: 'store_mpesa_oldest_pending_seconds', help: 'Age of the oldest M-Pesa prompt with no outcome yet', registers });
  const etims = new Gauge({ name: 'store_etims_receipts', help: 'Tax receipts not signed by eTIMS yet, pending or failed', labelNames: ['state'] as const, registers });
  const etimsOldest = new Gauge({ name: 'store_etims_oldest_pending_seconds', help: 'Age of the oldest receipt eTIMS has not signed yet', registers });

  /** One bounded read; on failure its gauges are emptied (no stale figure is scraped) and the failure counted. */
  const read = async <T>(query: string, gauges: Gauge[], work: () => Promise<T>, set: (v: T) => void) => {
    try {
      const v = await within(opts.queryTimeoutMs, work);
      for (const g of gauges) g.reset();
      set(v);
    } catch {
      for (const g of gauges) g.reset();
      queryFailures.inc({ query });
    }
  };
  const refresh = () =>
    Promise.all([
      read('jobs', [jobs, jobsDue, jobsOldest], () => jobStats(opts.db), (rows) => {
        for (const kind of JOB_KINDS) {
          jobsDue.set({ kind }, 0);
          jobsOldest.set({ kind }, 0);
          for (const state of ['queued', 'running', 'done', 'failed']) jobs.set({ kind, state }, 0);
        }
        for (const r of rows) {
          jobs.set({ kind: r.kind, state: r.state }, r.n);
          if (r.state === 'queued') {
            jobsDue.set({ kind: r.kind }, r.due);
            jobsOldest.set({ kind: r.kind }, r.oldestDueS);
          }
        }
      }),
      read('mpesa', [mpesa, mpesaOldest], () => depositStats(opts.db), (d) => {
        for (const state of ['pending', 'completed', 'failed', 'cancelled', 'review']) mpesa.set({ state }, d.byState[state] ?? 0);
        mpesaOldest.set(d.oldestPendingS);
      }),
      read('etims', [etims, etimsOldest], () => receiptStats(opts.db), (r) => {
        etims.set({ state: 'pending' }, r.pending);
        etims.set({ state: 'failed' }, r.failed);
        etimsOldest.set(r.oldestPendingS);
      }),
    ]);

  return {
    enabled,
    registry,
    /** Counts every answer by its route's pattern (`/api/videoDetails/:id`); 404s without a route as one series. */
    observeRequests(app: FastifyInstance) {
      if (!enabled) return;
      app.addHook('onResponse', async (request, reply) => {
        const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
        requests.inc(labels);
        latency.observe(labels, reply.elapsedTime / 1000);
      });
    },
    /** Told by the selling core of each completed sale (app.ts hands it over). */
    saleCompleted(kind: string, paidBy: PaidBy) {
      if (enabled) sales.inc({ kind, paid_by: paidBy });
    },
    /** The transport, counting what it sends (ok) and what it fails to (failed). */
    counted<T extends Sender>(channel: 'mail' | 'sms', transport: T): T {
      if (!enabled) return transport;
      return Object.assign(Object.create(transport) as T, {
        send: async (message: Parameters<T['send']>[0]) => {
          try {
            await transport.send(message);
            sent.inc({ channel, outcome: 'ok' });
          } catch (err) {
            sent.inc({ channel, outcome: 'failed' });
            throw err;
          }
        },
      });
    },
    /** The text a scrape reads, with the database's figures read now. */
    async scrape(): Promise<string> {
      await refresh();
      return registry.metrics();
    },
  };
}
export type StoreMetrics = ReturnType<typeof createMetrics>;

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * GET /metrics in Prometheus' text format, for a bearer of METRICS_TOKEN; without a token configured
 * the address is unknown (404) and nothing is measured. Never cached.
 */
export const metricsRoutes =
  (metrics: StoreMetrics, token: string | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      // Off: as unknown as any path outside the sites, whatever the storefront would answer there.
      if (!token || !metrics.enabled) return reply.status(404).header('cache-control', 'no-store').send({ detail: 'Not found.' });
      const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(given), digest(token))) {
        return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').header('cache-control', 'no-store').send({ detail: 'A valid metrics token is required.' });
      }
      const text = await metrics.scrape();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
  };
