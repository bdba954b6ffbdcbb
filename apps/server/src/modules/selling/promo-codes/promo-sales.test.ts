import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPromoCode, AdminPurchase, Bundle, CheckoutPayment, Deposit, Page } from '@store/contract';
import { promoCodes, promoRedemptions, saleLines } from '../../../db/schema.ts';
import { ledgerMismatches, saleLineMismatches } from '../../wallet/index.ts';
import { promoCodeResource } from './admin-resource.ts';
import { promoRepository } from './promo-repository.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { customerWithBalance, signedInStaff } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof customerWithBalance>>;

/** A code used in a real sale (the season pass: 450 listed, 360), paid from the balance or by M-Pesa. */
describe.each(engines())('promo codes in sales on %s', (engine) => {
  let t: TestApp;
  let pass: Bundle;
  let ids: number[]; // prices 100, 70, 200, 250, 50, 30
  let staff: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    pass = (await t.app.inject({ url: '/api/bundles/' })).json<Page<Bundle>>().results.find((b) => b.kind === 'all_seasons')!;
    staff = (await signedInStaff(t.app)).auth;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  const code = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: staff, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminPromoCode>();
  };
  const buy = (c: Customer, payload: object) => t.app.inject({ method: 'POST', url: `/api/bundles/${pass.id}/buy/`, headers: c.auth, payload });
  const balanceOf = async (c: Customer) => (await t.app.inject({ url: '/api/info/', headers: c.auth })).json<{ user: { profile: { account: number } } }>().user.profile.account;
  const use = async (id: number) => (await t.app.inject({ url: `/api/admin/promo-codes/${id}`, headers: staff })).json<AdminPromoCode>();
  const redemptionsOf = (id: number) => db().select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, id));
  const books = async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  };
  const answer = async (c: Customer, pay: CheckoutPayment, action: 'pay' | 'cancel') => {
    expect((await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action } })).statusCode).toBeLessThan(300);
    await vi.waitFor(async () => expect((await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: c.auth })).json<Deposit>().purchase?.state).not.toBe('pending'));
    return (await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: c.auth })).json<Deposit>();
  };

  it('takes the code off what is charged, writes the discounted lines, and shows the use in the back office', async () => {
    const c10 = await code({ code: `PASI10${engine}`, percent_off: 10, kinds: ['bundle'] });
    const c = await customerWithBalance(t.app, 400);
    const res = await buy(c, { promo_code: c10.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 324, balance: 76 });
    const lines = await db().select().from(saleLines).where(eq(saleLines.userId, c.id));
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(324);
    expect(await use(c10.id)).toMatchObject({ times_redeemed: 1, total_discount: 36 });
    // The purchases list says what kind of sale each was and which code it used.
    const listed = await t.app.inject({ url: `/api/admin/purchases?filter=${encodeURIComponent(JSON.stringify({ user_id: c.id }))}`, headers: staff });
    expect(listed.json<AdminPurchase[]>().map((p) => [p.kind, p.promo_code])).toEqual([
      ['bundle', c10.code],
      ['bundle', c10.code],
    ]);
    await books();
  });

  it('sells for nothing when the code brings the total to 0, with no payment asked', async () => {
    const free = await code({ code: `BURE${engine}`, percent_off: 100 });
    const c = await customerWithBalance(t.app, 0);
    const res = await buy(c, { promo_code: free.code, phone_number: '0712 000 444' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 0, balance: 0 });
    expect(await balanceOf(c)).toBe(0);
    await books();
  });

  it('refuses a code that does not apply with one sentence, and charges nothing', async () => {
    await code({ code: `KODI${engine}`, amount_off: 50, kinds: ['rental'] });
    const c = await customerWithBalance(t.app, 400);
    const res = await buy(c, { promo_code: `KODI${engine}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ promo_code: ['This code is not for bundles.'] });
    expect(await balanceOf(c)).toBe(400);
  });

  it('holds the code while M-Pesa is asked, and gives it back when the customer cancels', async () => {
    const once = await code({ code: `MOJA${engine}`, amount_off: 60, max_redemptions: 1 });
    const c = await customerWithBalance(t.app, 100);
    const res = await buy(c, { promo_code: once.code, phone_number: '0712 000 555' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<CheckoutPayment>().amount).toBe(200); // 360 - 60 - 100
    expect((await redemptionsOf(once.id)).map((r) => r.state)).toEqual(['held']);
    // While it is held, the one use is taken.
    const other = await customerWithBalance(t.app, 400);
    expect((await buy(other, { promo_code: once.code })).json()).toEqual({ promo_code: ['This code has been used up.'] });
    const settled = await answer(c, res.json<CheckoutPayment>(), 'cancel');
    expect(settled.state).toBe('cancelled');
    expect((await redemptionsOf(once.id)).map((r) => r.state)).toEqual(['released']);
    expect((await db().select().from(promoCodes).where(eq(promoCodes.id, once.id)))[0]!.timesRedeemed).toBe(0);
    // Given back: the other customer may use it now.
    expect((await buy(other, { promo_code: once.code })).statusCode).toBe(201);
    await books();
  });

  it('takes a code off a cart at checkout, and off one video whose short balance is paid by M-Pesa', async () => {
    const cart = await code({ code: `KAPU${engine}`, percent_off: 50, kinds: ['purchase'], per_customer: 2 });
    const c = await customerWithBalance(t.app, 200);
    const bought = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: [ids[0], ids[1]], promo_code: cart.code } });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ total: 85, balance: 115 });
    // Short by 200 - 50% = 125 less the 115 left: one prompt for Ksh 10, and the code back when it is cancelled.
    const res = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[3], promo_code: cart.code, phone_number: '0712 000 777' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<CheckoutPayment>().amount).toBe(10);
    expect((await redemptionsOf(cart.id)).map((r) => r.state).sort()).toEqual(['held', 'used']);
    await answer(c, res.json<CheckoutPayment>(), 'cancel');
    expect((await redemptionsOf(cart.id)).map((r) => r.state).sort()).toEqual(['released', 'used']);
    expect(await balanceOf(c)).toBe(115);
    await books();
  });

  it('holds a limit staff set while 60 customers redeem the code, by the quick way and the selling core alike (issue 32 #19)', async () => {
    const open = await code({ code: `MBIO${engine}`, percent_off: 10 });
    const people = await Promise.all(Array.from({ length: 61 }, (_, i) => customerWithBalance(t.app, 500, `10.32.18.${i}`)));
    const latecomer = people.pop()!;
    // Each from its own address (codes tried per address are limited); a video (quick sale) or the pass (the selling core).
    const redeem = (c: Customer, i: number) => {
      const from = { headers: c.auth, remoteAddress: `10.32.19.${i}` };
      return i % 2
        ? t.app.inject({ method: 'POST', url: '/api/purchased/', ...from, payload: { video_id: ids[0], age_confirmed: true, promo_code: open.code } })
        : t.app.inject({ method: 'POST', url: `/api/bundles/${pass.id}/buy/`, ...from, payload: { promo_code: open.code } });
    };
    // Staff set a limit of 50 while the first 30 are being sold; the other 30 come once their change has begun.
    const update = promoCodeResource.update;
    let begun = false;
    let staffIn!: () => void;
    const staffBegun = new Promise<void>((resolve) => (staffIn = resolve));
    const staffSpy = vi.spyOn(promoCodeResource, 'update').mockImplementation((tx, id, input, actor) => ((begun = true), staffIn(), update(tx, id, input, actor)));
    // On PostgreSQL three of the selling core's first sales, the code read but its use not yet counted,
    // wait until just after staff begin: the moment of the race (three: the test pool has four
    // connections). PGlite runs one transaction at a time, so none waits there.
    const liveCount = promoRepository.liveCount;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let waiting = 0;
    let allWaiting!: () => void;
    const threeWaiting = new Promise<void>((resolve) => (allWaiting = resolve));
    const saleSpy = vi.spyOn(promoRepository, 'liveCount').mockImplementation(async (tx, codeId, userId) => {
      const n = await liveCount(tx, codeId, userId);
      if (engine === 'postgres' && !begun && waiting < 3) {
        if (++waiting === 3) allWaiting();
        await Promise.race([staffBegun.then(() => sleep(300)), sleep(5000)]);
      }
      return n;
    });
    const [sales, limit] = await (async () => {
      try {
        const first = people.slice(0, 30).map(redeem);
        if (engine === 'postgres') await threeWaiting;
        const staffChange = t.app.inject({ method: 'PUT', url: `/api/admin/promo-codes/${open.id}`, headers: staff, payload: { max_redemptions: 50 } });
        await staffBegun;
        const rest = people.slice(30).map((c, i) => redeem(c, i + 30));
        return [await Promise.all([...first, ...rest]), await staffChange] as const;
      } finally {
        staffSpy.mockRestore();
        saleSpy.mockRestore();
      }
    })();
    expect(limit.statusCode, limit.body).toBe(200);

    const sold = sales.filter((r) => r.statusCode === 201);
    expect(sold).toHaveLength(50);
    expect(sales.filter((r) => r.statusCode !== 201).map((r) => [r.statusCode, r.json()])).toEqual(Array(10).fill([400, { promo_code: ['This code has been used up.'] }]));
    expect((await redemptionsOf(open.id)).filter((r) => r.state !== 'released')).toHaveLength(50);
    expect(await use(open.id)).toMatchObject({ max_redemptions: 50, times_redeemed: 50 });
    expect((await db().select().from(promoCodes).where(eq(promoCodes.id, open.id)))[0]!.timesRedeemed).toBe(50);
    // A new customer afterwards is told it is used up, whichever way they buy.
    for (const i of [1, 2]) expect((await redeem(latecomer, 100 + i)).json()).toEqual({ promo_code: ['This code has been used up.'] });
    await books();
  });

  it('uses the held code when M-Pesa is paid, charging the discounted total', async () => {
    const held = await code({ code: `LIPA${engine}`, amount_off: 60 });
    const c = await customerWithBalance(t.app, 100);
    const res = await buy(c, { promo_code: held.code, phone_number: '0712 000 666' });
    const settled = await answer(c, res.json<CheckoutPayment>(), 'pay');
    expect(settled.purchase?.state).toBe('completed');
    expect(await balanceOf(c)).toBe(0);
    expect((await redemptionsOf(held.id)).map((r) => [r.state, r.discount])).toEqual([['used', 60]]);
    await books();
  });
});
