import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_OUTCOMES, type CheckoutPayment, type Deposit } from '@store/contract';
import { deposits, profiles, purchases } from '../../../db/schema.ts';
import { ledgerMismatches } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
type Unsent = { success: false; detail: string; deposit: Deposit };
let phones = 0;
const freshPhone = () => `07130${String(++phones).padStart(5, '0')}`;

/**
 * Issue 32 #21: a retry with the Idempotency-Key of a payment whose prompt failed (refused by M-Pesa,
 * its answer lost, cancelled or expired on the phone) answers how it ended, never 409 "still being sent"
 * for ever, and never rings the phone again.
 */
describe.each(engines())('retrying a failed M-Pesa payment with its key on %s', (engine) => {
  let t: TestApp;
  let video: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    video = (await insertFixtureCatalogue(t.database.db)).videos[0]!.id; // Ksh 100
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const buy = (c: Customer, phone: string, key: string, language = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/purchased/', headers: { ...c.auth, 'idempotency-key': key, 'accept-language': language }, payload: { video_id: video, phone_number: phone } });
  const depositsOf = (c: Customer) => db().select().from(deposits).where(eq(deposits.userId, c.id));
  const status = async (c: Customer, id: string) => (await t.app.inject({ url: `/api/deposit/${id}/`, headers: c.auth })).json<Deposit>();
  const answer = async (c: Customer, id: string, action: string) => {
    expect((await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action } })).statusCode).toBeLessThan(300);
    await vi.waitFor(async () => expect((await status(c, id)).state).not.toBe('pending'));
  };
  const nothingCharged = async (c: Customer) => {
    expect((await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b).toBe(0);
    expect(await db().select().from(purchases).where(eq(purchases.userId, c.id))).toHaveLength(0);
    expect(await ledgerMismatches(db())).toEqual([]);
  };

  it('answers a push M-Pesa refused with the refusal and the failed deposit, on every retry of its key, and a new key can pay', async () => {
    const c = await signedInCustomer(t.app);
    const phone = freshPhone();
    // A prompt already open on the phone: M-Pesa refuses a second push ("Unable to lock subscriber").
    const open = await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: c.auth, payload: { username: c.buyerid, amount: 10, phone_number: phone } });
    expect(open.statusCode, open.body).toBe(200);
    const first = await buy(c, phone, 'refused-1');
    expect(first.statusCode, first.body).toBe(502);
    expect(first.json<Unsent>()).toMatchObject({ success: false, detail: DEPOSIT_OUTCOMES.busy, deposit: { state: 'failed', checkout_request_id: null, amount: 100, purchase: { state: 'failed' } } });
    for (let i = 0; i < 3; i++) {
      const again = await buy(c, phone, 'refused-1');
      expect(again.statusCode, again.body).toBe(502);
      expect(again.json()).toEqual(first.json());
    }
    const sw = await buy(c, phone, 'refused-1', 'sw');
    expect(sw.json<Unsent>().detail).toBe('M-Pesa bado inashughulikia malipo mengine kwenye simu hii. Subiri dakika moja, kisha ujaribu tena.');
    expect((await depositsOf(c)).filter((d) => d.purchaseVideoIds !== null)).toHaveLength(1);
    await nothingCharged(c);

    // The phone is free again: a new attempt (a new key) sends its prompt.
    await answer(c, open.json<{ CheckoutRequestID: string }>().CheckoutRequestID, 'cancel');
    const fresh = await buy(c, phone, 'refused-2');
    expect(fresh.statusCode, fresh.body).toBe(202);
    expect(fresh.json<CheckoutPayment>().deposit.state).toBe('pending');
  });

  it('answers a push whose answer was lost as still being sent only while it is, then as in review', async () => {
    const c = await signedInCustomer(t.app);
    const phone = freshPhone();
    const first = await buy(c, phone, 'lost-1');
    expect(first.statusCode, first.body).toBe(202);
    // What a process killed between sending the push and recording its answer leaves: the row and its key, no CheckoutRequestID.
    await db().update(deposits).set({ checkoutRequestId: null, merchantRequestId: null, nextCheckAt: new Date(Date.now() + 60_000) }).where(eq(deposits.userId, c.id));
    expect((await buy(c, phone, 'lost-1')).statusCode).toBe(409);
    await t.store.reconcileDeposits(new Date(Date.now() + 120_000));
    const again = await buy(c, phone, 'lost-1');
    expect(again.statusCode, again.body).toBe(502);
    expect(again.json<Unsent>()).toMatchObject({ success: false, detail: expect.stringMatching(/M-Pesa did not answer/), deposit: { state: 'review', message: DEPOSIT_OUTCOMES.review } });
    expect(await depositsOf(c)).toHaveLength(1);
    await nothingCharged(c);
  });

  it.each([
    ['cancelled', 'cancel', 'cancelled', DEPOSIT_OUTCOMES.cancelled],
    ['timed out', 'timeout', 'failed', DEPOSIT_OUTCOMES.expired],
  ])('answers the key of a prompt the customer %s with how it ended, and rings nothing again', async (_label, action, state, sentence) => {
    const c = await signedInCustomer(t.app);
    const phone = freshPhone();
    const key = `ended-${action}`;
    const first = await buy(c, phone, key);
    expect(first.statusCode, first.body).toBe(202);
    const id = first.json<CheckoutPayment>().CheckoutRequestID;
    await answer(c, id, action);
    const again = await buy(c, phone, key);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json<CheckoutPayment>()).toMatchObject({ CheckoutRequestID: id, CustomerMessage: sentence, deposit: { state, message: sentence, purchase: { state: 'failed' } } });
    expect(await depositsOf(c)).toHaveLength(1);
    await nothingCharged(c);
  });
});
