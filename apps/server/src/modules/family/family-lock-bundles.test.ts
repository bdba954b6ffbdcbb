import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, FamilyUnlockResult, Page, Video } from '@store/contract';
import { videos } from '../../db/schema.ts';
import { customerWithBalance } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof customerWithBalance>>;

/**
 * The family lock (CONTRACT §13) beyond the catalogue's lists: bundles, a video's `bundles`, and the
 * details of a 16 or 18 video the account does not own. Over a real socket, so that a list's second
 * answer comes from the response cache before Fastify (the locked variant of decision 0044).
 */
describe.each(engines())('the family lock on bundles and video details on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let ids: number[];
  let parent: Customer;
  let seasonPass: Bundle;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    const db = t.database.db;
    await db.update(videos).set({ rating: 'GE' });
    // Nairobi Heist 18; Empire of Swords season 1 16, its season 2 GE: their season pass holds a 16.
    await db.update(videos).set({ rating: '18' }).where(eq(videos.id, ids[1]!));
    await db.update(videos).set({ rating: '16' }).where(eq(videos.id, ids[2]!));
    for (const id of [ids[1]!, ids[2]!, ids[3]!]) await db.update(videos).set({ previewPath: `previews/${id}/rev1` }).where(eq(videos.id, id));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    parent = await customerWithBalance(t.app, 1000);
    expect((await call('POST', '/api/purchased/', parent, { video_id: ids[1], age_confirmed: true })).status).toBe(201);
    expect((await call('PUT', '/api/family-lock/', parent, { pin: '2468', password: parent.password })).status).toBe(200);
    const all = (await call('GET', '/api/bundles/')).body as Page<Bundle>;
    seasonPass = all.results.find((b) => b.kind === 'all_seasons' && b.video_ids.includes(ids[2]!))!;
    expect(seasonPass.video_ids).toEqual([ids[2], ids[3]]);
  });
  afterAll(() => t.close());

  async function call(method: string, path: string, who?: { auth: Record<string, string> } | null, body?: object, extra: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(who?.auth ?? {}), ...extra, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
  }
  const unlock = async () => {
    const res = await call('POST', '/api/family-lock/unlock/', parent, { pin: '2468' });
    expect(res.status).toBe(200);
    return { 'x-family-unlock': (res.body as FamilyUnlockResult).unlock };
  };
  const bundleIds = (body: unknown) => (body as Page<Bundle>).results.map((b) => b.id);

  it("leaves a 16 series' season pass out of a locked account's bundles and answers 404 for it, until unlocked", async () => {
    for (const url of ['/api/bundles/', `/api/bundles/?video_id=${ids[3]}`]) {
      expect(bundleIds((await call('GET', url)).body), url).toContain(seasonPass.id);
      const locked = await call('GET', url, parent);
      expect(locked.status, url).toBe(200);
      expect(bundleIds(locked.body), url).not.toContain(seasonPass.id);
      expect(JSON.stringify(locked.body), url).not.toContain('Empire of Swords');
      expect(locked.headers.get('vary')).toMatch(/X-Family-Unlock/i);
    }
    const one = await call('GET', `/api/bundles/${seasonPass.id}/`, parent);
    expect(one.status).toBe(404);
    expect(one.body).toEqual({ detail: expect.any(String) });

    const opened = await unlock();
    expect(bundleIds((await call('GET', '/api/bundles/', parent, undefined, opened)).body)).toContain(seasonPass.id);
    expect((await call('GET', `/api/bundles/${seasonPass.id}/`, parent, undefined, opened)).body).toMatchObject({ id: seasonPass.id, video_ids: [ids[2], ids[3]] });
    expect((await call('GET', `/api/bundles/${seasonPass.id}/`)).status).toBe(200);
  });

  it("names no bundle holding a 16 or 18 video on a locked account's family videos, cached or not", async () => {
    const named = (body: unknown, id: number) => (body as Page<Video>).results.find((v) => v.vidId === id)?.bundles;
    for (const url of ['/api/videoDetails/?page_size=100', '/api/videoDetails/?title=Empire', '/api/trend/?page_size=100']) {
      // The visitor's answer, cached first, names the season pass on season 2 (so this fails without the lock) ...
      expect(named((await call('GET', url)).body, ids[3]!), url).toEqual([{ id: seasonPass.id, title: seasonPass.title, price: seasonPass.price }]);
      // ... the locked account's, computed then from the cache, keeps season 2 and leaves the pass out.
      for (let i = 0; i < 2; i++) expect(named((await call('GET', url, parent)).body, ids[3]!), `${url} #${i}`).toEqual([]);
    }
    const genres = (await call('GET', '/api/genreTotal/?videos=20', parent)).body;
    expect(JSON.stringify(genres)).not.toContain(seasonPass.title);
    const details = (await call('GET', `/api/videoDetails/${ids[3]}/`, parent)).body as Video;
    expect(details).toMatchObject({ vidId: ids[3], bundles: [] });
    expect(details.family_locked).toBeUndefined();
    expect(details.preview).toBe(`/media/previews/${ids[3]}/rev1/index.m3u8`);
  });

  it('withholds the preview of a 16 or 18 video it does not own, flagged family_locked, and of one it owns', async () => {
    const visitors = (await call('GET', `/api/videoDetails/${ids[2]}/`)).body as Video;
    expect(visitors.preview).toBe(`/media/previews/${ids[2]}/rev1/index.m3u8`);
    for (const [id, owned] of [
      [ids[2]!, false],
      [ids[1]!, true],
    ] as const) {
      const locked = await call('GET', `/api/videoDetails/${id}/`, parent);
      expect(locked.status).toBe(200);
      expect(locked.body).toMatchObject({ vidId: id, owned, family_locked: true, video: null, preview: null });
      expect((locked.body as Video).media).toBeUndefined();
      expect(JSON.stringify(locked.body)).not.toMatch(/\/media\/(previews|private)\//);
    }
    const opened = (await call('GET', `/api/videoDetails/${ids[2]}/`, parent, undefined, await unlock())).body as Video;
    expect(opened.family_locked).toBeUndefined();
    expect(opened).toMatchObject({ owned: false, preview: `/media/previews/${ids[2]}/rev1/index.m3u8`, bundles: [{ id: seasonPass.id }] });
  });

  it('changes nothing for an account without the lock', async () => {
    const open = await customerWithBalance(t.app, 0);
    expect(bundleIds((await call('GET', '/api/bundles/', open)).body)).toContain(seasonPass.id);
    const video = (await call('GET', `/api/videoDetails/${ids[2]}/`, open)).body as Video;
    expect(video).toMatchObject({ preview: `/media/previews/${ids[2]}/rev1/index.m3u8`, bundles: [{ id: seasonPass.id }] });
    expect(video.family_locked).toBeUndefined();
  });
});
