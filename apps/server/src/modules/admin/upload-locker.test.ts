import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { MemoryLocker, type Lock } from '@tus/server';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildStore } from '../../app.ts';
import { testRedisUrl } from '../../../test/helpers/engines.ts';
import { signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createRedisLocker } from './upload-locker.ts';

const redisUrl = testRedisUrl();
const never = new AbortController().signal;
const noop = () => undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Each test its own namespace, so runs and parallel files never see each other's locks. */
const namespace = () => `store-tus-test-${randomBytes(4).toString('hex')}`;

describe(redisUrl ? 'tus upload locks shared by two web processes through Redis' : 'tus upload locks in memory (set TEST_REDIS_URL for Redis)', () => {
  const clients: Redis[] = [];
  const lockers: ReturnType<typeof createRedisLocker>[] = [];
  const client = () => {
    const c = new Redis(redisUrl!);
    clients.push(c);
    return c;
  };
  const locker = (opts: Parameters<typeof createRedisLocker>[1]) => {
    const l = createRedisLocker(client(), opts);
    lockers.push(l);
    return l;
  };
  afterAll(async () => {
    for (const l of lockers) await l.close();
    for (const c of clients) c.disconnect();
  });

  describe('two web processes on one upload', () => {
    let t: TestApp;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let aLocker: unknown;
    let staff: Record<string, string>;
    let videoId: number;
    beforeAll(async () => {
      t = await createTestApp('pglite');
      videoId = (await insertFixtureCatalogue(t.database.db)).videos[0]!.id;
      staff = (await signedInStaff(t.app)).auth;
      // Without Redis there is one process's memory to share: the same app answers as both.
      const storeA = redisUrl ? await buildStore({ config: t.config, database: t.database, redis: client() }) : t.store;
      a = storeA.app;
      aLocker = storeA.uploadLocker;
      b = redisUrl ? await buildApp({ config: t.config, database: t.database, redis: client() }) : t.app;
    });
    afterAll(async () => {
      if (a !== t.app) await a.close();
      if (b !== t.app) await b.close();
      await t.close();
    });

    it('uses the Redis locker exactly when Redis is configured', () => {
      expect(t.store.uploadLocker).toBeInstanceOf(MemoryLocker);
      if (redisUrl) expect(aLocker).not.toBeInstanceOf(MemoryLocker);
    });

    it('makes a resume reaching the second process wait until the first has stopped writing, then tells it every byte', async () => {
      const baseA = await a.listen({ port: 0, host: '127.0.0.1' });
      const baseB = b === a ? baseA : await b.listen({ port: 0, host: '127.0.0.1' });
      const size = 4 * 1024 * 1024;
      const meta = `video_id ${Buffer.from(String(videoId)).toString('base64')},kind ${Buffer.from('extra').toString('base64')},filename ${Buffer.from('Making of.mp3').toString('base64')}`;
      const created = await fetch(`${baseA}/api/admin/uploads`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), 'Upload-Metadata': meta, ...staff } });
      expect(created.status).toBe(201);
      const location = created.headers.get('location')!;

      // A phone's PATCH reaches the first process, sends 1 MB and hangs (signal lost, connection half-open).
      const sent = 1024 * 1024;
      let patchClosedAt = 0;
      const patch = http.request(`${baseA}${location}`, {
        method: 'PATCH',
        headers: { 'Tus-Resumable': '1.0.0', ...staff, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(size) },
      });
      const patchEnded = new Promise<void>((resolve) => {
        patch.on('response', (res) => res.resume().on('end', resolve).on('error', resolve));
        patch.on('error', () => resolve());
        patch.on('close', () => resolve());
      }).then(() => (patchClosedAt = Date.now()));
      await new Promise<void>((resolve) => patch.write(randomBytes(sent), () => resolve()));
      await sleep(500);

      // Its resume asks the second process where to carry on: that waits for the first PATCH's lock.
      const head = await fetch(`${baseB}${location}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...staff } });
      // Answered only once the first process had ended the hanging PATCH and saved what it got.
      const closedBeforeAnswer = patchClosedAt;
      patch.destroy();
      await patchEnded;
      expect(head.status).toBe(200);
      expect(closedBeforeAnswer, 'the first PATCH was still open when the second process answered').toBeGreaterThan(0);
      expect(Number(head.headers.get('upload-offset'))).toBe(sent);
    });
  });

  // The locker itself needs a Redis (CI always has one: testRedisUrl fails the run without it).
  if (redisUrl) describe('the Redis locker', () => {
    it('lets one holder at a time, asks the holder to let go, and hands over when it does', async () => {
      const ns = namespace();
      const first = locker({ namespace: ns });
      const second = locker({ namespace: ns });
      const held = first.newLock('upload-1');
      const events: string[] = [];
      await held.lock(never, async () => {
        events.push('first asked to let go');
        await sleep(300);
        events.push('first unlocks');
        await held.unlock();
      });
      const waiting = second.newLock('upload-1');
      await waiting.lock(never, noop);
      events.push('second holds');
      expect(events).toEqual(['first asked to let go', 'first unlocks', 'second holds']);
      await waiting.unlock();
    });

    it('keeps a lock its holder does not give up, renewing it past its time to live', async () => {
      const ns = namespace();
      const first = locker({ namespace: ns, ttlMs: 300 });
      const second = locker({ namespace: ns, acquireTimeoutMs: 1200 });
      let asked = 0;
      const held = first.newLock('upload-2');
      await held.lock(never, () => void asked++);
      const started = Date.now();
      await expect(second.newLock('upload-2').lock(never, noop)).rejects.toMatchObject({ body: 'failed to acquire lock before timeout' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
      expect(asked).toBeGreaterThanOrEqual(1);
      await held.unlock();
      const after = second.newLock('upload-2');
      await after.lock(never, noop);
      await after.unlock();
    });

    it('frees the uploads of a process that died, once their time to live has passed', async () => {
      const ns = namespace();
      const moduleUrl = new URL('./upload-locker.ts', import.meta.url).href;
      const script = `
        import { Redis } from 'ioredis';
        const { createRedisLocker } = await import(${JSON.stringify(moduleUrl)});
        const locker = createRedisLocker(new Redis(${JSON.stringify(redisUrl)}), { namespace: ${JSON.stringify(ns)}, ttlMs: 1000 });
        await locker.newLock('upload-3').lock(new AbortController().signal, () => {});
        console.log('held');
        setInterval(() => {}, 1000);`;
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '../../..'), stdio: ['ignore', 'pipe', 'inherit'] });
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
          child.on('exit', (code) => reject(new Error(`the holder exited (${code}) before holding`)));
        });
        const other = locker({ namespace: ns, acquireTimeoutMs: 800 });
        // Alive, it renews: the lock stays its own.
        await expect(other.newLock('upload-3').lock(never, noop)).rejects.toMatchObject({ body: 'failed to acquire lock before timeout' });
        child.kill('SIGKILL');
        const killedAt = Date.now();
        const after = locker({ namespace: ns, acquireTimeoutMs: 5000 });
        const lock = after.newLock('upload-3');
        await lock.lock(never, noop);
        expect(Date.now() - killedAt).toBeLessThan(2500);
        await lock.unlock();
      } finally {
        child.kill('SIGKILL');
      }
    }, 30_000);

    it('tells a holder that lost its lock to stop, and its late unlock never frees the next holder', async () => {
      const ns = namespace();
      const redis = client();
      const first = createRedisLocker(redis, { namespace: ns, ttlMs: 600 });
      lockers.push(first);
      const second = locker({ namespace: ns });
      let told = false;
      const stale = first.newLock('upload-4');
      await stale.lock(never, () => void (told = true));
      // Redis loses the key (a failover, a flush): the holder's next renewal finds it gone.
      await redis.del(`${ns}:lock:upload-4`);
      const next = second.newLock('upload-4');
      await next.lock(never, noop);
      await sleep(400);
      expect(told).toBe(true);
      await stale.unlock();
      expect(await redis.exists(`${ns}:lock:upload-4`)).toBe(1);
      const third: Lock = locker({ namespace: ns, acquireTimeoutMs: 300 }).newLock('upload-4');
      await expect(third.lock(never, noop)).rejects.toMatchObject({ body: 'failed to acquire lock before timeout' });
      await next.unlock();
    });

    it('stops waiting when the waiting request is aborted', async () => {
      const ns = namespace();
      const first = locker({ namespace: ns });
      const held = first.newLock('upload-5');
      await held.lock(never, noop);
      const abort = new AbortController();
      const waiting = locker({ namespace: ns }).newLock('upload-5').lock(abort.signal, noop);
      setTimeout(() => abort.abort(), 200);
      const started = Date.now();
      await expect(waiting).rejects.toMatchObject({ body: 'failed to acquire lock before timeout' });
      expect(Date.now() - started).toBeLessThan(1000);
      await held.unlock();
    });
  });
});
