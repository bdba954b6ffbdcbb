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
      await fs.writeFile(path.join(dist, site, 'index.html'), `<html><head><title>Store</title><meta name="description" content="x"></head><body><div id="root"><!-- shell -->loading<!-- /shell --></div>${site} app</body></html>`);
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
    const unknown = await t.app.inject('/no/such/page');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('web app');
    for (const url of ['/', '/new', '/search/demon%20slayer', '/dj/Kibe?tab=popular', '/store/movie/']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('web app');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject('/admin/videos/3')).body).toContain('admin app');
    expect((await t.app.inject('/admin')).headers.location).toBe('/admin/');
    // Not a redirect to itself (the router ignores trailing slashes): the back office's page.
    const home = await t.app.inject('/admin/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('admin app');
  });

  it('gives a shared /video/{id} link its title, price and poster for link previews', async () => {
    const { insertFixtureCatalogue } = await import('../../test/helpers/fixtures.ts');
    const { videos } = await insertFixtureCatalogue(t.database.db);
    const res = await t.app.inject(`/video/${videos[1]!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Nairobi Heist – Ksh 70 | Video Store Kenya</title>');
    expect(res.body).toContain('<meta property="og:title" content="Nairobi Heist – Ksh 70" />');
    expect(res.body).toContain('<meta property="og:image" content="http://localhost:3000/media/posters/abc123-480.webp" />');
    expect(res.body).toMatch(/<meta property="og:description" content="Ksh 70 · DJ Zamu · Action\. About Nairobi Heist" \/>/);
    expect(res.body).toContain('web app');
    // a title with markup is escaped, never injected
    const odd = videos[5]!;
    expect((await t.app.inject(`/video/${odd.id}`)).body).toContain('100% Pure_Fun \\ &quot;Quoted&quot;');
    const missing = await t.app.inject('/video/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('web app');
  });

  it('writes the first answers into the home page and preloads the hero poster', async () => {
    const res = await t.app.inject('/');
    expect(res.statusCode).toBe(200);
    const json = /<script id="initial-data" type="application\/json">(.*)<\/script>/.exec(res.body)![1]!;
    const data = JSON.parse(json) as Record<string, { results: { title: string; image_set: { url: string }[] }[] }>;
    const hero = data['/api/videoDetails/?page_size=10&ordering=-date_uploaded']!;
    expect(hero.results[0]!.title).toBe('Demon Slayer: Hunter\u2019s Oath');
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['/api/videoDetails/?page_size=7&ordering=-date_uploaded', '/api/dj/?page_size=100']));
    expect(res.body).toContain(`<link rel="preload" as="image" imagesrcset="${hero.results[0]!.image_set[0]!.url} 160w`);
    // a title cannot close the script early
    expect(json).not.toContain('</');
  });

  it('writes a title with $ patterns into the page as text, never as a replacement pattern', async () => {
    const { videos } = await import('../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [first] = await t.database.db.select({ id: videos.id }).from(videos).limit(1);
    const title = "Cash $' Flow $& $` $$ $1";
    await t.database.db.update(videos).set({ title, dateUploaded: new Date(Date.now() + 60_000) }).where(eq(videos.id, first!.id));
    t.app.catalogCache.clear();
    for (const url of [`/video/${first!.id}`, '/']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      for (const tag of ['<head>', '</head>', '<body>', '</body>', '<!-- /shell -->', '<script id="initial-data"']) {
        expect(res.body.split(tag).length - 1, `${url} ${tag}`).toBe(tag === '<!-- /shell -->' ? 0 : 1);
      }
      expect(res.body, url).toContain('Cash $&#39; Flow $&amp; $` $$ $1');
      const json = /<script id="initial-data" type="application\/json">(.*)<\/script>/.exec(res.body)![1]!;
      expect(JSON.stringify(JSON.parse(json)), url).toContain(JSON.stringify(title).slice(1, -1));
    }
    expect((await t.app.inject(`/video/${first!.id}`)).body).toContain("<title>Cash $&#39; Flow $&amp; $` $$ $1 – Ksh");
  });

  it('compresses JSON and pages for clients that accept it', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
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
