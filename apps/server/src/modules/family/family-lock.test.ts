import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyLockState, FamilyUnlockResult, Video } from '@store/contract';
import { videos } from '../../db/schema.ts';
import { customerWithBalance } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof customerWithBalance>>;

/** Every video id an answer names: list results, groups' video_details, suggestions. */
function videoIdsIn(body: unknown): number[] {
  const found: number[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.vidId === 'number') found.push(o.vidId);
      Object.values(o).forEach(walk);
    }
  };
  walk(body);
  return found;
}

/**
 * Over a real socket, so that both ways a list is answered are tried: computed by the route, and
 * from the response cache before Fastify (cachedAnswersFirst), where a visitor's copy is waiting.
 */
describe.each(engines())('the family lock on %s', (engine) => {
  let t: TestApp;
  let base: string;
  let ids: number[];
  let adult: number[];
  let parent: Customer;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    const db = t.database.db;
    await db.update(videos).set({ rating: 'GE' });
    // Nairobi Heist (Action, Zamu) 18; Empire of Swords season 1 (Fantasy, Zamu) 16; Boda Boda Kings PG.
    await db.update(videos).set({ rating: '18' }).where(eq(videos.id, ids[1]!));
    await db.update(videos).set({ rating: '16' }).where(eq(videos.id, ids[2]!));
    await db.update(videos).set({ rating: 'PG' }).where(eq(videos.id, ids[4]!));
    adult = [ids[1]!, ids[2]!];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    parent = await customerWithBalance(t.app, 1000);
    // The parent owns the 18 film before the lock goes on.
    const bought = await call('POST', '/api/purchased/', parent, { video_id: ids[1], age_confirmed: true });
    expect(bought.status).toBe(201);
    expect((await call('PUT', '/api/family-lock/', parent, { pin: '2468', password: parent.password })).status).toBe(200);
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
  const unlockFor = async (c: Customer, pin: string) => {
    const res = await call('POST', '/api/family-lock/unlock/', c, { pin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as FamilyUnlockResult).unlock;
  };

  const LISTS = [
    '/api/videoDetails/?page_size=100',
    '/api/videoDetails/?page_size=100&ordering=-purchase_times',
    '/api/videoDetails/?title=Nairobi%20Heist',
    '/api/videoDetails/?title=Empire',
    '/api/videoDetails/?genre=Action',
    '/api/videoDetails/?genre=Fantasy&page_size=50',
    '/api/videoDetails/?dj=Zamu',
    '/api/videoDetails/?type=dj_zamu',
    '/api/videoDetails/?popular=true',
    '/api/videoDetails/?rating=16,18',
    '/api/trend/',
    '/api/genreTotal/',
    '/api/genretotal/?videos=20',
    '/api/dj_Total/',
    '/api/search/suggestions/?q=Nairobi',
    '/api/search/suggestions/?q=Empire',
  ];

  it('leaves 16 and 18 out of every list, search, suggestion, DJ and genre answer for a locked account, cached or not', async () => {
    for (const url of LISTS) {
      // A visitor's answer is cached first and has them (so this test would fail without the lock) ...
      const visitor = await call('GET', url);
      expect(visitor.status, url).toBe(200);
      // ... then the locked account asks twice: computed by the route, then from the cache.
      for (let i = 0; i < 2; i++) {
        const locked = await call('GET', url, parent);
        expect(locked.status, url).toBe(200);
        expect(videoIdsIn(locked.body).filter((id) => adult.includes(id)), url).toEqual([]);
      }
    }
    const everything = (await call('GET', '/api/videoDetails/?page_size=100')).body;
    expect(videoIdsIn(everything)).toEqual(expect.arrayContaining(adult));
    expect((await call('GET', '/api/videoDetails/?rating=16,18', parent)).body).toMatchObject({ count: 0 });
    const genres = (await call('GET', '/api/genreTotal/', parent)).body as { results: { title: string; video_count: number }[] };
    expect(genres.results.find((g) => g.title === 'Action')?.video_count).toBe(0);
  });

  it("answers a locked account's expired or ended token with 401 (the phone renews it), never with the visitor's list", async () => {
    const c = await customerWithBalance(t.app, 0);
    expect((await call('PUT', '/api/family-lock/', c, { pin: '4455', password: c.password })).status).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh_token: c.tokens.refresh }, headers: c.auth });
    const ended = await call('GET', '/api/videoDetails/?page_size=99', c);
    expect(ended.status).toBe(401);
    expect((await call('GET', '/api/videoDetails/?page_size=99')).status).toBe(200);
  });

  it('withholds the media addresses of a 16 or 18 video it owns, until the request carries its unlock value', async () => {
    const locked = (await call('GET', `/api/videoDetails/${ids[1]}/`, parent)).body as Video;
    expect(locked).toMatchObject({ vidId: ids[1], rating: '18', owned: true, family_locked: true, video: null });
    expect(locked.media).toBeUndefined();
    expect(JSON.stringify(locked)).not.toMatch(/\/media\/private\//);

    const unlock = await unlockFor(parent, '2468');
    const opened = (await call('GET', `/api/videoDetails/${ids[1]}/`, parent, undefined, { 'x-family-unlock': unlock })).body as Video;
    expect(opened.family_locked).toBeUndefined();
    expect(opened.media?.state).toBe('ready');
    // Unlocked, the lists are everyone's again.
    const list = (await call('GET', '/api/videoDetails/?page_size=100', parent, undefined, { 'x-family-unlock': unlock })).body;
    expect(videoIdsIn(list)).toEqual(expect.arrayContaining(adult));
    const state = (await call('GET', '/api/family-lock/', parent, undefined, { 'x-family-unlock': unlock })).body as FamilyLockState;
    expect(state).toMatchObject({ enabled: true, age_confirmed: true, unlocked_until: expect.any(String) });
    expect(Date.parse(state.unlocked_until!) - Date.now()).toBeGreaterThan(3.9 * 3600_000);
  });

  it("opens nothing with another account's unlock value", async () => {
    const other = await customerWithBalance(t.app, 0);
    expect((await call('PUT', '/api/family-lock/', other, { pin: '2468', password: other.password })).status).toBe(200);
    const othersValue = await unlockFor(other, '2468');
    const withOthers = (await call('GET', `/api/videoDetails/${ids[1]}/`, parent, undefined, { 'x-family-unlock': othersValue })).body as Video;
    expect(withOthers.family_locked).toBe(true);
    expect(withOthers.media).toBeUndefined();
    const list = (await call('GET', '/api/videoDetails/?page_size=100', parent, undefined, { 'x-family-unlock': othersValue })).body;
    expect(videoIdsIn(list).filter((id) => adult.includes(id))).toEqual([]);
    const parentsValue = await unlockFor(parent, '2468');
    const forged = parentsValue.replace(/^\d+\./, `${other.id}.`);
    expect(((await call('GET', '/api/family-lock/', other, undefined, { 'x-family-unlock': forged })).body as FamilyLockState).unlocked_until).toBeNull();
  });

  it('refuses a locked account a 16 or 18 purchase without the unlock value', async () => {
    const refused = await call('POST', '/api/purchased/', parent, { video_id: ids[2], age_confirmed: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ family_lock: true });
    const unlock = await unlockFor(parent, '2468');
    expect((await call('POST', '/api/purchased/', parent, { video_id: ids[2] }, { 'x-family-unlock': unlock })).status).toBe(201);
  });

  it('answers the sixth PIN after five wrong ones in 15 minutes with 429 and Retry-After, even the right one', async () => {
    const c = await customerWithBalance(t.app, 0);
    expect((await call('PUT', '/api/family-lock/', c, { pin: '1357', password: c.password })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const wrong = await call('POST', '/api/family-lock/unlock/', c, { pin: `000${i}` });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ pin: ['That PIN is not right.'] });
    }
    const limited = await call('POST', '/api/family-lock/unlock/', c, { pin: '1357' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((limited.body as { detail: string }).detail).toMatch(/Too many wrong PINs/);
  });

  it('resets a forgotten PIN with the password (older unlock values stop working) and turns off only with the password', async () => {
    const c = await customerWithBalance(t.app, 0);
    expect((await call('PUT', '/api/family-lock/', c, { pin: '1111', password: c.password })).status).toBe(200);
    const old = await unlockFor(c, '1111');
    expect((await call('PUT', '/api/family-lock/', c, { pin: '12345', password: c.password })).body).toEqual({ pin: ['Enter a 4-digit PIN.'] });
    expect((await call('PUT', '/api/family-lock/', c, { pin: '2222', password: 'not-the-password' })).body).toEqual({ password: ['That is not your current password.'] });
    expect((await call('PUT', '/api/family-lock/', c, { pin: '2222', password: c.password })).status).toBe(200);
    expect(((await call('GET', '/api/family-lock/', c, undefined, { 'x-family-unlock': old })).body as FamilyLockState).unlocked_until).toBeNull();
    expect((await call('POST', '/api/family-lock/unlock/', c, { pin: '1111' })).status).toBe(400);
    await unlockFor(c, '2222');

    expect((await call('DELETE', '/api/family-lock/', c, { password: 'wrong-password-1' })).status).toBe(400);
    const off = await call('DELETE', '/api/family-lock/', c, { password: c.password });
    expect(off.body).toMatchObject({ enabled: false });
    const list = (await call('GET', '/api/videoDetails/?page_size=100', c)).body;
    expect(videoIdsIn(list)).toEqual(expect.arrayContaining(adult));
    expect((await call('POST', '/api/family-lock/unlock/', c, { pin: '2222' })).status).toBe(409);
  });

  it('shows a visitor and an account without the lock every rating, with its rating on each video', async () => {
    const open = await customerWithBalance(t.app, 0);
    const list = (await call('GET', '/api/videoDetails/?page_size=100', open)).body as { results: Video[] };
    expect(videoIdsIn(list)).toEqual(expect.arrayContaining(adult));
    const rated = await t.database.db.select({ id: videos.id, rating: videos.rating }).from(videos).where(inArray(videos.id, ids));
    for (const v of list.results) expect(v.rating).toBe(rated.find((r) => r.id === v.vidId)!.rating);
    expect((await call('GET', '/api/videoDetails/?rating=ge,PG')).body).toMatchObject({ count: 4 });
    expect((await call('GET', '/api/videoDetails/?rating=X')).status).toBe(400);
  });
});
