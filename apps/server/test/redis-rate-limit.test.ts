import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testRedisUrl } from './helpers/engines.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

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
});
