import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Info, Video } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { profiles, purchases, users, videos } from '../../../db/schema.ts';
import { ledgerMismatches, postLedgerEntry } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

describe.each(engines())('buying on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  let topUps = 0;
  const customerWith = async (balance: number) => {
    const c = await signedInCustomer(t.app);
    const [u] = await db().select().from(users).where(eq(users.email, c.email));
    if (balance > 0) await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: u!.id, kind: 'adjustment', amount: balance, reference: `test-top-up-${++topUps}` }));
    return c;
  };
  const balanceOf = async (c: Customer) => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.buyerid, c.buyerid)))[0]!.b;
  const buy = (c: Customer, payload: object, key?: string) => t.app.inject({ method: 'POST', url: '/api/purchased/', headers: { ...c.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const checkout = (c: Customer, videoIds: number[], key?: string) => t.app.inject({ method: 'POST', url: '/api/checkout/', headers: { ...c.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload: { video_ids: videoIds } });
  // What customers see (decision 0055: the video's row catches up when the count is folded).
  const timesBought = async (id: number) => (await t.app.inject({ url: `/api/videoDetails/${id}/` })).json<Video>().purchase_times;

  it('charges the catalogue price, whatever the body says, and records the purchase', async () => {
    const c = await customerWith(500);
    const before = await timesBought(ids[1]!);
    const res = await buy(c, { video_id: ids[1], price: 1, video_name: 'free', username: 'someone' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ purchases: [{ video_id: ids[1], video_name: 'Nairobi Heist', image_url: '/media/posters/abc123-480.webp', price: 70, username: c.username, purchase_time: expect.any(String) }], total: 70, balance: 430 });
    expect(await balanceOf(c)).toBe(430);
    expect(await timesBought(ids[1]!)).toBe(before + 1);
    const info = (await t.app.inject({ url: '/api/info/', headers: c.auth })).json<Info>();
    expect(info.purchase.map((p) => p.video_id)).toEqual([ids[1]]);
    // The account's list says each video's rating: a phone under the family lock leaves 16 and 18 out of it.
    expect(info.purchase[0]!.rating).toMatch(/^(GE|PG|16|18)$/);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('answers 402 with the balance and the price when the money is short', async () => {
    const c = await customerWith(60);
    const res = await buy(c, { video_id: ids[1] });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ balance: 60, price: 70, detail: expect.stringMatching(/balance is too low/) });
    expect(await balanceOf(c)).toBe(60);
  });

  it('answers 409 for a video already owned, and 404 for one not in the store', async () => {
    const c = await customerWith(500);
    await buy(c, { video_id: ids[4] });
    expect((await buy(c, { video_id: ids[4] })).statusCode).toBe(409);
    expect((await buy(c, { video_id: 999_999 })).statusCode).toBe(404);
    expect((await buy(c, { video_id: 'abc' })).statusCode).toBe(400);
    expect(await balanceOf(c)).toBe(450);
  });

  it('answers a retried request as the first one and charges once; refuses the key for another order', async () => {
    const c = await customerWith(500);
    const first = await buy(c, { video_id: ids[5] }, 'key-123');
    const again = await buy(c, { video_id: ids[5] }, 'key-123');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(c)).toBe(470);
    const other = await buy(c, { video_id: ids[4] }, 'key-123');
    expect(other.statusCode).toBe(422);
    expect(await balanceOf(c)).toBe(470);
  });

  it('buys a cart all or nothing', async () => {
    const c = await customerWith(300);
    const tooMuch = await checkout(c, [ids[0]!, ids[2]!, ids[4]!]); // 100 + 200 + 50
    expect(tooMuch.statusCode).toBe(402);
    expect(tooMuch.json()).toMatchObject({ balance: 300, price: 350 });
    expect(await db().select().from(purchases).innerJoin(profiles, eq(profiles.userId, purchases.userId)).where(eq(profiles.buyerid, c.buyerid))).toEqual([]);
    const ok = await checkout(c, [ids[0]!, ids[4]!]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ total: 150, balance: 150 });
    expect(ok.json().purchases).toHaveLength(2);
    // one owned video in a cart stops the whole cart
    expect((await checkout(c, [ids[1]!, ids[0]!])).statusCode).toBe(409);
    expect(await balanceOf(c)).toBe(150);
  });

  it('gives exactly 5 purchases out of 200 concurrent ones when the balance covers 5', async () => {
    const [sample] = await db().select().from(videos).where(eq(videos.id, ids[5]!));
    const many = await db()
      .insert(videos)
      .values(Array.from({ length: 200 }, (_, i) => ({ title: `Burst ${i}`, djId: sample!.djId, genreId: sample!.genreId, cartegory: 'movie', type: 'dj_kibe', price: 30, videoPath: `renditions/burst-${i}` })))
      .returning({ id: videos.id });
    const c = await customerWith(5 * 30 + 29);
    const attempts = await Promise.all(many.map((v) => buy(c, { video_id: v.id })));
    const statuses = attempts.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(195);
    expect(await balanceOf(c)).toBe(29);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('buys a video only once however many times it is tried at once', async () => {
    const c = await customerWith(1000);
    const attempts = await Promise.all(Array.from({ length: 50 }, () => buy(c, { video_id: ids[2] })));
    expect(attempts.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(attempts.filter((a) => a.statusCode === 409)).toHaveLength(49);
    expect(await balanceOf(c)).toBe(800);
  });

  it('keeps the cart: no duplicates, nothing owned, merged at login', async () => {
    const c = await customerWith(1000);
    const add = (id: number) => t.app.inject({ method: 'POST', url: '/api/cart/', headers: c.auth, payload: { video_id: id } });
    expect((await add(ids[0]!)).statusCode).toBe(201);
    expect((await add(ids[0]!)).json().results).toHaveLength(1);
    await buy(c, { video_id: ids[3] });
    expect((await add(ids[3]!)).statusCode).toBe(409);
    const merged = await t.app.inject({ method: 'POST', url: '/api/cart/merge/', headers: c.auth, payload: { video_ids: [ids[0], ids[1], ids[3], 999_999] } });
    expect(merged.json()).toMatchObject({ total: 170, results: [{ video_id: ids[0] }, { video_id: ids[1] }] });
    const bought = await checkout(c, [ids[0]!, ids[1]!]);
    expect(bought.statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/cart/', headers: c.auth })).json()).toEqual({ results: [], total: 0, hidden: 0 });
  });
});

describe.each(engines())('trending on %s', (engine) => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
  });
  afterAll(() => t.close());

  it('puts what was bought in the last 30 days first, then the all-time counts', async () => {
    const trend = async () => (await t.app.inject('/api/trend/?page_size=3')).json<{ results: { vidId: number }[] }>().results.map((v) => v.vidId);
    // before any purchase: purchase_times decides (fixture: Nairobi Heist 300, Demon Slayer 50, ...)
    expect(await trend()).toEqual([ids[1], ids[0], ids[3]]);
    for (let i = 0; i < 2; i++) {
      const c = await signedInCustomer(t.app);
      const [u] = await t.database.db.select().from(users).where(eq(users.email, c.email));
      await t.database.db.transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: u!.id, kind: 'adjustment', amount: 100, reference: `trend-${i}` }));
      expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[5] } })).statusCode).toBe(201);
    }
    // the Ksh 30 video with 0 all-time purchases now leads: two purchases this month
    expect((await trend())[0]).toBe(ids[5]);
  });
});
