import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerErrorHandler } from './error-handler.ts';
import { registerRequestTimeout } from './request-timeout.ts';

const TIMEOUT_MS = 200;

/** A route stuck behind a dependency that no longer answers, one that answers in time, and the long ones. */
async function build() {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  registerRequestTimeout(app, TIMEOUT_MS);
  let finished = 0;
  app.get('/api/stuck/', async () => {
    await sleep(TIMEOUT_MS * 4);
    finished += 1;
    return { late: true };
  });
  app.get('/api/quick/', async () => ({ ok: true }));
  app.patch('/api/admin/uploads/:id', async () => {
    await sleep(TIMEOUT_MS * 2);
    return { uploaded: true };
  });
  app.get('/media/private/videos/1/download.mp4', async () => {
    await sleep(TIMEOUT_MS * 2);
    return 'bytes';
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return { app, base: `http://127.0.0.1:${address.port}`, finished: () => finished };
}

describe('the request timeout', () => {
  let t: Awaited<ReturnType<typeof build>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await build();
    app = t.app;
  });
  afterAll(() => app.close());

  it('answers a stuck request 503 with Retry-After soon after the bound, never hangs', async () => {
    const started = performance.now();
    const res = await fetch(`${t.base}/api/stuck/`);
    const took = performance.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ detail: 'The store is briefly unavailable. Please try again in a moment.' });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(took).toBeLessThan(TIMEOUT_MS * 3);
  });

  it('says it in Kiswahili to a Kiswahili reader', async () => {
    const res = await fetch(`${t.base}/api/stuck/`, { headers: { 'accept-language': 'sw' } });
    expect(res.status).toBe(503);
    const { detail } = (await res.json()) as { detail: string };
    expect(detail).not.toContain('try again');
    expect(detail.length).toBeGreaterThan(10);
  });

  it('leaves answers in time alone, and the work that finishes late does not answer twice', async () => {
    expect(await (await fetch(`${t.base}/api/quick/`)).json()).toEqual({ ok: true });
    await sleep(TIMEOUT_MS * 4);
    expect(t.finished()).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${t.base}/api/quick/`)).status).toBe(200);
  });

  it('never cuts an upload or a media stream, long by nature', async () => {
    const upload = await fetch(`${t.base}/api/admin/uploads/abc`, { method: 'PATCH' });
    expect([upload.status, await upload.json()]).toEqual([200, { uploaded: true }]);
    const media = await fetch(`${t.base}/media/private/videos/1/download.mp4`);
    expect([media.status, await media.text()]).toEqual([200, 'bytes']);
  });
});

describe('REQUEST_TIMEOUT_MS', () => {
  it('defaults to 30 s, above the 5 s connection and 15 s statement timeouts; 0 turns it off', () => {
    const c = loadConfig({});
    expect(c.requestTimeoutMs).toBe(30_000);
    expect(c.requestTimeoutMs).toBeGreaterThan(c.databaseConnectTimeoutMs + c.databaseStatementTimeoutMs);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '0' }).requestTimeoutMs).toBe(0);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: 'soon' })).toThrow();
  });
});
