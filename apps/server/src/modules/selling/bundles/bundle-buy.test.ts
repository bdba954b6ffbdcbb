import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bundle, CheckoutPayment, Deposit, Page } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { ledgerEntries, purchases, saleLines, videos } from '../../../db/schema.ts';
import { ledger } from '../../wallet/index.ts';
import { ledgerMismatches, saleLineMismatches } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { customerWithBalance } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof customerWithBalance>>;

describe.each(engines())('buying a bundle on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200 (Empire of Swords S1), 250 (S2), 50, 30
  let pass: Bundle; // the season pass: 450 listed, 360
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    pass = (await t.app.inject({ url: '/api/bundles/' })).json<Page<Bundle>>().results.find((b) => b.kind === 'all_seasons')!;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const buy = (c: Customer, payload: object = {}, key?: string) => t.app.inject({ method: 'POST', url: `/api/bundles/${pass.id}/buy/`, headers: { ...c.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const balanceOf = async (c: Customer) => (await t.app.inject({ url: '/api/info/', headers: c.auth })).json<{ user: { profile: { account: number } } }>().user.profile.account;
  const mine = (c: Customer) => db().select().from(purchases).where(eq(purchases.userId, c.id)).orderBy(purchases.videoId);
  const books = async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  };

  it('sells the whole set at its price, split over the seasons by list price, as bundle lines of one purchase', async () => {
    const c = await customerWithBalance(t.app, 400);
    const res = await buy(c);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 360, balance: 40, purchases: [{ video_id: ids[2], price: 160 }, { video_id: ids[3], price: 200 }] });
    const lines = await db().select().from(saleLines).where(eq(saleLines.userId, c.id));
    expect(lines.map((l) => [l.kind, l.ledgerKind, l.videoId, l.listPrice, l.amount])).toEqual([
      ['bundle', 'purchase', ids[2], 200, 160],
      ['bundle', 'purchase', ids[3], 250, 200],
    ]);
    const owned = await mine(c);
    expect(owned.map((p) => [p.videoId, p.price, lines.find((l) => l.id === p.saleLineId)?.videoId])).toEqual([
      [ids[2], 160, ids[2]],
      [ids[3], 200, ids[3]],
    ]);
    await books();
  });

  it('charges an owner of season 1 only for season 2, at its share ("complete the set")', async () => {
    const c = await customerWithBalance(t.app, 500);
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[2] } })).statusCode).toBe(201);
    const res = await buy(c);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 200, balance: 100, purchases: [{ video_id: ids[3], price: 200 }] });
    await books();
  });

  it('refuses with 409 when everything in the bundle is owned, and charges nothing', async () => {
    const c = await customerWithBalance(t.app, 500);
    expect((await buy(c)).statusCode).toBe(201);
    const again = await buy(c);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You already own everything in this bundle.' });
    expect(await balanceOf(c)).toBe(140);
  });

  it('returns one video’s share of what was paid when it is refunded', async () => {
    const c = await customerWithBalance(t.app, 360);
    expect((await buy(c)).statusCode).toBe(201);
    const [s1] = await db().select().from(purchases).where(and(eq(purchases.userId, c.id), eq(purchases.videoId, ids[2]!)));
    await db().transaction((tx) => ledger.refundPurchase(tx as unknown as Database, s1!.id, 'Season 1 would not play'));
    expect(await balanceOf(c)).toBe(160);
    const [refund] = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.kind, 'refund')));
    expect(refund!.amount).toBe(160);
    await books();
  });

  it('answers 402 with the shortfall, and a retry with the same Idempotency-Key is charged once', async () => {
    const c = await customerWithBalance(t.app, 100);
    expect((await buy(c)).json()).toMatchObject({ balance: 100, price: 360, shortfall: 260 });
    const rich = await customerWithBalance(t.app, 720);
    const [first, second] = [await buy(rich, {}, 'bundle-key-1'), await buy(rich, {}, 'bundle-key-1')];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(rich)).toBe(360);
    await books();
  });

  it('asks M-Pesa for the shortfall and buys the rest of the set when it is paid', async () => {
    const c = await customerWithBalance(t.app, 60);
    const res = await buy(c, { phone_number: '0712 000 333' });
    expect(res.statusCode, res.body).toBe(202);
    const pay = res.json<CheckoutPayment>();
    expect(pay).toMatchObject({ amount: 300, deposit: { purchase: { state: 'pending', video_ids: [ids[2], ids[3]] } } });
    expect((await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'pay' } })).statusCode).toBeLessThan(300);
    await vi.waitFor(async () => expect((await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: c.auth })).json<Deposit>().purchase?.state).toBe('completed'));
    expect((await mine(c)).map((p) => p.price)).toEqual([160, 200]);
    expect(await balanceOf(c)).toBe(0);
    await books();
  });

  it('asks a buyer to confirm their age once when the set holds a 16 or 18 video', async () => {
    await db().update(videos).set({ rating: '18' }).where(eq(videos.id, ids[3]!));
    try {
      const c = await customerWithBalance(t.app, 400);
      const refused = await buy(c);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ age_confirmation_required: true });
      expect(await balanceOf(c)).toBe(400);
      expect((await buy(c, { age_confirmed: true })).statusCode).toBe(201);
    } finally {
      await db().update(videos).set({ rating: 'PG' }).where(eq(videos.id, ids[3]!));
    }
  });

  it('answers 404 for a bundle that is not for sale, and 401 without a token', async () => {
    const c = await customerWithBalance(t.app, 10);
    expect((await t.app.inject({ method: 'POST', url: '/api/bundles/999999/buy/', headers: c.auth, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/bundles/${pass.id}/buy/`, payload: {} })).statusCode).toBe(401);
  });
});
