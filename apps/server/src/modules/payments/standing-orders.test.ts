import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, paybillPayments, profiles, standingOrders } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { ledgerMismatches } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let phoneSeq = 0;
const freshPhone = () => `2547${String(20_000_000 + ++phoneSeq * 7919).slice(-8)}`;
let subjectSeq = 0;

describe.each(engines())('Ratiba standing orders and paybill payments on %s', (engine) => {
  let t: TestApp;
  const results: { purpose: string; ok: boolean; reason: string; state: string }[] = [];
  const payments: { purpose: string; userId: number; amount: number; transId: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    // 'trial': a purpose of the test's own (the store registers 'pass' itself, for passes).
    for (const purpose of ['trial', 'cancelled']) {
      t.store.standingOrders.onResult(purpose, async (_tx, r) => void results.push({ purpose, ok: r.ok, reason: r.reason, state: r.order.state }));
      t.store.standingOrders.onPayment(purpose, async (_tx, p) => void payments.push({ purpose, userId: p.userId, amount: p.amount, transId: p.transId }));
    }
    // A handler that writes, then refuses: its write is undone, the credit is not.
    t.store.standingOrders.onPayment('throws', async (tx, p) => {
      await tx.update(standingOrders).set({ name: 'changed by a failed handler' }).where(eq(standingOrders.id, p.order.id));
      throw new Error('the pass was withdrawn');
    });
  });
  afterAll(() => t.close());

  const db = () => t.database.db as Database;
  const orderRow = async (id: number) => (await db().select().from(standingOrders).where(eq(standingOrders.id, id)))[0]!;
  const balance = async (userId: number) => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, userId)))[0]!.b;
  const make = async (userId: number, purpose = 'trial', over: Record<string, unknown> = {}) =>
    t.store.standingOrders.create(userId, { phone: freshPhone(), amount: 150, frequency: 'weekly', purpose, subjectId: ++subjectSeq, name: 'Week pass', description: 'Week pass', startDate: new Date(Date.now() + 7 * 86_400_000), ...over });
  const simOrder = async (ref: string) => (await t.app.inject('/mpesa-sim/simulate/standing-orders')).json<{ id: string; accountReference: string; name: string; amount: number; frequency: number }[]>().find((o) => o.accountReference === ref)!;
  const answer = async (ref: string, action: string, orderId: number) => {
    const res = await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${(await simOrder(ref)).id}`, payload: { action } });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(async () => expect((await orderRow(orderId)).state).not.toBe('pending'));
  };
  const deduct = (ref: string, body: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: `/mpesa-sim/simulate/standing-orders/${ref}/deduct`, payload: body });
  const confirm = (body: unknown, secret = t.config.mpesa.c2bSecret) => t.app.inject({ method: 'POST', url: `/api/paybill/confirmation/${secret}`, payload: body as object });
  const active = async (purpose = 'trial') => {
    const c = await signedInCustomer(t.app);
    const made = await make(c.id, purpose);
    await answer(made.accountReference, 'pay', made.id);
    return { c, made };
  };

  it('sends the order to M-Pesa, and the customer’s PIN makes it active', async () => {
    const c = await signedInCustomer(t.app);
    const made = await make(c.id);
    expect(made).toEqual({ id: expect.any(Number), accountReference: expect.stringMatching(/^P[0-9A-Z]{1,11}$/), state: 'pending' });
    const sent = await simOrder(made.accountReference);
    expect(sent).toMatchObject({ amount: 150, frequency: 3, name: `Week pass ${made.accountReference}` });
    await answer(made.accountReference, 'pay', made.id);
    expect(await orderRow(made.id)).toMatchObject({ state: 'active', resultCode: '0', transactionId: sent.id });
    expect(results.filter((r) => r.ok && r.purpose === 'trial').length).toBeGreaterThan(0);
    // The callback again changes nothing.
    expect((await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${sent.id}`, payload: { action: 'cancel' } })).statusCode).toBe(409);
  });

  it('is asked once for one thing: asked again it answers the same order and sends nothing', async () => {
    const c = await signedInCustomer(t.app);
    const input = { phone: freshPhone(), amount: 100, frequency: 'monthly' as const, purpose: 'trial', subjectId: ++subjectSeq, name: 'Month pass', description: 'Month pass', startDate: new Date() };
    const [a, b] = await Promise.all([t.store.standingOrders.create(c.id, input), t.store.standingOrders.create(c.id, input)]);
    expect(b).toEqual(a);
    expect(await t.store.standingOrders.create(c.id, input)).toEqual(a);
    const sent = (await t.app.inject('/mpesa-sim/simulate/standing-orders')).json<{ phone: string }[]>().filter((o) => o.phone === input.phone);
    expect(sent).toHaveLength(1);
  });

  it('a refused PIN leaves the order failed with M-Pesa’s reason, and a new one may be made', async () => {
    const c = await signedInCustomer(t.app);
    const before = results.length;
    const made = await make(c.id);
    await answer(made.accountReference, 'wrong_pin', made.id);
    expect(await orderRow(made.id)).toMatchObject({ state: 'failed', resultCode: '2001', resultDesc: 'The initiator information is invalid.' });
    expect(results.slice(before)).toEqual([{ purpose: 'trial', ok: false, reason: 'The initiator information is invalid.', state: 'failed' }]);
    const again = await make(c.id, 'trial', { subjectId: (await orderRow(made.id)).subjectId });
    expect(again).toMatchObject({ state: 'pending' });
    expect(again.id).not.toBe(made.id);
  });

  it('a deduction delivered twice credits the balance once and renews once; the books stay clean', async () => {
    const { c, made } = await active();
    const before = payments.length;
    const res = await deduct(made.accountReference, { deliveries: 2 });
    expect(res.json()).toMatchObject({ ok: true });
    const transId = res.json<{ TransID: string }>().TransID;
    expect(await balance(c.id)).toBe(150);
    expect(await db().select().from(paybillPayments).where(eq(paybillPayments.transId, transId))).toEqual([expect.objectContaining({ state: 'credited', userId: c.id, standingOrderId: made.id, amount: 150, billRef: made.accountReference })]);
    expect(await db().select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount, reference: ledgerEntries.reference }).from(ledgerEntries).where(eq(ledgerEntries.userId, c.id))).toEqual([{ kind: 'deposit', amount: 150, reference: `paybill-${transId}` }]);
    expect(payments.slice(before)).toEqual([{ purpose: 'trial', userId: c.id, amount: 150, transId }]);
    // The same TransID a day later still does nothing more.
    const [stored] = await db().select().from(paybillPayments).where(eq(paybillPayments.transId, transId));
    expect((await confirm(stored!.raw)).json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await balance(c.id)).toBe(150);
    // A failed deduction (the customer's balance short) reaches the store not at all.
    await deduct(made.accountReference, { fail: true });
    expect(await balance(c.id)).toBe(150);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('keeps a payment to an unknown account reference unmatched, credited to no one', async () => {
    const res = await confirm({ TransactionType: 'Pay Bill', TransID: 'UNK0000001', TransTime: '20261201090000', TransAmount: '70.00', BusinessShortCode: '174379', BillRefNumber: 'NOSUCHREF', MSISDN: '254700000001', FirstName: 'A' });
    expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await db().select().from(paybillPayments).where(eq(paybillPayments.transId, 'UNK0000001'))).toEqual([expect.objectContaining({ state: 'unmatched', userId: null, amount: 70, raw: expect.objectContaining({ BillRefNumber: 'NOSUCHREF' }) })]);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.reference, 'paybill-UNK0000001'))).toEqual([]);
  });

  it('a handler that throws undoes its own work and leaves the money on the balance', async () => {
    const { c, made } = await active('throws');
    await deduct(made.accountReference);
    expect(await balance(c.id)).toBe(150);
    expect((await orderRow(made.id)).name).toBe(`Week pass ${made.accountReference}`);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('after a cancel, a deduction that still comes goes to the balance and renews nothing', async () => {
    const { c, made } = await active('cancelled');
    expect(await db().transaction((tx) => t.store.standingOrders.cancel(tx as unknown as Database, made.id))).toBe(true);
    expect(await db().transaction((tx) => t.store.standingOrders.cancel(tx as unknown as Database, made.id))).toBe(false);
    const before = payments.length;
    // M-Pesa still deducts until the customer ends the order on *334#.
    await deduct(made.accountReference);
    expect(await balance(c.id)).toBe(150);
    expect(payments.length).toBe(before);
    expect((await orderRow(made.id)).state).toBe('cancelled');
  });

  it('answers every body 200 (or the framework’s 4xx), never a 500, and changes nothing for junk', async () => {
    const { c, made } = await active();
    const secretOf = (await orderRow(made.id)).callbackSecret;
    const junk: unknown[] = [
      {},
      [],
      [1, 2],
      'text',
      42,
      null,
      { TransID: { $gt: '' }, TransAmount: '10' },
      { TransID: 'X1', TransAmount: '1e309' },
      { TransID: 'X2', TransAmount: '-5', BillRefNumber: made.accountReference },
      { TransID: 'X3', TransAmount: '10.5', BillRefNumber: made.accountReference },
      { TransID: 'X4\u0000', TransAmount: '10', BillRefNumber: made.accountReference },
      { TransID: 'X5', TransAmount: '10', BillRefNumber: { a: 1 } },
      // The input guard answers 400 for a NUL anywhere in a body; M-Pesa sends none.
      { TransID: 'X6', TransAmount: '10', BillRefNumber: made.accountReference, FirstName: 'nul\u0000byte' },
      { ResponseHeader: { responseCode: '0' }, ResponseBody: { responseData: 'x' } },
      { ResponseHeader: null },
      { responseHeader: { responseCode: ['0'] } },
    ];
    for (const body of junk) {
      for (const url of [`/api/paybill/confirmation/${t.config.mpesa.c2bSecret}`, '/api/paybill/confirmation/wrong', `/api/paybill/validation/${t.config.mpesa.c2bSecret}`, `/api/standing-orders/callback/${secretOf}`, '/api/standing-orders/callback/unknown']) {
        const res = await t.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    for (const raw of ['{not json', '']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/paybill/confirmation/${t.config.mpesa.c2bSecret}`, payload: raw, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBeLessThan(500);
    }
    // X5's BillRefNumber is no string: kept unmatched, not credited.
    expect((await db().select().from(paybillPayments).where(eq(paybillPayments.transId, 'X5')))[0]).toMatchObject({ state: 'unmatched', billRef: '' });
    expect(await balance(c.id)).toBe(0);
    expect((await orderRow(made.id)).state).toBe('active');
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('registers the paybill’s addresses with Daraja’s C2B RegisterURL', async () => {
    await t.store.standingOrders.registerPaybillUrls();
    const { made } = await active();
    await deduct(made.accountReference);
    expect((await db().select().from(paybillPayments).where(eq(paybillPayments.billRef, made.accountReference))).map((p) => p.state)).toEqual(['credited']);
  });
});
