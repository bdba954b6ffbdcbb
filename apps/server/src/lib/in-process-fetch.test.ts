import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessFetch } from './in-process-fetch.ts';

describe('fetch through app.inject', () => {
  const app = Fastify();
  app.post('/echo', async (request, reply) => reply.header('x-seen', String(request.headers['x-token'])).send({ query: request.query, body: request.body }));
  app.delete('/gone', async (_request, reply) => reply.status(204).send());
  app.get('/slow', () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 2000)));
  const f = inProcessFetch(() => app);
  afterAll(() => app.close());

  it('sends the method, path, query, headers and body, and answers status, headers and body', async () => {
    const res = await f('https://store.invalid/echo?n=1', { method: 'POST', headers: new Headers({ 'content-type': 'application/json', 'x-token': 'abc' }), body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-seen')).toBe('abc');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ query: { n: '1' }, body: { a: 1 } });
  });

  it('takes a path alone, and answers a 204 with no body', async () => {
    const res = await f('/gone', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  it('gives up when the caller’s signal aborts, as fetch does', async () => {
    const started = Date.now();
    await expect(f('/slow', { signal: AbortSignal.timeout(50) })).rejects.toThrow(/timeout|abort/i);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses a body that is not text rather than send it wrong', async () => {
    await expect(f('/echo', { method: 'POST', body: new Uint8Array([1, 2]) })).rejects.toThrow(/string bodies only/);
  });
});
