/**
 * The store on PostgreSQL reached through a TCP relay this test controls: every connection cut at
 * once and new ones refused for 20 s (PostgreSQL restarting, a failover, a network blink),
 * then healed. Answers during the cut are 503 with Retry-After or successes, the process carries on
 * (no unhandled error), service is back within 5 s of healing, no customer is locked out, and the
 * ledger is whole. PostgreSQL only (TEST_DATABASE_URL, which CI sets: engines.ts fails CI without it).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { createJobQueue, type Job } from '../src/jobs/job-queue.ts';
import { startJobRunner, type JobRunner } from '../src/jobs/runner.ts';
import { customerWithBalance, login, signedInCustomer } from './helpers/accounts.ts';
import { engines } from './helpers/engines.ts';
import { expectLedgerWhole, expectSuccessOrTryAgain, loadThroughFault, videosToAsk } from './helpers/fault-load.ts';
import { startRelay, throughRelay, type Relay } from './helpers/relay.ts';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.ts';

// As long as issue 31's measure asks: a PostgreSQL restart or failover takes about this long.
const CUT_MS = 20_000;
const HEAL_WITHIN_MS = 5000;

describe.each(engines().filter((e) => e === 'postgres'))('the store on %s when the database blinks', () => {
  let t: TestDatabase;
  let relay: Relay;
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let runner: JobRunner;
  let dataDir = '';
  const ran: number[] = [];
  const dbLog: object[] = [];
  const runnerLog: { level: string; msg: string }[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    t = await createTestDatabase('postgres');
    const target = new URL(t.url!);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
    handle = await openDatabase({ url: throughRelay(t.url!, relay), poolSize: 6, connectionTimeoutMs: 1000, statementTimeoutMs: 5000, log: { warn: (obj) => dbLog.push(obj) } });
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-outage-'));
    const config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MPESA_SIM_AUTO: 'off' }),
      webDist: null,
      adminDist: null,
      registerRateLimit: 10_000,
      // The load logs in hundreds of times from three addresses in 20 s; the per-address attempt
      // limit would answer 429 by design. What is tested is the failure limit, which stays at 3.
      loginRateLimit: 10_000,
      loginFailureLimit: 3,
    };
    app = await buildApp({ config, database: handle });
    await app.ready();
    // A job runner on the same relayed database, as the web server runs one.
    const log = Object.fromEntries(['info', 'warn', 'error', 'debug', 'trace', 'fatal'].map((level) => [level, (obj: object | string, msg?: string) => runnerLog.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? '') })]));
    runner = startJobRunner({
      queue: createJobQueue(handle.db),
      log: log as never,
      pollMs: 100,
      maxBackoffMs: 1000,
      listen: handle.listen,
      kinds: { mail: { concurrency: 2, handle: async (job: Job) => void ran.push(job.id) } },
    });
  });

  afterAll(async () => {
    await runner?.stop();
    await app?.close();
    await handle?.close();
    await relay?.close();
    await t?.destroy();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
  });

  it('answers 503 with Retry-After while it is cut, carries on, is back within 5 s of healing, and locks nobody out', async () => {
    const db = handle.db;
    const unused = await videosToAsk(db, 3000, 'Blink');
    const buyer = await customerWithBalance(app, 5000);
    const customers = [await signedInCustomer(app), await signedInCustomer(app), await signedInCustomer(app)];

    const requests = {
      // A different video each time: never answered from the catalogue cache.
      details: () => app.inject({ url: `/api/videoDetails/${unused.pop()}/` }),
      // Each customer from an address of their own: the failed-login limit counts account and address together.
      login: (i: number) => app.inject({ method: 'POST', url: '/api/login/', payload: { email: customers[i % 3]!.email, password: customers[i % 3]!.password }, remoteAddress: `10.1.0.${i % 3}` }),
      purchase: () => app.inject({ method: 'POST', url: '/api/purchased/', headers: buyer.auth, payload: { video_id: unused.pop() } }),
    };
    const ok = { details: 200, login: 200, purchase: 201 } as const;
    const kinds = Object.keys(requests) as (keyof typeof requests)[];
    const send = (kind: keyof typeof requests, i: number) => requests[kind](i);

    // Before: everything works.
    for (const kind of kinds) expect((await send(kind, 0)).statusCode).toBe(ok[kind]);

    // Cut while requests are in flight (connections checked out, inside transactions), keep asking
    // while it is cut, heal, and time how long until every kind of request succeeds again.
    // (No customer logs in more than twice at once: concurrent attempts beyond the failure limit are refused by design.)
    const { during, back, backWithinMs } = await loadThroughFault({ kinds, send, ok, inFlight: 12, fault: () => relay.cut(), heal: () => relay.heal(), faultMs: CUT_MS, giveUpMs: HEAL_WITHIN_MS + 2000 });
    // The cut is noticed: answers that needed the database were 503 with Retry-After, in plain words.
    const unavailable = expectSuccessOrTryAgain(during, ok, kinds);
    console.log(`database outage: ${during.length} answers during a ${CUT_MS} ms cut (${unavailable.length} were 503), every kind back ${backWithinMs} ms after healing; ${dbLog.length} lost connections logged`);
    expect(back).toEqual([...kinds].sort());
    expect(backWithinMs).toBeLessThan(HEAL_WITHIN_MS);

    // Nobody was locked out: each customer logs in with their password (the limit is 3 failures; each tried more often during the cut).
    expect(during.filter((d) => d.kind === 'login').length).toBeGreaterThan(3 * customers.length);
    for (const [k, c] of customers.entries()) await login(app, c, `10.1.0.${k}`);

    // The job runner carried on: a job added now runs.
    const job = await createJobQueue(db).enqueue({ kind: 'mail', payload: {} });
    await vi.waitFor(() => expect(ran).toContain(job.id), { timeout: 5000 });
    const queueLines = runnerLog.filter((l) => /job queue/.test(l.msg));
    expect(queueLines.length).toBeLessThanOrEqual(2);

    // Nothing lost or doubled; nothing crashed; lost connections were logged without their queries.
    await expectLedgerWhole(db as Database, buyer.id);
    expect(unhandled).toEqual([]);
    expect(dbLog.length).toBeGreaterThan(0);
    expect(JSON.stringify(dbLog)).not.toMatch(/select|insert|update|\$1/i);
  }, 50_000);

  it('answers 503 within the connection timeout, not never, while the database hangs', async () => {
    const customer = await signedInCustomer(app);
    relay.hang();
    // The pool drops the connections just reset; every query now needs a new one, which never answers.
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      const started = Date.now();
      const [details, info] = await Promise.all([app.inject({ url: '/api/videoDetails/999999/' }), app.inject({ url: '/api/info/', headers: customer.auth })]);
      const tookMs = Date.now() - started;
      console.log(`database hanging: answered ${details.statusCode} and ${info.statusCode} after ${tookMs} ms (connection timeout 1000 ms)`);
      for (const res of [details, info]) {
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(tookMs).toBeGreaterThanOrEqual(900);
      expect(tookMs).toBeLessThan(3000);
    } finally {
      await relay.heal();
    }
    await vi.waitFor(async () => expect((await app.inject({ url: '/api/info/', headers: customer.auth })).statusCode).toBe(200), { timeout: 5000, interval: 200 });
    expect(unhandled).toEqual([]);
  }, 20_000);

  it('answers a sale held up by a long lock 503 after the statement timeout, all or nothing, while the rest of the store carries on', async () => {
    const db = handle.db;
    const unused = await videosToAsk(db, 400, 'Held');
    const buyer = await customerWithBalance(app, 5000);
    const customer = await signedInCustomer(app);
    const requests = {
      details: () => app.inject({ url: `/api/videoDetails/${unused.pop()}/` }),
      login: () => app.inject({ method: 'POST', url: '/api/login/', payload: { email: customer.email, password: customer.password }, remoteAddress: '10.2.0.1' }),
      purchase: () => app.inject({ method: 'POST', url: '/api/purchased/', headers: buyer.auth, payload: { video_id: unused.pop() } }),
    };
    const ok = { details: 200, login: 200, purchase: 201 } as const;
    const kinds = Object.keys(requests) as (keyof typeof requests)[];
    // Someone (a report, a migration, staff's tool) holds the buyer's balance row for 8 s, longer
    // than the 5 s statement timeout; straight to PostgreSQL, not through the relay.
    const holder = new pg.Client({ connectionString: t.url! });
    await holder.connect();
    try {
      const { during, back, backWithinMs } = await loadThroughFault({
        kinds,
        send: (kind) => requests[kind](),
        ok,
        inFlight: 3,
        fault: async () => {
          await holder.query('BEGIN');
          await holder.query('SELECT account FROM profiles WHERE user_id = $1 FOR UPDATE', [buyer.id]);
        },
        heal: async () => void (await holder.query('ROLLBACK')),
        faultMs: 8000,
        giveUpMs: HEAL_WITHIN_MS,
      });
      const held = expectSuccessOrTryAgain(during, ok, ['purchase']);
      console.log(`long lock: ${during.length} answers while the buyer's row was held 8 s (${held.length} purchases 503 after the 5 s statement timeout), back ${backWithinMs} ms after its release`);
      // Only the sale that needed the row waited; the others were answered at once, and well.
      expect(held.every((d) => d.kind === 'purchase')).toBe(true);
      const others = during.filter((d) => d.kind !== 'purchase');
      expect(others.filter((d) => d.status !== ok[d.kind as keyof typeof ok] || d.ms > 1000)).toEqual([]);
      expect(back).toEqual([...kinds].sort());
      // A sale cancelled by the timeout left nothing: every video owned was paid for once.
      await expectLedgerWhole(db as Database, buyer.id);
      expect(unhandled).toEqual([]);
    } finally {
      await holder.end();
    }
  }, 40_000);
});
