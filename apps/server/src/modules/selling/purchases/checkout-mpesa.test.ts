import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPayment, Deposit, Video } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { deposits, profiles, purchases, videos } from '../../../db/schema.ts';
import { ledgerMismatches, postLedgerEntry } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let topUps = 0;

/** CONTRACT §8: a short balance paid with one M-Pesa prompt at checkout, the videos bought when M-Pesa confirms. */
describe.each(engines())('checkout with M-Pesa on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200 (Empire S1), 250 (Empire S2), 50, 30
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const customerWith = async (balance: number) => {
    const c = await signedInCustomer(t.app);
    if (balance > 0) await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: balance, reference: `checkout-top-up-${engine}-${++topUps}` }));
    return c;
  };
  const balanceOf = async (c: Customer) => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b;
  const owns = async (c: Customer, id: number) => (await t.app.inject({ url: `/api/videoDetails/${id}/`, headers: c.auth })).json<Video>().owned;
  const status = async (c: Customer, id: string) => (await t.app.inject({ url: `/api/deposit/${id}/`, headers: c.auth })).json<Deposit>();
  const buy = (c: Customer, payload: object, key?: string, url = '/api/purchased/') => t.app.inject({ method: 'POST', url, headers: { ...c.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  /** Answers the prompt on the simulated phone and waits for M-Pesa's callback to land. */
  const answer = async (c: Customer, id: string, action: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    await vi.waitFor(async () => expect((await status(c, id)).state).not.toBe('pending'));
    return status(c, id);
  };
  const paymentOf = (res: { statusCode: number; body: string; json: <T>() => T }) => {
    expect(res.statusCode, res.body).toBe(202);
    return res.json<CheckoutPayment>();
  };

  it('answers 402 with the shortfall when the balance is short and no phone is given', async () => {
    const c = await customerWith(30);
    const res = await buy(c, { video_id: ids[0] });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ balance: 30, price: 100, shortfall: 70 });
  });

  it('asks M-Pesa for the shortfall only, and buys the video in the transaction that credits the payment', async () => {
    const c = await customerWith(30);
    const before = (await t.app.inject({ url: `/api/videoDetails/${ids[0]}/` })).json<Video>().purchase_times;
    const pay = paymentOf(await buy(c, { video_id: ids[0], phone_number: '0712 000 111' }));
    expect(pay).toMatchObject({ amount: 70, CustomerMessage: 'Enter your M-Pesa PIN to complete transaction.', deposit: { state: 'pending', amount: 70, phone_number: '254712000111', purchase: { state: 'pending', video_ids: [ids[0]] } } });
    expect(await owns(c, ids[0]!)).toBe(false);

    const done = await answer(c, pay.CheckoutRequestID, 'pay');
    expect(done).toMatchObject({ state: 'completed', receipt: expect.stringMatching(/^[A-Z0-9]{10}$/), balance: 0, message: 'Paid with M-Pesa.', purchase: { state: 'completed', video_ids: [ids[0]], detail: null } });
    expect(await balanceOf(c)).toBe(0);
    expect(await owns(c, ids[0]!)).toBe(true);
    expect((await t.app.inject({ url: `/api/videoDetails/${ids[0]}/` })).json<Video>().purchase_times).toBe(before + 1);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('buys a whole cart with one prompt, and a repeated or late callback changes nothing', async () => {
    const c = await customerWith(0);
    const pay = paymentOf(await buy(c, { video_ids: [ids[4], ids[5]], phone_number: '0712000222' }, undefined, '/api/checkout/'));
    expect(pay.amount).toBe(80);
    await answer(c, pay.CheckoutRequestID, 'pay');
    const [row] = await db().select().from(deposits).where(eq(deposits.checkoutRequestId, pay.CheckoutRequestID));
    const paid = { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: pay.CheckoutRequestID, ResultCode: 0, ResultDesc: 'ok', CallbackMetadata: { Item: [{ Name: 'MpesaReceiptNumber', Value: row!.receipt }, { Name: 'Amount', Value: 80 }, { Name: 'PhoneNumber', Value: 254712000222 }] } } } };
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'POST', url: `/api/deposit/callback/${row!.callbackSecret}`, payload: paid });
    expect(await db().select().from(purchases).where(eq(purchases.userId, c.id))).toHaveLength(2);
    expect(await balanceOf(c)).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it.each([
    ['a cancel', 'cancel', 'cancelled', /You cancelled the M-Pesa prompt/],
    ['a wrong PIN', 'wrong_pin', 'failed', /PIN was wrong/],
    ['a timeout', 'timeout', 'failed', /prompt expired before a PIN was entered/],
    ['too little on M-Pesa', 'insufficient', 'failed', /M-Pesa balance is too low/],
  ])('buys nothing and charges nothing after %s, says so plainly, and can be tried again', async (_label, action, state, message) => {
    const c = await customerWith(20);
    const pay = paymentOf(await buy(c, { video_id: ids[1], phone_number: '0712000333' }));
    const done = await answer(c, pay.CheckoutRequestID, action);
    expect(done).toMatchObject({ state, message: expect.stringMatching(message), purchase: { state: 'failed', detail: expect.stringMatching(/Nothing was bought/) } });
    expect(done.message).toMatch(/Nothing was charged|try again/);
    expect(await balanceOf(c)).toBe(20);
    expect(await owns(c, ids[1]!)).toBe(false);
    // and trying again sends a new prompt that can succeed
    const again = paymentOf(await buy(c, { video_id: ids[1], phone_number: '0712000333' }));
    expect(again.CheckoutRequestID).not.toBe(pay.CheckoutRequestID);
    expect(await answer(c, again.CheckoutRequestID, 'pay')).toMatchObject({ purchase: { state: 'completed' } });
    expect(await owns(c, ids[1]!)).toBe(true);
  });

  it('keeps the money on the balance when the price rose while the prompt was open', async () => {
    const c = await customerWith(0);
    const video = ids[4]!; // Ksh 50
    const pay = paymentOf(await buy(c, { video_id: video, phone_number: '0712000444' }));
    await db().update(videos).set({ price: 60 }).where(eq(videos.id, video));
    try {
      const done = await answer(c, pay.CheckoutRequestID, 'pay');
      expect(done).toMatchObject({ state: 'completed', balance: 50, purchase: { state: 'failed', detail: expect.stringMatching(/price changed.*balance/) } });
      expect(await balanceOf(c)).toBe(50);
      expect(await owns(c, video)).toBe(false);
      expect(await ledgerMismatches(db())).toEqual([]);
    } finally {
      await db().update(videos).set({ price: 50 }).where(eq(videos.id, video));
    }
  });

  it('sends no second prompt for a retried checkout with the same Idempotency-Key, nor for a second tap while one is open', async () => {
    const c = await customerWith(0);
    const first = paymentOf(await buy(c, { video_id: ids[5], phone_number: '0712000555' }, 'tap-1'));
    const [retry, secondTap] = await Promise.all([buy(c, { video_id: ids[5], phone_number: '0712000555' }, 'tap-1'), buy(c, { video_id: ids[5], phone_number: '0712000555' }, 'tap-2')]);
    expect(paymentOf(retry).CheckoutRequestID).toBe(first.CheckoutRequestID);
    expect(paymentOf(secondTap).CheckoutRequestID).toBe(first.CheckoutRequestID);
    expect(await db().select().from(deposits).where(eq(deposits.userId, c.id))).toHaveLength(1);
    await answer(c, first.CheckoutRequestID, 'pay');
    // after payment the same key still answers the same payment, now completed
    expect(paymentOf(await buy(c, { video_id: ids[5], phone_number: '0712000555' }, 'tap-1')).deposit).toMatchObject({ state: 'completed', purchase: { state: 'completed' } });
    expect(await db().select().from(purchases).where(eq(purchases.userId, c.id))).toHaveLength(1);
  });

  it('answers a second Idempotency-Key sent while the prompt is open with that prompt, for good: after it is paid, a retry of either key charges nothing more', async () => {
    const c = await customerWith(20);
    const order = { video_id: ids[1], phone_number: '0712000222' };
    const first = paymentOf(await buy(c, order, 'tap-a'));
    // The phone retried with a new key (a reinstalled app, a second tab) while the prompt was open.
    const second = paymentOf(await buy(c, order, 'tap-b'));
    expect(second.CheckoutRequestID).toBe(first.CheckoutRequestID);
    expect((await answer(c, first.CheckoutRequestID, 'pay')).purchase?.state).toBe('completed');
    for (const key of ['tap-a', 'tap-b']) {
      const again = paymentOf(await buy(c, order, key));
      expect(again.CheckoutRequestID).toBe(first.CheckoutRequestID);
      expect(again.deposit).toMatchObject({ state: 'completed', purchase: { state: 'completed' } });
    }
    expect(await db().select().from(deposits).where(eq(deposits.userId, c.id))).toHaveLength(1);
    expect(await db().select().from(purchases).where(eq(purchases.userId, c.id))).toHaveLength(1);
    expect(await balanceOf(c)).toBe(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('sells season 2 to the owner of season 1, and sells a refunded video again', async () => {
    const c = await customerWith(1000);
    const [s1, s2] = [ids[2]!, ids[3]!];
    expect((await buy(c, { video_id: s1 })).statusCode).toBe(201);
    expect(await owns(c, s1)).toBe(true);
    expect(await owns(c, s2)).toBe(false);
    expect((await buy(c, { video_id: s2 })).statusCode).toBe(201);

    const staff = await signedInStaff(t.app);
    const [p] = await db().select().from(purchases).where(eq(purchases.userId, c.id));
    const refund = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${p!.id}/refund`, headers: staff.auth, payload: { reason: 'Bought by mistake' } });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await owns(c, p!.videoId)).toBe(false);
    expect((await buy(c, { video_id: p!.videoId })).statusCode).toBe(201);
    expect(await owns(c, p!.videoId)).toBe(true);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('does not sell a published video that has no playable file', async () => {
    const c = await customerWith(1000);
    await db().update(videos).set({ videoPath: null }).where(eq(videos.id, ids[1]!));
    try {
      const page = (await t.app.inject({ url: `/api/videoDetails/${ids[1]}/` })).json<Video>();
      expect(page.for_sale).toBe(false);
      expect((await buy(c, { video_id: ids[1] })).statusCode).toBe(404);
      expect((await buy(c, { video_id: ids[1], phone_number: '0712000666' })).statusCode).toBe(404);
      expect(await balanceOf(c)).toBe(1000);
    } finally {
      await db().update(videos).set({ videoPath: 'renditions/fixture-2' }).where(eq(videos.id, ids[1]!));
      t.app.catalogCache.clear();
    }
  });
});

describe.each(engines())('the reconciler and a checkout paid with M-Pesa on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { dropCallbacks: true });
  });
  afterAll(() => t.close());

  it('buys the videos when it learns from STK query that the customer paid, the callback lost', async () => {
    const [video] = (await insertFixtureCatalogue(t.database.db)).videos;
    const c = await signedInCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: video!.id, phone_number: '0712000777' } });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<CheckoutPayment>().CheckoutRequestID;
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action: 'pay' } }); // its callback is lost
    let settled = 0;
    for (let h = 1; h <= 4 && settled === 0; h++) settled += await t.store.reconcileDeposits(new Date(Date.now() + h * 3600_000));
    expect(settled).toBe(1);
    const d = (await t.app.inject({ url: `/api/deposit/${id}/`, headers: c.auth })).json<Deposit>();
    expect(d).toMatchObject({ state: 'completed', balance: 0, purchase: { state: 'completed', video_ids: [video!.id] } });
    expect((await t.database.db.select().from(purchases).where(eq(purchases.userId, c.id))).map((p) => p.videoId)).toEqual([video!.id]);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});
