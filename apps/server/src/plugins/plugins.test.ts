import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';

describe('errors, health, docs and the single-page apps', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'store-dist-'));
    for (const site of ['web', 'admin']) {
      await fs.mkdir(path.join(dist, site, 'assets'), { recursive: true });
      await fs.writeFile(path.join(dist, site, 'index.html'), `<html>${site} app</html>`);
      await fs.writeFile(path.join(dist, site, 'assets', 'main-abc.js'), `console.log("${site}")`);
    }
    t = await createTestApp('pglite', { webDist: path.join(dist, 'web'), adminDist: path.join(dist, 'admin') });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('answers unknown API paths and methods with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/'],
      ['DELETE', '/api/videoDetails/1'],
      ['POST', '/somewhere'],
      ['GET', '/media/posters/missing-480.webp'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toEqual({ detail: 'Not found.' });
    }
  });

  it('serves the storefront for every deep link and the back office under /admin/', async () => {
    for (const url of ['/', '/video/12', '/search/demon%20slayer', '/account/password_reset/abc']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe('<html>web app</html>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject('/admin/videos/3')).body).toBe('<html>admin app</html>');
    expect((await t.app.inject('/admin')).headers.location).toBe('/admin/');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject('/assets/main-abc.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject('/admin/assets/main-abc.js')).body).toBe('console.log("admin")');
  });

  it('reports the database in /api/health', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { engine: 'pglite', ok: true } });
  });

  it('documents every endpoint in OpenAPI at /api/docs', async () => {
    const html = await t.app.inject('/api/docs');
    expect([200, 302]).toContain(html.statusCode);
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/videoDetails',
      '/api/videoDetails/{id}',
      '/api/dj',
      '/api/dj_Total',
      '/api/genre',
      '/api/genreTotal',
      '/api/genretotal',
      '/api/ceo',
      '/api/about_team',
      '/api/notification',
      '/api/message',
      '/api/health',
    ]) {
      expect(paths, p).toContain(p);
    }
    const params = (doc.paths['/api/videoDetails']!.get as { parameters: { name: string }[] }).parameters.map((x) => x.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'page_size', 'ordering', 'genre', 'cartegory', 'type', 'dj', 'suggest', 'popular', 'title']));
  });

  it('never leaks internals: a failing handler answers a plain 500', async () => {
    const { buildApp } = await import('../app.ts');
    const app = await buildApp({ config: t.config, database: t.database });
    app.get('/api/boom', async () => {
      throw new Error('secret connection string postgres://user:pw@db');
    });
    const res = await app.inject('/api/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Something went wrong on our side. Please try again.' });
    expect(res.body).not.toMatch(/secret|postgres|at /);
    await app.close();
  });
});
