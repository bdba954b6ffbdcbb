/**
 * The store with Redis reached through a TCP relay this test controls (issue 31): Redis holds the
 * shared rate limits (logins' failed-attempt counts and per-address limits, M-Pesa prompts per phone,
 * contact messages) and the upload locks. Every connection to it is cut at once and new ones refused
 * for a few seconds while requests are in flight (Redis restarting, a failover, a network blink),
 * then healed. Answers during the cut are 503 with Retry-After or successes (what does not need
 * Redis carries on), the process carries on, every kind is back within 5 s of healing without a
 * restart, nobody is locked out, the ledger is whole, and the outage is one log line down and one up.
 * Needs TEST_REDIS_URL, which CI sets (engines.ts fails CI without it).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { videoFiles } from '../src/db/schema.ts';
import type { Database } from '../src/db/client.ts';
import { openRedis } from '../src/lib/redis-client.ts';
import { customerWithBalance, login, signedInCustomer, signedInStaff } from './helpers/accounts.ts';
import { testRedisUrl } from './helpers/engines.ts';
import { expectLedgerWhole, expectSuccessOrTryAgain, loadThroughFault, videosToAsk } from './helpers/fault-load.ts';
import { startRelay, throughRelay, type Relay } from './helpers/relay.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

const CUT_MS = 3000;
const HEAL_WITHIN_MS = 5000;
const b64 = (s: string) => Buffer.from(s).toString('base64');

const redisUrl = testRedisUrl();

describe.each(redisUrl ? [redisUrl] : [])('the store when Redis blinks (%s)', (url) => {
  let t: TestApp;
  let app: FastifyInstance;
  let relay: Relay;
  let redis: Redis;
  const redisLog: { level: string; obj: object; msg: string }[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown) => unhandled.push(err);
  // Keys of this run only: Redis is shared with other test files and earlier runs.
  const run = randomBytes(4).toString('hex');
  const net = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const phoneBase = 10_000_000 + randomInt(80_000_000);

  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    process.on('uncaughtException', onUnhandled);
    const target = new URL(url);
    relay = await startRelay({ host: target.hostname, port: Number(target.port || 6379) });
    // The store's own client, as server.ts opens it (no offline queue, two retries, one line per state change).
    redis = openRedis(throughRelay(url, relay), {
      warn: (obj, msg) => redisLog.push({ level: 'warn', obj, msg }),
      info: (obj, msg) => redisLog.push({ level: 'info', obj, msg }),
    });
    await new Promise<void>((resolve, reject) => {
      redis.once('ready', () => resolve());
      redis.once('error', reject);
    });
    t = await createTestApp('pglite', { redis, loginFailureLimit: 3, loginRateLimit: 500, contactRateLimit: { max: 500, timeWindow: '1 minute' } });
    app = t.app;
  });

  afterEach(async () => {
    if (relay?.faulty) await relay.heal();
  });

  afterAll(async () => {
    await t?.close();
    redis?.disconnect();
    await relay?.close();
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
  });

  it('answers 503 with Retry-After for what needs Redis while it is cut, the rest as usual, and is back within 5 s of healing, locking nobody out', async () => {
    const db = app.db;
    const unused = await videosToAsk(db, 120, 'Redis blink');
    const target = unused[0]!;
    const buyer = await customerWithBalance(app, 5000, `${net}.200`);
    const staff = await signedInStaff(app, `${net}.201`);
    const customers = await Promise.all([0, 1, 2].map((k) => signedInCustomer(app, { email: `redis-blink-${run}-${k}@example.co.ke` }, `${net}.${k}`)));

    let n = 0;
    let uploaded = 0;
    const requests = {
      // Not Redis: a different video each time, never from the catalogue cache.
      details: () => app.inject({ url: `/api/videoDetails/${unused.pop()}/` }),
      // Not Redis either: money moves in the database only.
      purchase: () => app.inject({ method: 'POST', url: '/api/purchased/', headers: buyer.auth, payload: { video_id: unused.pop() } }),
      // The route's per-address limit, the account-and-address failure count, the account's slow-down.
      login: (i: number) => app.inject({ method: 'POST', url: '/api/login/', payload: { email: customers[i % 3]!.email, password: customers[i % 3]!.password }, remoteAddress: `${net}.${i % 3}` }),
      // The phone's prompt allowance.
      deposit: () => app.inject({ method: 'POST', url: '/api/deposit/', headers: buyer.auth, payload: { username: buyer.buyerid, amount: 50, phone_number: `07${phoneBase + n++}` } }),
      // The contact form's per-address limit.
      contact: () => app.inject({ method: 'POST', url: '/api/message/', payload: { name: 'Amina', email: 'amina@example.co.ke', phone_number: '0712345678', message: 'Karibu sana' }, remoteAddress: `${net}.100` }),
      // An upload's lock (a small extra file sent with its creation: tus locks it while it is written).
      upload: async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin/uploads',
          headers: { 'Tus-Resumable': '1.0.0', ...staff.auth, 'Upload-Length': '1024', 'Upload-Metadata': `video_id ${b64(String(target))},kind ${b64('extra')},filename ${b64(`notes-${run}-${n++}.txt`)}`, 'Content-Type': 'application/offset+octet-stream' },
          payload: randomBytes(1024),
        });
        if (res.statusCode === 201) uploaded++;
        return res;
      },
    };
    const ok = { details: 200, purchase: 201, login: 200, deposit: 200, contact: 201, upload: 201 } as const;
    const needsRedis = ['login', 'deposit', 'contact', 'upload'] as const;
    const kinds = Object.keys(requests) as (keyof typeof requests)[];
    const send = (kind: keyof typeof requests, i: number) => requests[kind](i);

    // Before: everything works.
    for (const kind of kinds) {
      const res = await send(kind, 0);
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(ok[kind]);
    }

    // Cut while requests are in flight, keep asking while it is cut, heal, and time how long until every kind succeeds again.
    const { during, back, backWithinMs } = await loadThroughFault({ kinds, send, ok, inFlight: 12, fault: () => relay.cut(), heal: () => relay.heal(), faultMs: CUT_MS, giveUpMs: HEAL_WITHIN_MS + 2000 });
    // What needs Redis was refused with "try again", in plain words; what does not carried on.
    const unavailable = expectSuccessOrTryAgain(during, ok, needsRedis);
    const afterFirstSecond = during.slice(12);
    for (const kind of ['details', 'purchase'] as const) expect(afterFirstSecond.filter((d) => d.kind === kind).every((d) => d.status === ok[kind]), kind).toBe(true);
    console.log(`Redis outage: ${during.length} answers during a ${CUT_MS} ms cut (${unavailable.length} were 503), every kind back ${backWithinMs} ms after healing`);
    expect(back).toEqual([...kinds].sort());
    expect(backWithinMs).toBeLessThan(HEAL_WITHIN_MS);

    // Nobody was locked out: each customer tried more often than the failure limit (3) during the cut.
    expect(during.filter((d) => d.kind === 'login').length).toBeGreaterThan(3 * customers.length);
    for (const [k, c] of customers.entries()) await login(app, c, `${net}.${k}`);

    // Nothing lost or doubled, and every upload answered 201 is kept.
    await expectLedgerWhole(db as Database, buyer.id);
    const files = await db.select({ n: sql<number>`count(*)::int` }).from(videoFiles).where(eq(videoFiles.videoId, target));
    expect(files[0]!.n).toBeGreaterThanOrEqual(uploaded);

    // The process carried on, and the outage was one line down and one up, in JSON.
    expect(unhandled).toEqual([]);
    expect(redisLog.map((l) => (l.obj as { redis: string }).redis)).toEqual(['down', 'up']);
  }, 30_000);

  it.each([
    // ioredis notices the reset and reconnects to a server that never answers its ready check: refused at once.
    { fault: 'hang', what: 'Redis accepts connections and says nothing', within: 1000 },
    // Open connections carry nothing and nothing is reset: each command fails after ioredis's commandTimeout (2 s).
    { fault: 'stall', what: 'open connections to Redis carry nothing (a partition)', within: 3000 },
  ] as const)('answers 503, not never, while $what', async ({ fault, within }) => {
    const c = await signedInCustomer(app, { email: `redis-${fault}-${run}@example.co.ke` }, `${net}.50`);
    const loginOnce = () => app.inject({ method: 'POST', url: '/api/login/', payload: { email: c.email, password: c.password }, remoteAddress: `${net}.50` });
    relay[fault]();
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      const started = Date.now();
      const res = await loginOnce();
      const tookMs = Date.now() - started;
      console.log(`Redis ${fault}: a login answered ${res.statusCode} after ${tookMs} ms`);
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(tookMs).toBeLessThan(within);
    } finally {
      await relay.heal();
    }
    await vi.waitFor(async () => expect((await loginOnce()).statusCode).toBe(200), { timeout: 5000, interval: 200 });
    expect(unhandled).toEqual([]);
  }, 20_000);
});
