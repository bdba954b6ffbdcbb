import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@store/contract';
import { purchaseCountChanges, purchases, videos } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { purchaseCounts } from './purchase-counts.ts';
import { ledgerMismatches } from './wallet.ts';

// Decision 0055: a sale appends its count; customers and staff see it at once, the video's row only
// once it is folded.
describe.each(engines())('purchase counts on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture purchase_times: 50, 300, 10, 20, 5, 0
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const shown = async (id: number) => (await t.app.inject({ url: `/api/videoDetails/${id}/` })).json<Video>().purchase_times;
  const folded = async (id: number) => (await db().select({ n: videos.purchaseTimes }).from(videos).where(eq(videos.id, id)))[0]!.n;
  const buy = async (videoIds: number[]) => {
    const c = await customerWithBalance(t.app, 1000);
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: videoIds } });
    expect(res.statusCode, res.body).toBe(201);
    return c;
  };

  it('shows a sale in the count at once, and folding it into the row changes nothing a customer sees', async () => {
    await purchaseCounts.fold(db());
    const before = { shown: await shown(ids[1]!), row: await folded(ids[1]!) };
    expect(before.shown).toBe(before.row);
    await buy([ids[1]!]);
    await buy([ids[1]!, ids[2]!]);
    expect(await shown(ids[1]!)).toBe(before.shown + 2);
    // The sale did not touch the video's row: nothing waits on it.
    expect(await folded(ids[1]!)).toBe(before.row);

    expect(await purchaseCounts.fold(db())).toBe(2);
    expect(await folded(ids[1]!)).toBe(before.row + 2);
    expect(await shown(ids[1]!)).toBe(before.shown + 2);
    expect(await db().select().from(purchaseCountChanges)).toEqual([]);
    expect(await purchaseCounts.fold(db())).toBe(0);
  });

  it('shows the live count in lists, and orders them by popularity once the count is folded', async () => {
    await purchaseCounts.fold(db());
    // The least bought video (ids[5], none) counted once more than the most bought, not yet folded. The
    // store clears its catalogue cache after a write; so does this test after writing by hand.
    const rows = await db().select({ id: videos.id, n: videos.purchaseTimes }).from(videos);
    const most = Math.max(...rows.map((r) => r.n));
    await db().insert(purchaseCountChanges).values({ videoId: ids[5]!, delta: most + 1 });
    t.app.catalogCache.clear();
    const staff = await signedInStaff(t.app);
    const top = async () => ({
      catalogue: (await t.app.inject({ url: '/api/videoDetails/?ordering=-purchase_times&page_size=3' })).json<{ results: Video[] }>().results[0],
      backOffice: (await t.app.inject({ url: `/api/admin/videos?sort=${encodeURIComponent('["purchase_times","DESC"]')}&range=${encodeURIComponent('[0,2]')}`, headers: staff.auth })).json<{ id: number; purchase_times: number }[]>()[0],
    });
    // Before the fold the order is the folded one (decision 0055: a sort adds nothing per row), each row's count the live one.
    const before = await top();
    expect(before.catalogue?.vidId).not.toBe(ids[5]);
    expect((await t.app.inject({ url: '/api/videoDetails/?cartegory=movie&ordering=purchase_times&page_size=1' })).json<{ results: Video[] }>().results[0]).toMatchObject({ vidId: ids[5], purchase_times: most + 1 });
    await purchaseCounts.fold(db());
    t.app.catalogCache.clear();
    const after = await top();
    expect(after.catalogue).toMatchObject({ vidId: ids[5], purchase_times: most + 1 });
    expect(after.backOffice).toMatchObject({ id: ids[5], purchase_times: most + 1 });
  });

  it('takes a refunded purchase off the count, never below nothing', async () => {
    const c = await buy([ids[4]!]);
    await purchaseCounts.fold(db());
    const before = await shown(ids[4]!);
    const [p] = await db().select().from(purchases).where(eq(purchases.userId, c.id));
    const staff = await signedInStaff(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${p!.id}/refund`, headers: staff.auth, payload: { reason: 'Would not play' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await shown(ids[4]!)).toBe(before - 1);
    // A count already at nothing stays there, folded or not.
    await db().update(videos).set({ purchaseTimes: 0 }).where(eq(videos.id, ids[4]!));
    await db().insert(purchaseCountChanges).values({ videoId: ids[4]!, delta: -1 });
    t.app.catalogCache.clear();
    expect(await shown(ids[4]!)).toBe(0);
    await purchaseCounts.fold(db());
    expect(await folded(ids[4]!)).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('counts each change once when two folds run at once', async () => {
    await purchaseCounts.fold(db());
    const before = await folded(ids[3]!);
    await db().insert(purchaseCountChanges).values(Array.from({ length: 50 }, () => ({ videoId: ids[3]!, delta: 1 })));
    await Promise.all([purchaseCounts.fold(db()), purchaseCounts.fold(db()), purchaseCounts.fold(db())]);
    t.app.catalogCache.clear();
    expect(await folded(ids[3]!)).toBe(before + 50);
    expect(await shown(ids[3]!)).toBe(before + 50);
  });
});
