import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPayment, CustomerPass, Deposit, LoginResponse, PassProduct } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { customerPasses, deposits, profiles, users } from '../../../db/schema.ts';
import { ledgerMismatches, saleLineMismatches } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let phoneSeq = 0;
const freshPhone = () => `07${String(20_000_000 + ++phoneSeq * 7919).slice(-8)}`;
const full = (phone: string) => `254${phone.slice(1)}`;
type Browser = Record<string, string>;

/** CONTRACT §16: a visitor buys a pass with only a phone; the paying phone names the account, and the asking browser is signed in once. */
describe.each(engines())('buying a pass with only a phone on %s', (engine) => {
  let t: TestApp;
  let dayPass: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertFixtureCatalogue(t.database.db);
    const staff = await signedInStaff(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/passes', headers: staff.auth, payload: { title: 'Day of everything', scope: { kind: 'all' }, hours: 24, price: 30 } });
    expect(res.statusCode, res.body).toBe(201);
    dayPass = res.json<PassProduct>().id;
  });
  afterAll(() => t.close());

  const db = () => t.database.db as Database;
  /** Asks as a visitor; answers the 202 and the browser's cookies (the visitor_payment cookie it was given). */
  const ask = async (phone: string, browser: Browser = {}) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/passes/${dayPass}/buy/`, payload: { phone_number: phone }, cookies: browser });
    expect(res.statusCode, res.body).toBe(202);
    const given = res.cookies.find((c) => c.name === 'visitor_payment');
    return { pay: res.json<CheckoutPayment>(), browser: given ? { visitor_payment: given.value } : browser, cookie: given };
  };
  const row = async (id: string) => (await db().select().from(deposits).where(eq(deposits.checkoutRequestId, id)))[0]!;
  const answer = async (id: string, action: 'pay' | 'cancel') => {
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action } });
    await vi.waitFor(async () => expect((await row(id)).state).not.toBe('pending'), { timeout: 10_000 });
  };
  const look = (id: string, browser: Browser) => t.app.inject({ url: `/api/deposit/${id}/`, cookies: browser });
  const passesOf = (userId: number) => db().select().from(customerPasses).where(eq(customerPasses.userId, userId));
  const books = async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  };

  it('gives the same 202 (one prompt for the whole price) whether or not the number has an account', async () => {
    const owner = await signedInCustomer(t.app);
    const known = freshPhone();
    await db().update(profiles).set({ phoneNumber: full(known), verifiedPhone: full(known) }).where(eq(profiles.userId, owner.id));
    const a = await ask(known);
    const b = await ask(freshPhone());
    for (const { pay, cookie } of [a, b]) {
      expect(Object.keys(pay).sort()).toEqual(['CheckoutRequestID', 'CustomerMessage', 'amount', 'deposit', 'simulator_phone']);
      expect(pay.amount).toBe(30);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/' });
    }
    expect({ ...a.pay.deposit, checkout_request_id: null, phone_number: null, time: null }).toEqual({ ...b.pay.deposit, checkout_request_id: null, phone_number: null, time: null });
    // Nothing is made before M-Pesa answers.
    expect((await row(b.pay.CheckoutRequestID)).userId).toBeNull();
  });

  it('paid from a verified phone, sells the pass on that account and signs the asking browser in once', async () => {
    const owner = await signedInCustomer(t.app);
    const phone = freshPhone();
    await db().update(profiles).set({ phoneNumber: full(phone), verifiedPhone: full(phone) }).where(eq(profiles.userId, owner.id));
    const { pay, browser } = await ask(phone);
    // Before it is paid the browser sees the payment, without a login.
    expect((await look(pay.CheckoutRequestID, browser)).json<Deposit & { login?: unknown }>().login).toBeUndefined();
    await answer(pay.CheckoutRequestID, 'pay');
    const first = await look(pay.CheckoutRequestID, browser);
    expect(first.statusCode, first.body).toBe(200);
    const login = first.json<Deposit & { login: LoginResponse }>().login;
    expect(login.username).toBe(owner.username);
    expect(first.cookies.find((c) => c.name === 'refresh_token')?.httpOnly).toBe(true);
    // The login works: the pass is on the owner's account.
    const mine = await t.app.inject({ url: '/api/passes/mine/', headers: { authorization: `Bearer ${login.tokens.access}` } });
    expect(mine.json<CustomerPass[]>().map((p) => p.pass_id)).toEqual([dayPass]);
    // Once: the same browser asking again gets no login, and a browser without the cookie gets nothing.
    const again = await look(pay.CheckoutRequestID, browser);
    expect(again.json<{ login?: unknown }>().login).toBeUndefined();
    expect((await look(pay.CheckoutRequestID, {})).statusCode).toBe(401);
    expect((await look(pay.CheckoutRequestID, { visitor_payment: 'x'.repeat(43) })).statusCode).toBe(404);
    await books();
  });

  it('paid from an unknown phone, makes a new account for it (no password, phone verified) with the pass', async () => {
    const phone = freshPhone();
    const { pay, browser } = await ask(phone);
    await answer(pay.CheckoutRequestID, 'pay');
    const d = await row(pay.CheckoutRequestID);
    expect(d.userId).not.toBeNull();
    const [user] = await db().select().from(users).where(eq(users.id, d.userId!));
    expect(user!.hasPassword).toBe(false);
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, d.userId!));
    expect(profile).toMatchObject({ phoneNumber: full(phone), verifiedPhone: full(phone), account: 0 });
    expect((await passesOf(d.userId!)).length).toBe(1);
    // A browser that did not ask never gets the login, even before the one that asked.
    const stranger = { visitor_payment: 'y'.repeat(43) };
    expect((await look(pay.CheckoutRequestID, stranger)).statusCode).toBe(404);
    const login = (await look(pay.CheckoutRequestID, browser)).json<{ login: LoginResponse }>().login;
    expect(login.username).toBe(user!.username);
    // The next visitor payment from that phone lands on the same account.
    const next = await ask(phone, browser);
    await answer(next.pay.CheckoutRequestID, 'pay');
    expect((await row(next.pay.CheckoutRequestID)).userId).toBe(d.userId);
    expect((await passesOf(d.userId!)).length).toBe(1); // one pass, two periods
    await books();
  });

  it('makes nothing when the prompt is cancelled', async () => {
    const before = (await db().select({ id: users.id }).from(users)).length;
    const { pay, browser } = await ask(freshPhone());
    await answer(pay.CheckoutRequestID, 'cancel');
    expect((await db().select({ id: users.id }).from(users)).length).toBe(before);
    const seen = await look(pay.CheckoutRequestID, browser);
    expect(seen.json<Deposit & { login?: unknown }>()).toMatchObject({ state: 'cancelled', purchase: { state: 'failed' } });
    expect(seen.json<{ login?: unknown }>().login).toBeUndefined();
  });

  it('sells once when the paid callback is delivered twice', async () => {
    const phone = freshPhone();
    const { pay } = await ask(phone);
    const { callbackSecret } = await row(pay.CheckoutRequestID);
    const body = {
      Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: pay.CheckoutRequestID, ResultCode: 0, ResultDesc: 'ok', CallbackMetadata: { Item: [{ Name: 'MpesaReceiptNumber', Value: `VIS${engine === 'pglite' ? 'P' : 'G'}${phoneSeq}X` }, { Name: 'Amount', Value: 30 }, { Name: 'PhoneNumber', Value: Number(full(phone)) }] } } },
    };
    await Promise.all([1, 2].map(() => t.app.inject({ method: 'POST', url: `/api/deposit/callback/${callbackSecret}`, payload: body })));
    const d = await row(pay.CheckoutRequestID);
    expect(d).toMatchObject({ state: 'completed', purchaseState: 'completed' });
    const [pass] = await passesOf(d.userId!);
    const hours = (pass!.endsAt.getTime() - pass!.startsAt.getTime()) / 3600_000;
    expect(hours).toBeCloseTo(24, 3);
    expect((await db().select().from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(eq(profiles.verifiedPhone, full(phone)))).length).toBe(1);
    await books();
  });
});
