import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyUnlockResult } from '@store/contract';
import { videos } from '../../db/schema.ts';
import { customerWithBalance } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof customerWithBalance>>;
type Row = { video_id?: number; video_ids?: number[] };
type Answer = { results?: Row[]; purchase?: Row[]; hidden: number };

/**
 * CONTRACT §16, "the family lock names nothing it hides" (issue 32 item 11): a parent owns, rents, has
 * in the cart and gave 16 and 18 videos, then turns the lock on. Every answer to that account that
 * lists videos leaves them out and says how many it left out; the PIN's unlock brings them back.
 */
describe.each(engines())('the family lock names nothing it hides, on %s', (engine) => {
  let t: TestApp;
  let ids: number[];
  let parent: Customer;
  let adultTitles: string[];
  let adultPosters: string[];
  let adultIds: number[];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, c: Customer, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...c.auth, ...headers }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(engine, { loginRateLimit: 10_000 });
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    const db = t.database.db;
    await db.update(videos).set({ rating: 'GE', rentPrice: 20 });
    // Bought (18), rented (18), in the cart (16), given (18); ids[0] is a GE film bought beside them.
    adultIds = [ids[1]!, ids[2]!, ids[3]!, ids[5]!];
    await db.update(videos).set({ rating: '18' }).where(inArray(videos.id, [ids[1]!, ids[2]!, ids[5]!]));
    await db.update(videos).set({ rating: '16' }).where(eq(videos.id, ids[3]!));
    // Posters of their own, so that an address in an answer can only be theirs.
    for (const id of adultIds) await db.update(videos).set({ posterKey: `adult-poster-${id}` }).where(eq(videos.id, id));
    const rows = await db.select({ title: videos.title, poster: videos.posterKey }).from(videos).where(inArray(videos.id, adultIds));
    adultTitles = rows.map((r) => r.title);
    adultPosters = rows.map((r) => r.poster).filter((p): p is string => !!p);

    parent = await customerWithBalance(t.app, 100_000);
    expect((await call('POST', '/api/purchased/', parent, { video_id: ids[0] })).statusCode).toBe(201);
    expect((await call('POST', '/api/purchased/', parent, { video_id: ids[1], age_confirmed: true })).statusCode).toBe(201);
    const rented = await call('POST', '/api/rentals/', parent, { video_id: ids[2], age_confirmed: true });
    expect(rented.statusCode, rented.body).toBe(201);
    const gave = await call('POST', '/api/gifts/', parent, { video_ids: [ids[5]], to_email: 'nephew@example.com', message: 'Enjoy', age_confirmed: true });
    expect(gave.statusCode, gave.body).toBe(201);
    expect((await call('POST', '/api/cart/', parent, { video_id: ids[3] })).statusCode).toBe(201);
    expect((await call('POST', '/api/cart/', parent, { video_id: ids[4] })).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const lockOn = async () => expect((await call('PUT', '/api/family-lock/', parent, { pin: '2468', password: parent.password })).statusCode).toBe(200);
  const lockOff = async () => expect((await call('DELETE', '/api/family-lock/', parent, { password: parent.password })).statusCode).toBe(200);
  const unlocked = async () => ({ 'x-family-unlock': (await call('POST', '/api/family-lock/unlock/', parent, { pin: '2468' })).json<FamilyUnlockResult>().unlock });

  /** Each answer, with where its rows are and how many of the parent's adult rows it has when nothing is hidden. */
  const ANSWERS = [
    { url: '/api/info/', rows: (b: Answer) => b.purchase!, adultRows: 1 },
    { url: '/api/cart/', rows: (b: Answer) => b.results!, adultRows: 1 },
    { url: '/api/rentals/', rows: (b: Answer) => b.results!, adultRows: 1 },
    { url: '/api/gifts/', rows: (b: Answer) => b.results!, adultRows: 1 },
    // Receipts: the 18 purchase, the rental and the gift; activity: their three ledger entries.
    { url: '/api/receipts/', rows: (b: Answer) => b.results!, adultRows: 3 },
    { url: '/api/activity/', rows: (b: Answer) => b.results!, adultRows: 3 },
  ] as const;

  const leaks = (text: string) => [...adultTitles, ...adultPosters].filter((s) => text.includes(s));
  const namedIds = (rows: Row[]) => rows.flatMap((r) => [r.video_id ?? 0, ...(r.video_ids ?? [])]).filter((id) => adultIds.includes(id));

  it('with the lock off, every answer names the 16 and 18 videos and hides nothing', async () => {
    for (const a of ANSWERS) {
      const res = await call('GET', a.url, parent);
      expect(res.statusCode, a.url).toBe(200);
      expect(res.json().hidden, a.url).toBe(0);
      expect(leaks(res.body).length, a.url).toBeGreaterThan(0);
    }
    const purchases = await call('GET', '/api/purchases/', parent);
    expect(purchases.headers['x-family-hidden']).toBe('0');
    expect(purchases.json<{ video_id: number }[]>().map((p) => p.video_id).sort()).toEqual([ids[0], ids[1]].sort());
  });

  it('with the lock on, no answer carries their title, poster or id, and each says how many it hides', async () => {
    await lockOn();
    for (const a of ANSWERS) {
      const res = await call('GET', a.url, parent);
      expect(res.statusCode, a.url).toBe(200);
      expect(leaks(res.body), a.url).toEqual([]);
      expect(namedIds(a.rows(res.json<Answer>())), a.url).toEqual([]);
      expect(res.json().hidden, a.url).toBe(a.adultRows);
    }
    // What is not rated so stays: the GE purchase, the PG film in the cart (its total only its price).
    const info = (await call('GET', '/api/info/', parent)).json();
    expect(info.purchase.map((p: { video_id: number }) => p.video_id)).toEqual([ids[0]]);
    const cart = (await call('GET', '/api/cart/', parent)).json();
    expect(cart.results.map((i: { video_id: number }) => i.video_id)).toEqual([ids[4]]);
    expect(cart.total).toBe(cart.results[0].price);
    const purchases = await call('GET', '/api/purchases/', parent);
    expect(purchases.headers['x-family-hidden']).toBe('1');
    expect(leaks(purchases.body)).toEqual([]);
    // Taking out of and adding to the cart answer the cart too: under the lock, counted.
    const removed = await call('DELETE', `/api/cart/${ids[4]}/`, parent);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ results: [], total: 0, hidden: 1 });
    const added = await call('POST', '/api/cart/', parent, { video_id: ids[4] });
    expect(added.statusCode).toBe(201);
    expect(added.json().hidden).toBe(1);
    expect(leaks(added.body)).toEqual([]);
    // A receipt the list hides is not there when asked for by its id.
    const receiptIds = (await call('GET', '/api/receipts/', parent, undefined, await unlocked())).json().results.map((r: { id: number }) => r.id) as number[];
    const opened = await Promise.all(receiptIds.map((id) => call('GET', `/api/receipts/${id}/`, parent)));
    expect(opened.filter((r) => r.statusCode === 404)).toHaveLength(3);
    expect(opened.every((r) => leaks(r.body).length === 0)).toBe(true);
  });

  it('with a valid X-Family-Unlock they come back; a made-up one does not open them', async () => {
    const unlock = await unlocked();
    for (const a of ANSWERS) {
      const res = await call('GET', a.url, parent, undefined, unlock);
      expect(res.json().hidden, a.url).toBe(0);
      expect(leaks(res.body).length, a.url).toBeGreaterThan(0);
      const forged = await call('GET', a.url, parent, undefined, { 'x-family-unlock': `${parent.id}.9999999999.AAAA` });
      expect(leaks(forged.body), a.url).toEqual([]);
    }
    await lockOff();
    for (const a of ANSWERS) expect((await call('GET', a.url, parent)).json().hidden, a.url).toBe(0);
  });
});
