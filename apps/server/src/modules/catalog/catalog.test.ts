import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DJ, Genre, Page, Video } from '@store/contract';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { FIXTURE_VIDEOS, HIDDEN_TITLE, insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe.each(engines())('catalogue API on %s', (engine) => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
  });
  afterAll(() => t.close());

  const get = async (url: string) => t.app.inject({ method: 'GET', url });
  const list = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<Video>>();
  };
  const titles = (page: Page<Video>) => page.results.map((v) => (v.season ? `${v.title} ${v.season}` : v.title));

  it('lists published videos newest first, as the home page asks', async () => {
    const page = await list('/api/videoDetails/?page_size=10&ordering=-date_uploaded');
    expect(page.count).toBe(FIXTURE_VIDEOS.length);
    expect(page.results[0]!.title).toBe('Demon Slayer: Hunter\u2019s Oath');
    expect(titles(page)).not.toContain(HIDDEN_TITLE);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
  });

  it('answers a repeated list from the response cache with the same body and headers, and still refuses a bad query', async () => {
    const url = '/api/videoDetails/?page_size=3&ordering=price';
    const first = await get(url);
    const again = await get(url);
    expect(again.body).toBe(first.body);
    for (const h of ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options', 'x-frame-options', 'cross-origin-resource-policy'])
      expect(again.headers[h], h).toBe(first.headers[h]);
    expect(again.headers['cache-control']).toBe('public, max-age=5');
    // the body depends on Accept-Encoding (br or gzip from the cache entry), so caches must know it
    expect(again.headers.vary).toBe('Authorization, X-Family-Unlock, Accept-Encoding');
    // a cached address never answers a different one, and what fails validation is never cached
    for (let i = 0; i < 2; i++) expect((await get('/api/videoDetails/?page_size=3&ordering=bogus')).statusCode).toBe(400);
    expect((await get('/api/videoDetails/?page_size=3&ordering=-price')).json<Page<Video>>().results[0]!.price).toBe(250);
  });

  it("never answers a signed-in customer with a visitor's cached copy of a video", async () => {
    const url = `/api/videoDetails/${ids[1]}/`;
    const visitor = await get(url);
    expect(visitor.json<Video>().owned).toBeUndefined();
    expect((await get(url)).headers.vary).toBe('Authorization, X-Family-Unlock');
    const customer = await signedInCustomer(t.app);
    const signedIn = await t.app.inject({ method: 'GET', url, headers: customer.auth });
    expect(signedIn.json<Video>().owned).toBe(false);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
  });

  it('sends a cached list compressed with Brotli once made, to a browser that takes it', async () => {
    const url = '/api/videoDetails/?page_size=6&ordering=title';
    const plain = await get(url);
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const first = await t.app.inject({ method: 'GET', url, headers: browser });
    const again = await t.app.inject({ method: 'GET', url, headers: browser });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Authorization, X-Family-Unlock, Accept-Encoding');
    expect(first.headers['cache-control']).toBe('public, max-age=5');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(plain.body);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // br refused (or plain http, where browsers do not offer it): gzip, also made once per entry
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toBe('Authorization, X-Family-Unlock, Accept-Encoding');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const gzipAgain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(gzipAgain.rawPayload.equals(gzip.rawPayload)).toBe(true);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('gives a cached answer an ETag, the same in every coding, and answers 304 to a browser that has it', async () => {
    const url = '/api/videoDetails/?page_size=6&ordering=-price';
    const plain = await get(url);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers.etag).toBe(etag);
    for (const inm of [etag, `"other", ${etag}`, etag.slice(2)]) {
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': inm, 'accept-encoding': 'gzip' } });
      expect(again.statusCode, inm).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('public, max-age=5');
      expect(again.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': 'W/"stale"' } })).statusCode).toBe(200);
    // a write clears the cache; the same JSON computed again keeps its ETag
    t.app.catalogCache.clear();
    expect((await get(url)).headers.etag).toBe(etag);
  });

  it('gives each video the seed fields, a loadable poster and no media address', async () => {
    const [video] = (await list('/api/videoDetails/?page_size=1')).results;
    expect(video).toMatchObject({
      vidId: ids[0],
      dj: 'Kibe',
      genre: 'Fantasy',
      cartegory: 'anime',
      type: 'dj_kibe',
      price: 100,
      purchase_times: 50,
      suggest: true,
      popular: false,
      video: null,
      image: '/media/posters/abc123-480.webp',
      additional_files: [{ name: 'English subtitles.srt', file: null, size: 2048 }],
    });
    expect(video!.image_set.map((i) => i.width)).toEqual([160, 320, 480]);
    expect(new Date(video!.date_uploaded).toISOString()).toBe(video!.date_uploaded);
  });

  it.each([
    ['genre=fantasy', ['Demon Slayer: Hunter\u2019s Oath', 'Empire of Swords Season 1', 'Empire of Swords Season 2']],
    ['cartegory=movie', ['Nairobi Heist', 'Boda Boda Kings', '100% Pure_Fun \\ "Quoted"']],
    ['cartegory=series', ['Empire of Swords Season 1', 'Empire of Swords Season 2']],
    ['type=dj_zamu', ['Nairobi Heist', 'Empire of Swords Season 1', 'Empire of Swords Season 2']],
    ['dj=Kibe', ['Demon Slayer: Hunter\u2019s Oath', 'Boda Boda Kings', '100% Pure_Fun \\ "Quoted"']],
    ['suggest=true', ['Demon Slayer: Hunter\u2019s Oath', 'Boda Boda Kings']],
    ['popular=true', ['Nairobi Heist', 'Boda Boda Kings']],
    ['popular=false&cartegory=movie', ['100% Pure_Fun \\ "Quoted"']],
    ['genre=Horror', []],
    ['cartegory=guide', []],
  ])('filters by %s', async (query, expected) => {
    expect(titles(await list(`/api/videoDetails/?${query}&ordering=-date_uploaded`))).toEqual(expected);
  });

  it.each([
    ['price', [30, 50, 70, 100, 200, 250]],
    ['-price', [250, 200, 100, 70, 50, 30]],
    ['-purchase_times', [70, 100, 250, 200, 50, 30]],
    ['purchase_times', [30, 50, 200, 250, 100, 70]],
    ['date_uploaded', [30, 50, 250, 200, 70, 100]],
  ])('orders by %s', async (ordering, prices) => {
    expect((await list(`/api/videoDetails/?ordering=${ordering}`)).results.map((v) => v.price)).toEqual(prices);
  });

  it('orders by title alphabetically', async () => {
    const page = await list('/api/videoDetails/?ordering=title&cartegory=movie');
    expect(titles(page)).toEqual(['100% Pure_Fun \\ "Quoted"', 'Boda Boda Kings', 'Nairobi Heist']);
  });

  it('pages with links that keep the filters', async () => {
    const first = await list('/api/videoDetails/?page_size=4&ordering=price');
    expect(first.results).toHaveLength(4);
    expect(first.next).toBe('/api/videoDetails/?page_size=4&ordering=price&page=2');
    const second = await list(first.next!);
    expect(second.results.map((v) => v.price)).toEqual([200, 250]);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('/api/videoDetails/?page_size=4&ordering=price');
  });

  it('answers a page past the end with 404 Invalid page.', async () => {
    for (const page of ['3', '0', '-1', 'abc', '99999999999']) {
      const res = await get(`/api/videoDetails/?page_size=4&page=${page}`);
      expect(res.statusCode, page).toBe(404);
      expect(res.json()).toEqual({ detail: 'Invalid page.' });
    }
  });

  it('refuses a bad page_size, ordering or flag with the field named', async () => {
    for (const [query, field] of [
      ['page_size=1001', 'page_size'],
      ['page_size=abc', 'page_size'],
      ['page_size=0', 'page_size'],
      ['page_size=2.5', 'page_size'],
      ['ordering=synopsis', 'ordering'],
      ['ordering=-', 'ordering'],
      ['suggest=maybe', 'suggest'],
    ] as const) {
      const res = await get(`/api/videoDetails/?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json<Record<string, string[]>>();
      expect(Object.keys(body), query).toEqual([field]);
      expect(body[field]![0]).toMatch(/\w/);
    }
  });

  it('accepts page_size 1000 and ignores unknown filters', async () => {
    expect((await list('/api/videoDetails/?page_size=1000&colour=blue')).count).toBe(FIXTURE_VIDEOS.length);
  });

  it('answers one video with and without the trailing slash', async () => {
    for (const url of [`/api/videoDetails/${ids[1]}`, `/api/videoDetails/${ids[1]}/`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json<Video>().title).toBe('Nairobi Heist');
    }
  });

  it('answers 404 for unknown, unpublished and non-numeric ids', async () => {
    for (const id of ['999999', String(ids[6]), 'abc', '1e3', '-1', '0', '99999999999999999999', "1'--"]) {
      const res = await get(`/api/videoDetails/${encodeURIComponent(id)}/`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('lists DJs with counts, and with their newest videos in dj_Total', async () => {
    const plain = (await get('/api/dj/')).json<Page<DJ>>();
    expect(plain.results.map((d) => [d.dj_name, d.video_count])).toEqual([
      ['Zamu', 3],
      ['Kibe', 3],
      ['Nyota', 0],
    ]);
    expect(plain.results[0]!.video_details).toBeUndefined();

    const total = (await get('/api/dj_Total?videos=2')).json<Page<DJ>>();
    const zamu = total.results.find((d) => d.dj_name === 'Zamu')!;
    expect(zamu.video_count).toBe(3);
    expect(zamu.video_details!.map((v) => v.season ?? v.title)).toEqual(['Nairobi Heist', 'Season 1']);
    expect(total.results.find((d) => d.dj_name === 'Nyota')!.video_details).toEqual([]);
  });

  it('lists genres, with their newest videos in genreTotal and genretotal', async () => {
    const plain = (await get('/api/genre')).json<Page<Genre>>();
    expect(plain.results.map((g) => [g.title, g.video_count])).toEqual([
      ['Action', 1],
      ['Comedy', 2],
      ['Fantasy', 3],
      ['Horror', 0],
    ]);
    expect(plain.results[0]!.cartId).toEqual(expect.any(Number));
    for (const path of ['/api/genreTotal/', '/api/genretotal']) {
      const total = (await get(path)).json<Page<Genre>>();
      const fantasy = total.results.find((g) => g.title === 'Fantasy')!;
      expect(fantasy.video_details).toHaveLength(3);
      expect(fantasy.video_details![0]!.title).toBe('Demon Slayer: Hunter\u2019s Oath');
    }
  });

  it('bounds the videos carried per group', async () => {
    const res = await get('/api/genreTotal/?videos=21');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('videos');
  });
});
