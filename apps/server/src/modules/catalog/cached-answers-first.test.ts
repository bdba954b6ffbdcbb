import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Video } from '@store/contract';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Over a real connection: app.inject() goes around the server that answers cached addresses before
 * Fastify (cachedAnswersFirst), so only a socket reaches it.
 */
describe.each(engines())('cached answers before Fastify, over HTTP, on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const request = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  const withoutDate = (h: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([name]) => name !== 'date'));

  it('answers a cached list with the same bytes and headers as the request that computed it', async () => {
    const url = '/api/videoDetails/?page_size=4&ordering=-date_uploaded';
    const computed = await request(url);
    const cached = await request(url);
    expect(computed.status).toBe(200);
    expect(cached.status).toBe(200);
    expect(cached.body.equals(computed.body)).toBe(true);
    expect(withoutDate(cached.headers)).toEqual(withoutDate(computed.headers));
    expect(cached.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=5',
      vary: 'Authorization, X-Family-Unlock, Accept-Encoding',
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(JSON.parse(cached.body.toString()) as Page<Video>).toMatchObject({ results: expect.any(Array) });
  });

  it('sends Brotli or gzip as the browser takes, and 304 to a browser that has it', async () => {
    const url = '/api/videoDetails/?page_size=6&ordering=title';
    const plain = await request(url);
    const br = await request(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gzip = await request(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const again = await request(url, { 'if-none-match': plain.headers.etag!, 'accept-encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(plain.headers.etag);
    expect(again.headers['x-frame-options']).toBe('DENY');
  });

  it("gives a signed-in customer their own answer for a video, never the visitor's cached one", async () => {
    const url = `/api/videoDetails/${ids[2]}/`;
    await request(url);
    const visitor = await request(url);
    expect((JSON.parse(visitor.body.toString()) as Video).owned).toBeUndefined();
    const customer = await signedInCustomer(t.app);
    const signedIn = await request(url, customer.auth);
    expect((JSON.parse(signedIn.body.toString()) as Video).owned).toBe(false);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const expired = await request(url, { authorization: 'Bearer not-a-token' });
    expect(expired.status).toBe(401);
  });

  it('answers a cached list to a signed-in customer too: lists are the same for everyone', async () => {
    const url = '/api/genre/?page_size=3';
    const visitor = await request(url);
    const customer = await signedInCustomer(t.app);
    const signedIn = await request(url, customer.auth);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.equals(visitor.body)).toBe(true);
  });

  it('leaves other methods on a cached address to Fastify', async () => {
    const url = '/api/videoDetails/?page_size=2';
    const get = await request(url);
    const head = await request(url, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    const post = await request(url, { 'content-type': 'application/json' }, 'POST');
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.body.equals(get.body)).toBe(false);
  });
});
