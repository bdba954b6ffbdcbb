import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { promoCodes, promoRedemptions, saleLines, users, videos } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { quickSaleRepository } from './quick-sale-repository.ts';
import { ledger, ledgerMismatches, saleLineMismatches, type QuickSaleInput } from '../wallet/index.ts';

type Customer = Awaited<ReturnType<typeof customerWithBalance>>;

/** Decision 0048: promo purchases and rentals in two round trips, with every limit still exact. */
describe.each(engines())('quick sales on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // prices 100, 70, 200, 250, 50, 30; rent 25 on the first two
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    for (const id of ids.slice(0, 2)) await db().update(videos).set({ rentPrice: 25 }).where(eq(videos.id, id));
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const code = async (over: Partial<typeof promoCodes.$inferInsert> = {}) =>
    (await db().insert(promoCodes).values({ code: `QUICK${engine.toUpperCase()}${++n}`, percentOff: 10, ...over }).returning())[0]!;
  const buy = (c: Customer, videoId: number, promo?: string) =>
    t.app.inject({ method: 'POST', url: '/api/purchased/', headers: { ...c.auth, 'x-forwarded-for': `10.9.${c.id & 255}.${n & 255}` }, payload: { video_id: videoId, age_confirmed: true, ...(promo ? { promo_code: promo } : {}) } });
  const rent = (c: Customer, videoId: number) => t.app.inject({ method: 'POST', url: '/api/rentals/', headers: c.auth, payload: { video_id: videoId, age_confirmed: true } });
  const books = async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  };

  /**
   * The statements a request sends on the app's pool, as the driver sees them (prepared ones too, which
   * drizzle builds once and so never passes through db.select or db.execute again), and the transactions
   * it opens (each counts once here, its statements on a client of its own).
   */
  async function callsOf(run: () => Promise<unknown>) {
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spies = { statement: vi.spyOn(client, 'query'), transaction: vi.spyOn(db(), 'transaction') };
    try {
      await run();
      return Object.fromEntries(Object.entries(spies).map(([name, spy]) => [name, spy.mock.calls.length]).filter(([, c]) => c));
    } finally {
      Object.values(spies).forEach((s) => s.mockRestore());
    }
  }

  it('sells a promo purchase and a rental in two statements after the token check, and no transaction of its own, with the answers and books of the selling core', async () => {
    const c10 = await code({ perCustomer: 5 });
    const c = await customerWithBalance(t.app, 1000);
    let res!: Awaited<ReturnType<typeof buy>>;
    // The token's user read (accounts/user-repository.ts), sale_facts (which reads the age facts too) and sell_checked.
    expect(await callsOf(async () => (res = await buy(c, ids[2]!, c10.code.toLowerCase())))).toEqual({ statement: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 180, balance: 820, purchases: [{ video_id: ids[2], video_name: 'Empire of Swords', price: 180, username: c.username }] });
    let rented!: Awaited<ReturnType<typeof rent>>;
    expect(await callsOf(async () => (rented = await rent(c, ids[0]!)))).toEqual({ statement: 3 });
    expect(rented.statusCode, rented.body).toBe(201);
    expect(rented.json()).toMatchObject({ balance: 795, rental: { video_id: ids[0], price_paid: 25, started_at: null } });
    // Rent, then own: the rent comes off the price, then the code off the rest.
    const owned = await buy(c, ids[0]!, c10.code);
    expect(owned.json()).toMatchObject({ total: 67, balance: 728 });
    const lines = await db().select().from(saleLines).where(eq(saleLines.userId, c.id));
    expect(lines.map((l) => [l.kind, l.listPrice, l.amount, l.djSharePercent >= 0]).sort()).toEqual([
      ['purchase', 100, 67, true],
      ['purchase', 200, 180, true],
      ['rental', 25, 25, true],
    ]);
    expect(await db().select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, c10.id))).toHaveLength(2);
    await books();
  });

  it('counts each limit where it checks it: total, per customer and first purchase only, under concurrent sales', async () => {
    const total = await code({ maxRedemptions: 3, perCustomer: 5 });
    const people = await Promise.all(Array.from({ length: 8 }, () => customerWithBalance(t.app, 500)));
    const sold = await Promise.all(people.map((p) => buy(p, ids[4]!, total.code)));
    expect(sold.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(sold.filter((r) => r.statusCode === 400).map((r) => r.json())).toEqual(Array(5).fill({ promo_code: ['This code has been used up.'] }));
    expect((await db().select().from(promoCodes).where(eq(promoCodes.id, total.id)))[0]!.timesRedeemed).toBe(3);

    const perTwo = await code({ perCustomer: 2 });
    const one = await customerWithBalance(t.app, 2000);
    const mine = await Promise.all(ids.map((id) => buy(one, id, perTwo.code)));
    expect(mine.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(mine.filter((r) => r.statusCode === 400).map((r) => r.json().promo_code[0])).toEqual(Array(4).fill('You have already used this code.'));

    const first = await code({ firstPurchaseOnly: true });
    const fresh = await customerWithBalance(t.app, 2000);
    const firsts = await Promise.all(ids.slice(0, 3).map((id) => buy(fresh, id, first.code)));
    expect(firsts.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(firsts.filter((r) => r.statusCode === 400).map((r) => r.json().promo_code[0])).toEqual(Array(2).fill('This code is only for a first purchase.'));
    await books();
  });

  it('asks for the age and keeps the family lock on a 16 or 18 video as the selling core does', async () => {
    await db().update(videos).set({ rating: '18' }).where(eq(videos.id, ids[3]!));
    const c10 = await code({ perCustomer: 5 });
    const c = await customerWithBalance(t.app, 1000);
    const asked = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[3], promo_code: c10.code } });
    expect(asked.statusCode, asked.body).toBe(403);
    expect(asked.json()).toMatchObject({ age_confirmation_required: true });
    expect((await buy(c, ids[3]!, c10.code)).statusCode).toBe(201);
    expect((await db().select().from(users).where(eq(users.id, c.id)))[0]!.ageConfirmedAt).not.toBeNull();
    // Confirmed, then a family lock switched on: refused with family_lock, rental or purchase.
    await db().update(videos).set({ rating: '16' }).where(eq(videos.id, ids[1]!));
    await db().update(users).set({ familyLockPinHash: 'not-a-real-hash', familyLockSince: new Date() }).where(eq(users.id, c.id));
    for (const res of [await rent(c, ids[1]!), await buy(c, ids[1]!, c10.code)]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ family_lock: true });
    }
    await books();
  });

  it('sells nothing when what it was priced from changed before the lock, and leaves the sale to the selling core', async () => {
    const c = await customerWithBalance(t.app, 1000);
    const read = await quickSaleRepository.facts(db(), c.id, [ids[5]!], null);
    await db().update(videos).set({ price: 35 }).where(eq(videos.id, ids[5]!));
    const sale: QuickSaleInput = { ledgerKind: 'purchase', saleKind: 'purchase', reference: `quick-stale-${engine}`, note: 'x', lines: [{ videoId: ids[5]!, listPrice: 30, amount: 30 }], discount: 0, rentalStartDays: 30 };
    expect(await ledger.sellChecked(db(), { userId: c.id, ids: [ids[5]!], code: null, facts: read.raw, sale })).toEqual({ outcome: 'stale' });
    expect(await db().select().from(saleLines).where(eq(saleLines.userId, c.id))).toEqual([]);
    // Short: nothing written either, and the HTTP answer is the contract's 402.
    const poor = await customerWithBalance(t.app, 10);
    const c10 = await code();
    const res = await buy(poor, ids[5]!, c10.code);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ balance: 10, price: 31, shortfall: 21 });
    expect(await db().select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, c10.id))).toEqual([]);
    await books();
  });
});
