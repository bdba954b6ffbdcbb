import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, profiles, purchases, videos } from '../../../db/schema.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { customerWithBalance, type signedInCustomer } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/** A video that is not for sale (CONTRACT §8): in the cart it is refused, at checkout it is named. */
describe.each(engines())('a video not for sale, in the cart and at checkout, on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30
  let comingSoon: number;
  let hidden: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const fixture = await insertFixtureCatalogue(t.database.db);
    ids = fixture.videos.filter((v) => v.published).map((v) => v.id);
    hidden = fixture.videos.find((v) => !v.published)!.id;
    // Published, its file not made yet: the store page says "Coming soon".
    const [v] = await t.database.db
      .insert(videos)
      .values({ title: 'Mombasa Nights', djId: fixture.djs[0]!.id, genreId: fixture.genres[0]!.id, cartegory: 'movie', type: 'dj_zamu', price: 80 })
      .returning({ id: videos.id });
    comingSoon = v!.id;
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const customerWith = (balance: number) => customerWithBalance(t.app, balance);
  const sw = { 'accept-language': 'sw' };
  const addToCart = (c: Customer, videoId: number, headers = {}) => t.app.inject({ method: 'POST', url: '/api/cart/', headers: { ...c.auth, ...headers }, payload: { video_id: videoId } });
  const cartIds = async (c: Customer) => (await t.app.inject({ url: '/api/cart/', headers: c.auth })).json<{ results: { video_id: number }[] }>().results.map((i) => i.video_id);
  const checkout = (c: Customer, videoIds: number[], headers = {}) => t.app.inject({ method: 'POST', url: '/api/checkout/', headers: { ...c.auth, ...headers }, payload: { video_ids: videoIds } });
  const buy = (c: Customer, videoId: number, headers = {}) => t.app.inject({ method: 'POST', url: '/api/purchased/', headers: { ...c.auth, ...headers }, payload: { video_id: videoId } });
  const nothingBought = async (c: Customer, balance: number) => {
    expect((await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.buyerid, c.buyerid)))[0]!.b).toBe(balance);
    expect(await db().select().from(purchases).where(eq(purchases.userId, c.id))).toEqual([]);
  };

  it('refuses to put a video that is not for sale yet in the cart, in the customer’s language, and leaves it out of a merged cart', async () => {
    const c = await customerWith(500);
    const en = await addToCart(c, comingSoon);
    expect(en.statusCode).toBe(409);
    expect(en.json()).toEqual({ detail: 'This video is not for sale yet: it goes on sale as soon as it can be played.' });
    const kiswahili = await addToCart(c, comingSoon, sw);
    expect(kiswahili.statusCode).toBe(409);
    expect(kiswahili.json()).toEqual({ detail: 'Video hii bado haiuzwi: itauzwa mara tu itakapoweza kuchezwa.' });
    // An unpublished video is still not found, and a video for sale goes in.
    expect((await addToCart(c, hidden)).statusCode).toBe(404);
    expect((await addToCart(c, ids[0]!)).statusCode).toBe(201);
    // A visitor's browser cart joining at login drops it, as it drops what they own.
    const merged = await t.app.inject({ method: 'POST', url: '/api/cart/merge/', headers: c.auth, payload: { video_ids: [comingSoon, ids[1]] } });
    expect(merged.statusCode).toBe(200);
    expect(await cartIds(c)).toEqual([ids[0], ids[1]]);
    // Once its file plays it is for sale, and goes in.
    await db().update(videos).set({ videoPath: 'renditions/mombasa' }).where(eq(videos.id, comingSoon));
    try {
      expect((await addToCart(c, comingSoon)).statusCode).toBe(201);
    } finally {
      await db().update(videos).set({ videoPath: null }).where(eq(videos.id, comingSoon));
    }
  });

  it('names a cart’s video withdrawn since it went in and buys nothing (409, not 404), in both languages', async () => {
    const c = await customerWith(1000);
    const [a, b, d] = [ids[0]!, ids[1]!, ids[2]!];
    for (const id of [a, b, d]) expect((await addToCart(c, id)).statusCode).toBe(201);
    // b is unpublished and d's file is being made again after they went in.
    await db().update(videos).set({ published: false }).where(eq(videos.id, b));
    const dPath = (await db().select({ p: videos.videoPath }).from(videos).where(eq(videos.id, d)))[0]!.p;
    await db().update(videos).set({ videoPath: null }).where(eq(videos.id, d));
    try {
      const one = await checkout(c, [a, b]);
      expect(one.statusCode).toBe(409);
      expect(one.json<{ detail: string }>().detail).toBe('Nothing was bought: “Nairobi Heist” is not for sale right now. Take it out of your cart and try again.');
      const two = await checkout(c, [a, b, d], sw);
      expect(two.statusCode).toBe(409);
      expect(two.json<{ detail: string }>().detail).toBe('Hakuna kilichonunuliwa: “Nairobi Heist”, “Empire of Swords” haziuzwi kwa sasa. Ziondoe kwenye kikapu chako kisha ujaribu tena.');
      // A cart of one goes through POST /purchased/: the same answer.
      const single = await buy(c, d);
      expect(single.statusCode).toBe(409);
      expect(single.json<{ detail: string }>().detail).toBe('Nothing was bought: “Empire of Swords” is not for sale right now. Take it out of your cart and try again.');
      await nothingBought(c, 1000);
      // Taken out as told, the rest is bought.
      await t.app.inject({ method: 'DELETE', url: `/api/cart/${d}/`, headers: c.auth });
      await db().delete(cartItems).where(eq(cartItems.videoId, b));
      expect((await checkout(c, [a])).statusCode).toBe(201);
    } finally {
      await db().update(videos).set({ published: true }).where(eq(videos.id, b));
      await db().update(videos).set({ videoPath: dPath }).where(eq(videos.id, d));
    }
  });

  it('keeps the contract’s 404, naming nothing, for a video that was never in the customer’s cart', async () => {
    const c = await customerWith(500);
    for (const res of [await buy(c, comingSoon), await buy(c, hidden), await checkout(c, [ids[0]!, hidden]), await checkout(c, [ids[0]!, 999_999])]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ detail: string }>().detail).toBe('A video in this order is not for sale.');
      expect(res.body).not.toContain('Unpublished Secret');
    }
    await nothingBought(c, 500);
  });
});
