import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testRedisUrl } from './helpers/engines.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { newCustomer, register } from './helpers/accounts.ts';

const redisUrl = testRedisUrl();
const valid = { name: 'Amina', email: 'amina@example.co.ke', phone_number: '0712345678', message: 'Karibu sana' };

// Without Redis configured this file proves the in-memory default instead, so it always runs.
describe(redisUrl ? 'rate limits shared through Redis' : 'rate limits in memory (set TEST_REDIS_URL for Redis)', () => {
  const opened: TestApp[] = [];
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const t of opened) await t.close();
    for (const c of clients) c.disconnect();
  });

  it('counts contact messages from one address across two server instances', async () => {
    const first = await createTestApp('pglite', { contactRateLimit: { max: 2, timeWindow: '1 minute' } });
    opened.push(first);
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.7`;
    const send = (app: typeof first.app) => app.inject({ method: 'POST', url: '/api/message/', payload: valid, remoteAddress: ip });

    if (!redisUrl) {
      expect([(await send(first.app)).statusCode, (await send(first.app)).statusCode, (await send(first.app)).statusCode]).toEqual([201, 201, 429]);
      return;
    }
    const redisA = new Redis(redisUrl);
    const redisB = new Redis(redisUrl);
    clients.push(redisA, redisB);
    const a = await buildApp({ config: first.config, database: first.database, redis: redisA });
    const b = await buildApp({ config: first.config, database: first.database, redis: redisB });
    try {
      expect((await send(a)).statusCode).toBe(201);
      expect((await send(b)).statusCode).toBe(201);
      const limited = await send(a);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('counts failed logins for one account atomically, also across two instances', async () => {
    const first = await createTestApp('pglite', { loginFailureLimit: 4 });
    opened.push(first);
    const c = newCustomer();
    await register(first.app, c);
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.9`;
    const guess = (app: typeof first.app, i: number) => app.inject({ method: 'POST', url: '/api/login/', payload: { email: c.email, password: `parallel-guess-${i}` }, remoteAddress: ip });
    const apps = [first.app];
    if (redisUrl) {
      const clientsHere = [new Redis(redisUrl), new Redis(redisUrl)];
      clients.push(...clientsHere);
      for (const redis of clientsHere) apps.push(await buildApp({ config: first.config, database: first.database, redis }));
      apps.shift();
    }
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(apps[i % apps.length]!, i)));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(4);
      expect(statuses.filter((s) => s === 429)).toHaveLength(16);
    } finally {
      if (redisUrl) for (const app of apps) await app.close();
    }
  });

  it('pauses one account’s password after ten wrong ones from ten addresses, counted across two instances', async () => {
    const first = await createTestApp('pglite');
    opened.push(first);
    const c = newCustomer({ email: `slowdown.${randomBytes(6).toString('hex')}@example.co.ke` });
    await register(first.app, c);
    const net = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const apps = [first.app];
    if (redisUrl) {
      const clientsHere = [new Redis(redisUrl), new Redis(redisUrl)];
      clients.push(...clientsHere);
      apps.length = 0;
      for (const redis of clientsHere) apps.push(await buildApp({ config: first.config, database: first.database, redis }));
    }
    const attempt = (i: number, password: string) => apps[i % apps.length]!.inject({ method: 'POST', url: '/api/login/', payload: { email: c.email, password }, remoteAddress: `${net}.${i}` });
    try {
      const statuses = [];
      for (let i = 1; i <= 10; i++) statuses.push((await attempt(i, `guess-${i}`)).statusCode);
      expect(statuses).toEqual(Array.from({ length: 10 }, () => 401));
      for (const i of [11, 12]) {
        const paused = await attempt(i, c.password);
        expect(paused.statusCode).toBe(429);
        expect(Number(paused.headers['retry-after'])).toBeGreaterThan(14 * 60);
      }
    } finally {
      if (redisUrl) for (const app of apps) await app.close();
    }
  });
});
