import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Info, type LoginResponse, PHONE_CODE_NEEDED, PHONE_CODE_SENT, PHONE_CODE_USED_OR_EXPIRED, PHONE_CODE_WRONG } from '@store/contract';
import { deposits, profiles, users } from '../../db/schema.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * Signing in by phone (CONTRACT §16, issue 32 items 1 and 12): a code by SMS to a verified phone only,
 * the same 202 for every number, single use, 5 minutes, 3 an hour, five wrong tries void it; and an
 * account with no password confirms the family lock and an e-mail change with a code.
 */
describe.each(engines())('signing in by phone on %s', (engine) => {
  let t: TestApp;
  const mailed: { to: string; text: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: 'https://store.example.co.ke', loginRateLimit: 10_000, mailer: { send: async (mail) => void mailed.push(mail) } });
  });
  afterAll(() => t.close());

  let numbers = 0;
  /** A phone number no other test uses, as typed and as stored. */
  const newPhone = () => {
    const digits = `7${String(10_000_000 + ++numbers * 7919).slice(-8)}`;
    return { typed: `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, stored: `254${digits}` };
  };
  /** A customer whose phone is proven (as an M-Pesa payment from it does), with or without a password. */
  const verifiedCustomer = async (o: { language?: 'en' | 'sw'; hasPassword?: boolean } = {}) => {
    const c = await signedInCustomer(t.app);
    const phone = newPhone();
    await t.app.db.update(profiles).set({ phoneNumber: phone.stored, verifiedPhone: phone.stored, phoneVerifiedAt: new Date(), language: o.language ?? null }).where(eq(profiles.userId, c.id));
    if (o.hasPassword === false) await t.app.db.update(users).set({ hasPassword: false }).where(eq(users.id, c.id));
    return { ...c, phone };
  };

  /** The texts sent to a number so far (the SMS outbox of a machine without an SMS account). */
  const textsTo = async (stored: string) => {
    const outbox = path.join(t.config.dataDir, 'sms-outbox');
    const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.includes(`-${stored}-`)).sort();
    return Promise.all(files.map(async (f) => (await fs.readFile(path.join(outbox, f), 'utf8')).split('\n\n').slice(1).join('\n\n').trim()));
  };
  /** The code of the `n`th text to a number, waiting for it to arrive (it is sent after the answer). */
  const codeSent = (stored: string, n = 1) =>
    vi.waitFor(
      async () => {
        const texts = await textsTo(stored);
        expect(texts.length, `no text ${n} to ${stored}`).toBeGreaterThanOrEqual(n);
        return { text: texts[n - 1]!, code: /#(\d{6})$/.exec(texts[n - 1]!)![1]! };
      },
      { timeout: 5000 },
    );
  const ask = (phone_number: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/login/phone/', payload: { phone_number }, headers });
  const verify = (phone_number: string, code: string) => t.app.inject({ method: 'POST', url: '/api/login/phone/verify/', payload: { phone_number, code } });
  const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('texts a code only to a verified phone, and answers every number the same', async () => {
    const owner = await verifiedCustomer();
    const unverified = await signedInCustomer(t.app);
    const unprovenPhone = newPhone();
    await t.app.db.update(profiles).set({ phoneNumber: unprovenPhone.stored }).where(eq(profiles.userId, unverified.id));
    const unknown = newPhone();
    const answers = [await ask(unprovenPhone.typed), await ask(unknown.typed), await ask(owner.phone.typed)];
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    for (const r of answers) expect(r.json()).toEqual({ detail: PHONE_CODE_SENT });
    expect(answers.map((r) => r.cookies)).toEqual([[], [], []]);

    const { text, code } = await codeSent(owner.phone.stored);
    expect(text).toBe(`Video Store Kenya: your sign-in code is ${code}. It works for 5 minutes. Never share it: we will never ask you for it.\n\n@store.example.co.ke #${code}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await textsTo(unprovenPhone.stored)).toEqual([]);
    expect(await textsTo(unknown.stored)).toEqual([]);
    // Nor does a phone that was proven and then changed on the profile get one.
    await t.app.db.update(profiles).set({ phoneNumber: newPhone().stored }).where(eq(profiles.userId, owner.id));
    expect((await ask(owner.phone.typed)).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await textsTo(owner.phone.stored)).toHaveLength(1);
  });

  it('signs in once with the code: the login response, whose token works, and a second use is refused', async () => {
    const c = await verifiedCustomer();
    await ask(c.phone.typed);
    const { code } = await codeSent(c.phone.stored);
    const res = await verify(c.phone.typed, code.replace(/(\d{3})/, '$1 '));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LoginResponse>();
    expect(body).toMatchObject({ is_staff: false, username: c.username, purchase: [], profile: { language: null } });
    expect(res.cookies.find((k) => k.name === 'refresh_token')).toMatchObject({ httpOnly: true, path: '/api/' });
    const info = await t.app.inject({ url: '/api/info/', headers: { authorization: `Bearer ${body.tokens.access}` } });
    expect(info.statusCode).toBe(200);
    expect(info.json<Info>().user).toMatchObject({ id: c.id, email: c.email, profile: { phone_number: c.phone.stored } });
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: body.tokens.refresh } });
    expect(refreshed.statusCode).toBe(200);

    const again = await verify(c.phone.stored, code);
    expect([again.statusCode, again.json()]).toEqual([400, { code: [PHONE_CODE_USED_OR_EXPIRED] }]);
  });

  it('refuses a code after its 5 minutes, and an earlier code once a newer one is sent', async () => {
    const c = await verifiedCustomer();
    await ask(c.phone.typed);
    const first = (await codeSent(c.phone.stored)).code;
    await ask(c.phone.typed);
    const second = (await codeSent(c.phone.stored, 2)).code;
    if (first !== second) expect((await verify(c.phone.typed, first)).json()).toEqual({ code: [PHONE_CODE_WRONG] });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1_000 });
    try {
      const late = await verify(c.phone.typed, second);
      expect([late.statusCode, late.json()]).toEqual([400, { code: [PHONE_CODE_USED_OR_EXPIRED] }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends at most 3 codes an hour to a number, and answers the 4th with 429 for every number alike', async () => {
    const c = await verifiedCustomer();
    const unknown = newPhone();
    for (const phone of [c.phone.typed, unknown.typed]) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await ask(phone));
      expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
      const seconds = Number(answers[3]!.headers['retry-after']);
      expect(seconds).toBeGreaterThan(3500);
      expect(seconds).toBeLessThanOrEqual(3600);
      expect(answers[3]!.json()).toEqual({ detail: 'Too many codes were sent to this number. Try again in 60 minutes.' });
    }
    await codeSent(c.phone.stored, 3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await textsTo(c.phone.stored)).toHaveLength(3);
  });

  it('voids a code after 5 wrong tries: 429 with Retry-After, and the right code no longer signs in', async () => {
    const c = await verifiedCustomer();
    await ask(c.phone.typed);
    const { code } = await codeSent(c.phone.stored);
    const wrong = otherCode(code);
    for (let i = 0; i < 4; i++) expect((await verify(c.phone.typed, wrong)).json()).toEqual({ code: [PHONE_CODE_WRONG] });
    const fifth = await verify(c.phone.typed, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);
    expect(fifth.json()).toEqual({ detail: 'Too many wrong codes: this one no longer works. Ask for a new code in 15 minutes.' });
    const right = await verify(c.phone.typed, code);
    expect(right.statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    try {
      expect((await verify(c.phone.typed, code)).json()).toEqual({ code: [PHONE_CODE_USED_OR_EXPIRED] });
    } finally {
      vi.useRealTimers();
    }
    // A new code works at once.
    await ask(c.phone.typed);
    expect((await verify(c.phone.typed, (await codeSent(c.phone.stored, 2)).code)).statusCode).toBe(200);
  });

  it('lets 5 wrong tries at most at a code, however many arrive at once', async () => {
    const c = await verifiedCustomer();
    await ask(c.phone.typed);
    const { code } = await codeSent(c.phone.stored);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => verify(c.phone.typed, g)));
    expect(answers.filter((r) => r.statusCode === 400 && r.json<{ code?: string[] }>().code?.[0] === PHONE_CODE_WRONG)).toHaveLength(4);
    expect(answers.every((r) => r.statusCode === 400 || r.statusCode === 429)).toBe(true);
    expect((await verify(c.phone.typed, code)).statusCode).toBe(429);
  });

  it('texts in the account’s language, and answers in the request’s', async () => {
    const c = await verifiedCustomer({ language: 'sw' });
    const res = await ask(c.phone.typed, { 'accept-language': 'sw' });
    expect(res.json()).toEqual({ detail: 'Ikiwa nambari hii ina akaunti, tumeitumia nambari ya siri kwa SMS. Inafanya kazi kwa dakika 5.' });
    const { text, code } = await codeSent(c.phone.stored);
    expect(text).toBe(`Video Store Kenya: nambari yako ya kuingia ni ${code}. Inafanya kazi kwa dakika 5. Usimpe mtu yeyote: hatutakuuliza kamwe.\n\n@store.example.co.ke #${code}`);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login/phone/verify/', headers: { 'accept-language': 'sw' }, payload: { phone_number: c.phone.typed, code: otherCode(code) } });
    expect(wrong.json()).toEqual({ code: ['Nambari hiyo si sahihi. Angalia SMS kisha ujaribu tena.'] });
  });

  it('refuses what is not a phone or a code with a 400, and texts no code to staff', async () => {
    expect((await ask('12345')).json()).toEqual({ phone_number: ['Enter a Kenyan mobile number, e.g. 0712 345 678.'] });
    expect((await verify('0712345678', '12ab56')).json()).toEqual({ code: ['Enter the 6-digit code from the SMS.'] });
    expect((await verify('0712345678', '1'.repeat(500))).statusCode).toBe(400);
    const staff = await signedInStaff(t.app);
    const phone = newPhone();
    await t.app.db.update(profiles).set({ phoneNumber: phone.stored, verifiedPhone: phone.stored }).where(eq(profiles.userId, staff.id));
    expect((await ask(phone.typed)).statusCode).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await textsTo(phone.stored)).toEqual([]);
  });

  it('takes a phone as proven when its owner pays from it with M-Pesa, and the latest payer keeps it; a friend paying proves nothing', async () => {
    /** Pays Ksh 50 from `phone` on the simulated phone, and waits for M-Pesa's callback to settle it. */
    const pay = async (c: { buyerid: number; auth: Record<string, string> }, phone: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: c.auth, payload: { username: c.buyerid, amount: 50, phone_number: phone } });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ CheckoutRequestID: string }>().CheckoutRequestID;
      await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action: 'pay' } });
      await vi.waitFor(async () => expect((await t.app.db.select({ state: deposits.state }).from(deposits).where(eq(deposits.checkoutRequestId, id)))[0]?.state).toBe('completed'));
    };
    const signsInAs = async (phone: { typed: string; stored: string }, n: number) => {
      await ask(phone.typed);
      const res = await verify(phone.typed, (await codeSent(phone.stored, n)).code);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<LoginResponse>().username;
    };
    const first = await signedInCustomer(t.app);
    const phone = newPhone();
    await pay(first, phone.typed);
    expect(await signsInAs(phone, 1)).toBe(first.username);

    // Someone whose own phone is another pays from this one: it stays the first customer's.
    const friend = await signedInCustomer(t.app);
    await t.app.db.update(profiles).set({ phoneNumber: newPhone().stored }).where(eq(profiles.userId, friend.id));
    await pay(friend, phone.typed);
    expect(await signsInAs(phone, 2)).toBe(first.username);

    // The number given out again: its new owner pays from it, and it signs in to their account only.
    const next = await signedInCustomer(t.app);
    await pay(next, phone.typed);
    expect(await signsInAs(phone, 3)).toBe(next.username);
    const [old] = await t.app.db.select({ verified: profiles.verifiedPhone }).from(profiles).where(eq(profiles.userId, first.id));
    expect(old!.verified).toBeNull();
  });

  describe('an account with no password', () => {
    const sendConfirmCode = async (c: Awaited<ReturnType<typeof verifiedCustomer>>, n: number) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/me/phone-code/', headers: c.auth });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ detail: 'We sent a code by SMS to your phone. It works for 5 minutes.', phone_number: `${c.phone.stored.slice(0, 4)}•••••${c.phone.stored.slice(-3)}` });
      const sent = await codeSent(c.phone.stored, n);
      expect(sent.text).toMatch(/^Video Store Kenya: your confirmation code is \d{6}\./);
      return sent.code;
    };
    const lock = (c: { auth: Record<string, string> }, method: 'PUT' | 'DELETE', payload: object) => t.app.inject({ method, url: '/api/family-lock/', headers: c.auth, payload });

    it('turns the family lock on and off with a code sent to its phone', async () => {
      const c = await verifiedCustomer({ hasPassword: false });
      // The storefront asks for what the account confirms with.
      expect((await t.app.inject({ url: '/api/family-lock/', headers: c.auth })).json()).toMatchObject({ enabled: false, confirm_with: 'code' });
      const asked = await lock(c, 'PUT', { pin: '2468', password: 'anything-at-all' });
      expect([asked.statusCode, asked.json()]).toEqual([400, { code: [PHONE_CODE_NEEDED] }]);
      const on = await lock(c, 'PUT', { pin: '2468', code: await sendConfirmCode(c, 1) });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ enabled: true });
      const code = await sendConfirmCode(c, 2);
      expect((await lock(c, 'DELETE', { code: otherCode(code) })).json()).toEqual({ code: [PHONE_CODE_WRONG] });
      const off = await lock(c, 'DELETE', { code });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ enabled: false });
      // A code confirms once.
      expect((await lock(c, 'PUT', { pin: '1357', code })).json()).toEqual({ code: [PHONE_CODE_USED_OR_EXPIRED] });
    });

    it('changes its e-mail with a code; an account with a password still needs the password', async () => {
      const c = await verifiedCustomer({ hasPassword: false });
      const email = `new.${c.email}`;
      const change = (who: { id: number; auth: Record<string, string> }, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/members/${who.id}/`, headers: who.auth, payload });
      expect((await change(c, { email })).json()).toEqual({ code: [PHONE_CODE_NEEDED] });
      const changed = await change(c, { email, code: await sendConfirmCode(c, 1) });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ email });

      const withPassword = await verifiedCustomer();
      const code = await sendConfirmCode(withPassword, 1);
      expect((await change(withPassword, { email: `new.${withPassword.email}`, code })).json()).toEqual({ current_password: ['Enter your current password to change your e-mail.'] });
      expect((await lock(withPassword, 'PUT', { pin: '2468', code })).json()).toEqual({ password: ['This field is required.'] });
      expect((await t.app.inject({ url: '/api/family-lock/', headers: withPassword.auth })).json()).toMatchObject({ confirm_with: 'password' });
    });

    it('is refused a code when it has no verified phone', async () => {
      const c = await signedInCustomer(t.app);
      const res = await t.app.inject({ method: 'POST', url: '/api/me/phone-code/', headers: c.auth });
      expect(res.statusCode).toBe(409);
    });

    it('is what the checkout’s sign-up makes', async () => {
      const email = `checkout.${Date.now()}@example.co.ke`;
      expect((await t.app.inject({ method: 'POST', url: '/api/register/quick/', payload: { email, phone_number: newPhone().typed } })).statusCode).toBe(202);
      const made = await vi.waitFor(async () => {
        const [row] = await t.app.db.select({ hasPassword: users.hasPassword }).from(users).where(eq(users.email, email));
        expect(row).toBeDefined();
        return row!;
      });
      expect(made.hasPassword).toBe(false);
      // Choosing a password through the welcome mail's link makes it an account with one.
      const welcome = await vi.waitFor(() => {
        const mail = mailed.find((m) => m.to === email);
        expect(mail).toBeDefined();
        return mail!;
      });
      const token = /\/account\/password_reset\/([\w-]+)/.exec(welcome.text)![1]!;
      const reset = await t.app.inject({ method: 'POST', url: '/api/password_reset/reset/', payload: { token, new_password: 'jacaranda-avenue-77' } });
      expect(reset.statusCode, reset.body).toBe(200);
      const [after] = await t.app.db.select({ hasPassword: users.hasPassword }).from(users).where(eq(users.email, email));
      expect(after!.hasPassword).toBe(true);
    });
  });
});
