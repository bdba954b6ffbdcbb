import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_OUTCOMES, type Deposit, type DepositOutcome, type Info } from '@store/contract';
import { deposits as depositsTable, ledgerEntries, profiles } from '../../db/schema.ts';
import { ledgerMismatches } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let phoneSeq = 0;
const freshPhone = () => `07${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`;

describe.each(engines())('M-Pesa deposits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const deposit = (c: Customer, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/deposit/', headers: c.auth, payload: { username: c.buyerid, ...payload } });
  const start = async (c: Customer, amount = 100, phone = freshPhone()) => {
    const res = await deposit(c, { amount, phone_number: phone });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ CheckoutRequestID: string; deposit: Deposit }>().CheckoutRequestID;
  };
  /** Answers the prompt on the simulated phone and waits for its callback to land, as a customer would. */
  const answer = async (id: string, action: string) => {
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action } });
    await vi.waitFor(async () => expect((await row(id)).state).not.toBe('pending'));
  };
  const status = async (c: Customer, id: string) => (await t.app.inject({ url: `/api/deposit/${id}/`, headers: c.auth })).json<Deposit>();
  const balance = async (c: Customer) => (await t.database.db.select({ b: profiles.account }).from(profiles).where(eq(profiles.buyerid, c.buyerid)))[0]!.b;
  const row = async (id: string) => (await t.database.db.select().from(depositsTable).where(eq(depositsTable.checkoutRequestId, id)))[0]!;
  const callback = (secret: string, body: unknown) => t.app.inject({ method: 'POST', url: `/api/deposit/callback/${secret}`, payload: body as object });
  const paidBody = (id: string, amount: number, phone: string, receipt: string) => ({
    Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: id, ResultCode: 0, ResultDesc: 'The service request is processed successfully.', CallbackMetadata: { Item: [{ Name: 'MpesaReceiptNumber', Value: receipt }, { Name: 'Balance' }, { Name: 'Amount', Value: amount }, { Name: 'TransactionDate', Value: 20261121103000 }, { Name: 'PhoneNumber', Value: Number(phone) }] } } },
  });

  it('sends one phone a few prompts per 10 minutes at most, whichever accounts ask, also at checkout (429 with Retry-After)', async () => {
    // Any account may name any phone, and each prompt rings it: nobody may use the store to flood a phone.
    const limited = await createTestApp(engine, { mpesaPromptsPerPhone: 2 });
    try {
      const [videoId] = (await insertFixtureCatalogue(limited.database.db)).videos.map((v) => v.id);
      const [a, b] = [await signedInCustomer(limited.app), await signedInCustomer(limited.app)];
      const victim = freshPhone();
      const prompt = async (c: Customer) => {
        const res = await limited.app.inject({ method: 'POST', url: '/api/deposit/', headers: c.auth, payload: { username: c.buyerid, amount: 10, phone_number: victim } });
        // The victim cancels each prompt, so the next one may ring.
        if (res.statusCode === 200) await limited.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${res.json<{ CheckoutRequestID: string }>().CheckoutRequestID}`, payload: { action: 'cancel' } });
        return res;
      };
      expect([(await prompt(a)).statusCode, (await prompt(b)).statusCode]).toEqual([200, 200]);
      const refused = await prompt(a);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many M-Pesa prompts were sent to this phone\. Try again in \d+ minutes\.$/) });
      const atCheckout = await limited.app.inject({ method: 'POST', url: '/api/purchased/', headers: b.auth, payload: { video_id: videoId, phone_number: victim } });
      expect(atCheckout.statusCode).toBe(429);
      expect(await limited.database.db.select().from(depositsTable).where(eq(depositsTable.phone, `254${victim.slice(1)}`))).toHaveLength(2);
      // Another phone is not affected.
      expect((await limited.app.inject({ method: 'POST', url: '/api/deposit/', headers: a.auth, payload: { username: a.buyerid, amount: 10, phone_number: freshPhone() } })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('pushes, and credits the balance once the customer pays on the phone', async () => {
    const c = await signedInCustomer(t.app);
    const res = await deposit(c, { amount: 250, phone_number: '+254 711 222 333' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: boolean; CheckoutRequestID: string; CustomerMessage: string; deposit: Deposit }>();
    expect(body).toMatchObject({ success: true, CustomerMessage: 'Enter your M-Pesa PIN to complete transaction.', deposit: { state: 'pending', amount: 250, phone_number: '254711222333' } });
    expect(await balance(c)).toBe(0);

    await answer(body.CheckoutRequestID, 'pay');
    expect(await status(c, body.CheckoutRequestID)).toMatchObject({ state: 'completed', balance: 250, receipt: expect.stringMatching(/^[A-Z0-9]{10}$/), result_desc: 'The service request is processed successfully.' });
    expect(await balance(c)).toBe(250);
    const info = (await t.app.inject({ url: '/api/info/', headers: c.auth })).json<Info>();
    expect(info.deposit_history).toEqual([expect.objectContaining({ amount: 250, state: 'completed' })]);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });

  it.each([
    ['cancel', 'cancelled', '1032', 'Request cancelled by user', 'cancelled', 'Ulikataa ombi la M-Pesa. Hakuna pesa iliyokatwa.'],
    ['wrong_pin', 'failed', '2001', 'The initiator information is invalid.', 'wrong_pin', 'PIN ya M-Pesa haikuwa sahihi. Hakuna pesa iliyokatwa: jaribu tena na uweke PIN yako kwa makini.'],
    ['insufficient', 'failed', '1', 'The balance is insufficient for the transaction.', 'insufficient_funds', 'Salio lako la M-Pesa halitoshi kwa malipo haya. Hakuna pesa iliyokatwa: ongeza pesa kwenye M-Pesa kisha ujaribu tena.'],
    ['timeout', 'failed', '1037', 'DS timeout user cannot be reached', 'expired', 'Muda wa ombi la M-Pesa uliisha kabla ya kuweka PIN. Hakuna pesa iliyokatwa: litume tena na uweke PIN yako linapotokea.'],
  ])('records a %s as %s with M-Pesa’s code, says it in the store’s words in either language, and credits nothing', async (action, state, code, reason, outcome, kiswahili) => {
    const c = await signedInCustomer(t.app);
    const id = await start(c);
    await answer(id, action);
    expect(await status(c, id)).toMatchObject({ state, result_code: code, result_desc: reason, outcome, message: DEPOSIT_OUTCOMES[outcome as DepositOutcome], balance: null });
    const sw = { ...c.auth, 'accept-language': 'sw' };
    expect((await t.app.inject({ url: `/api/deposit/${id}/`, headers: sw })).json<Deposit>().message).toBe(kiswahili);
    // Deposit History says the same, never M-Pesa's own words.
    const history = (await t.app.inject({ url: '/api/info/', headers: sw })).json<Info>().deposit_history;
    expect(history).toEqual([expect.objectContaining({ outcome, message: kiswahili, result_code: code })]);
    expect(await balance(c)).toBe(0);
  });

  it.each(['0712345678', '712345678', '0112345678', '254712345678', '+254712345678', '0712 345 678'])('accepts the phone %s', async (phone) => {
    const c = await signedInCustomer(t.app);
    const res = await deposit(c, { amount: 10, phone_number: phone });
    expect(res.statusCode, res.body).toBe(200);
    await answer(res.json<{ CheckoutRequestID: string }>().CheckoutRequestID, 'cancel');
  });

  it.each([
    [{ phone_number: '12345' }, 'phone_number'],
    [{ phone_number: '0812345678' }, 'phone_number'],
    [{ amount: 0 }, 'amount'],
    [{ amount: 250_001 }, 'amount'],
    [{ amount: 12.5 }, 'amount'],
    [{ amount: 'lots' }, 'amount'],
  ])('refuses %j with the field named', async (over, field) => {
    const c = await signedInCustomer(t.app);
    const res = await deposit(c, { amount: 10, phone_number: '0712345678', ...over });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual([field]);
  });

  it("refuses another customer's buyer id, and a visitor", async () => {
    const a = await signedInCustomer(t.app);
    const b = await signedInCustomer(t.app);
    expect((await deposit(a, { amount: 10, phone_number: '0712345678', username: b.buyerid })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/deposit/', payload: { amount: 10, phone_number: '0712345678', username: a.buyerid } })).statusCode).toBe(401);
    const id = await start(a);
    expect((await t.app.inject({ url: `/api/deposit/${id}/`, headers: b.auth })).statusCode).toBe(404);
  });

  it('fails a push M-Pesa refuses, with the reason, crediting nothing', async () => {
    const c = await signedInCustomer(t.app);
    const phone = freshPhone();
    await start(c, 50, phone);
    const refused = await deposit(c, { amount: 50, phone_number: phone }); // a prompt is already open on that phone
    expect(refused.statusCode).toBe(502);
    // The store's sentence, in the customer's language; Daraja's own words stay on the deposit for staff.
    expect(refused.json()).toEqual({ success: false, detail: DEPOSIT_OUTCOMES.busy });
    const again = await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: { ...c.auth, 'accept-language': 'sw' }, payload: { username: c.buyerid, amount: 50, phone_number: phone } });
    expect(again.json()).toEqual({ success: false, detail: 'M-Pesa bado inashughulikia malipo mengine kwenye simu hii. Subiri dakika moja, kisha ujaribu tena.' });
    const failed = await t.database.db.select().from(depositsTable).where(eq(depositsTable.state, 'failed'));
    expect(failed.some((d) => d.resultCode === '500.001.1001' && /Unable to lock subscriber/.test(d.resultDesc ?? ''))).toBe(true);
    expect(await balance(c)).toBe(0);
  });

  it('ignores forged, mismatched, malformed, duplicate and late callbacks', async () => {
    const c = await signedInCustomer(t.app);
    const phone = freshPhone();
    const id = await start(c, 300, phone);
    const { callbackSecret } = await row(id);
    const full = `254${phone.slice(1)}`;
    for (const res of [
      await callback('0'.repeat(48), paidBody(id, 300, full, 'FORGED0001')), // not this deposit's path
      await callback(callbackSecret, paidBody(id, 3000, full, 'MISMATCH01')), // wrong amount
      await callback(callbackSecret, paidBody(id, 300, '254700000000', 'MISMATCH02')), // wrong phone
      await callback(callbackSecret, paidBody('ws_CO_other', 300, full, 'MISMATCH03')), // another push
      await callback(callbackSecret, { Body: { nothing: true } }), // malformed
    ]) {
      expect(res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    }
    expect((await row(id)).state).toBe('pending');
    expect(await balance(c)).toBe(0);

    await callback(callbackSecret, paidBody(id, 300, full, 'RECEIPT001'));
    await callback(callbackSecret, paidBody(id, 300, full, 'RECEIPT001')); // duplicate
    await callback(callbackSecret, { Body: { stkCallback: { CheckoutRequestID: id, ResultCode: 1032, ResultDesc: 'Request cancelled by user' } } }); // late
    expect(await row(id)).toMatchObject({ state: 'completed', receipt: 'RECEIPT001' });
    expect(await balance(c)).toBe(300);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, 'RECEIPT001'))).toHaveLength(1);
  });

  it('credits a push that was accepted but not recorded, when its callback comes to its own path', async () => {
    const c = await signedInCustomer(t.app);
    const phone = freshPhone();
    const id = await start(c, 80, phone);
    // as if the database had failed just after Daraja accepted the push
    await t.database.db.update(depositsTable).set({ checkoutRequestId: null }).where(eq(depositsTable.checkoutRequestId, id));
    const [d] = await t.database.db.select().from(depositsTable).where(eq(depositsTable.amount, 80));
    await callback(d!.callbackSecret, paidBody(id, 80, `254${phone.slice(1)}`, 'ADOPTED001'));
    expect(await row(id)).toMatchObject({ state: 'completed', receipt: 'ADOPTED001' });
    expect(await balance(c)).toBe(80);
  });

  it('reads a string ResultCode as a failure', async () => {
    const c = await signedInCustomer(t.app);
    const id = await start(c);
    await callback((await row(id)).callbackSecret, { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: id, ResultCode: 'SFC_IC0003', ResultDesc: 'Transaction limit reached' } } });
    expect(await status(c, id)).toMatchObject({ state: 'failed', result_desc: 'Transaction limit reached' });
  });

  it('credits once when 200 copies of the paid callback arrive at once', async () => {
    const c = await signedInCustomer(t.app);
    const phone = freshPhone();
    const id = await start(c, 120, phone);
    const { callbackSecret } = await row(id);
    const body = paidBody(id, 120, `254${phone.slice(1)}`, 'BURST00001');
    const answers = await Promise.all(Array.from({ length: 200 }, () => callback(callbackSecret, body)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await balance(c)).toBe(120);
    expect(await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, 'BURST00001'))).toHaveLength(1);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});

describe.each(engines())('the deposit reconciler on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { dropCallbacks: true });
  });
  afterAll(() => t.close());

  const later = (hours: number) => new Date(Date.now() + hours * 3600_000);

  it('learns from STK query that a prompt nobody answered expired, and says so (the callback was lost)', async () => {
    // Prompts expire after a second here, as M-Pesa's do after about half a minute.
    const expiring = await createTestApp(engine, { dropCallbacks: true, mpesa: { ...t.config.mpesa, simExpireMs: 1000 } });
    try {
      const c = await signedInCustomer(expiring.app);
      const res = await expiring.app.inject({ method: 'POST', url: '/api/deposit/', headers: c.auth, payload: { username: c.buyerid, amount: 60, phone_number: '0799000003' } });
      const id = res.json<{ CheckoutRequestID: string }>().CheckoutRequestID;
      expect(await expiring.store.reconcileDeposits(later(1))).toBe(0); // still on the phone: nothing to settle
      await new Promise((r) => setTimeout(r, 1100));
      expect(await expiring.store.reconcileDeposits(later(2))).toBe(1);
      const sw = (await expiring.app.inject({ url: `/api/deposit/${id}/`, headers: { ...c.auth, 'accept-language': 'sw' } })).json<Deposit>();
      expect(sw).toMatchObject({ state: 'failed', result_code: '1037', outcome: 'expired', message: expect.stringMatching(/^Muda wa ombi la M-Pesa uliisha/) });
    } finally {
      await expiring.close();
    }
  });

  it('settles a paid deposit whose callback never came, and sends the unanswerable to review', async () => {
    const c = await signedInCustomer(t.app);
    const start = async (phone: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: c.auth, payload: { username: c.buyerid, amount: 40, phone_number: phone } })).json<{ CheckoutRequestID: string }>().CheckoutRequestID;
    const paid = await start('0799000001');
    const silent = await start('0799000002');
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${paid}`, payload: { action: 'pay' } }); // the callback is lost

    expect(await t.store.reconcileDeposits()).toBe(0); // not due yet
    let settled = 0;
    // passes at growing intervals, as the timer would run them over a day
    for (let h = 1; h <= 12; h++) settled += await t.store.reconcileDeposits(later(h * h));
    expect(settled).toBe(1);
    const rows = await t.database.db.select().from(depositsTable);
    expect(rows.find((d) => d.checkoutRequestId === paid)).toMatchObject({ state: 'completed' });
    expect(rows.find((d) => d.checkoutRequestId === silent)).toMatchObject({ state: 'review', resultDesc: expect.stringMatching(/our team will check/) });
    expect((await t.database.db.select().from(profiles).where(eq(profiles.buyerid, c.buyerid)))[0]!.account).toBe(40);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
  });
});
