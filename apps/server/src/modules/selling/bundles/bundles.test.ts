import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Page, Video } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { videos } from '../../../db/schema.ts';
import { postLedgerEntry } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe.each(engines())('bundles and season passes on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200 (Empire of Swords S1), 250 (S2), 50, 30
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  async function customerWith(balance: number) {
    const c = await signedInCustomer(t.app);
    if (balance) await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: balance, reference: `bundles-top-up-${c.id}` }));
    return c;
  }
  const seasonPass = async (auth?: Record<string, string>) => {
    const list = (await t.app.inject({ url: '/api/bundles/', headers: auth ?? {} })).json<Page<Bundle>>();
    return list.results.find((b) => b.kind === 'all_seasons' && b.video_ids.includes(ids[2]!))!;
  };

  it('offers every series with two seasons as an all-seasons bundle at 20% off its list total', async () => {
    const b = await seasonPass();
    expect(b).toMatchObject({ title: 'Empire of Swords: all seasons', video_ids: [ids[2], ids[3]], list_total: 450, price: 360 });
    expect(b).not.toHaveProperty('price_for_you');
    const one = await t.app.inject({ url: `/api/bundles/${b.id}/` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: b.id, price: 360, videos: [{ id: ids[2], season: 'Season 1', price: 200 }, { id: ids[3], season: 'Season 2', price: 250 }] });
  });

  it('names its bundles on each video of the catalogue', async () => {
    const b = await seasonPass();
    const video = (await t.app.inject({ url: `/api/videoDetails/${ids[3]}/` })).json<Video>();
    expect(video.bundles).toEqual([{ id: b.id, title: b.title, price: 360 }]);
    const list = (await t.app.inject({ url: '/api/videoDetails/?page_size=50' })).json<Page<Video>>();
    expect(list.results.find((v) => v.vidId === ids[0])!.bundles).toEqual([]);
    expect(list.results.find((v) => v.vidId === ids[2])!.bundles).toEqual([{ id: b.id, title: b.title, price: 360 }]);
  });

  it('prices only what an owner of season 1 lacks ("complete the set")', async () => {
    const c = await customerWith(300);
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[2] } })).statusCode).toBe(201);
    const b = await seasonPass(c.auth);
    expect(b).toMatchObject({ owned_video_ids: [ids[2]], price_for_you: 200, price: 360 });
  });

  it('keeps the season pass in step as seasons are added, withdrawn and put back', async () => {
    const [s1] = await db().select().from(videos).where(eq(videos.id, ids[2]!));
    const [s3] = await db()
      .insert(videos)
      .values({ ...s1!, id: undefined, season: 'Season 3', price: 150, purchaseTimes: 0 })
      .returning();
    expect((await seasonPass()).video_ids).toEqual([ids[2], ids[3], s3!.id]);
    expect((await seasonPass()).price).toBe(480);
    await db().update(videos).set({ published: false }).where(eq(videos.id, s3!.id));
    expect((await seasonPass()).video_ids).toEqual([ids[2], ids[3]]);
    await db().update(videos).set({ published: false }).where(eq(videos.id, ids[3]!));
    expect(await seasonPass()).toBeUndefined();
    await db().update(videos).set({ published: true }).where(eq(videos.id, ids[3]!));
    await db().delete(videos).where(eq(videos.id, s3!.id));
    expect((await seasonPass()).video_ids).toEqual([ids[2], ids[3]]);
  });

  it('answers 404 for a bundle that does not exist', async () => {
    expect((await t.app.inject({ url: '/api/bundles/999999/' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/bundles/abc/' })).statusCode).toBe(404);
  });
});
