import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../mail/index.ts';
import { profiles } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { login, newCustomer, register } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { rateLimits } from '../../lib/rate-limits.ts';
import { ACCOUNT_FAILURES, createAccountSlowdown } from './account-slowdown.ts';

const PAUSED =
  'Too many wrong passwords for this account: signing in with its password is paused for 15 minutes. You can still sign in now with a code by SMS to your phone, or by e-mail with “Forgot password”.';

/**
 * Issue 32 item 22: ten wrong passwords from ten addresses pause the account's password (OWASP's
 * throttling), the same for an e-mail with no account, while its owner still signs in by SMS code or
 * by an e-mailed link.
 */
describe.each(engines())('the per-account slow-down of password guessing on %s', (engine) => {
  let t: TestApp;
  const mailed: Mail[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: 'https://store.example.co.ke', mailer: { send: async (mail) => void mailed.push(mail) } });
  });
  afterAll(() => t.close());

  let run = 0;
  /** Ten wrong passwords for `email`, each from an address of its own: all plain 401s. */
  const tenWrongFromTenAddresses = async (email: string) => {
    run++;
    const answers = [];
    for (let i = 1; i <= ACCOUNT_FAILURES; i++) answers.push(await attempt(email, `wrong-guess-${i}`, `10.${40 + run}.0.${i}`));
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual(Array.from({ length: ACCOUNT_FAILURES }, () => [401, { detail: 'Invalid email or password.' }]));
  };
  const attempt = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/login/', payload: { email, password }, remoteAddress, headers });
  const verifiedCustomer = async (phone: string) => {
    const c = newCustomer();
    const { id } = await register(t.app, c);
    await t.app.db.update(profiles).set({ phoneNumber: phone, verifiedPhone: phone, phoneVerifiedAt: new Date() }).where(eq(profiles.userId, id));
    return c;
  };
  const smsCode = (phone: string) =>
    vi.waitFor(async () => {
      const outbox = path.join(t.config.dataDir, 'sms-outbox');
      const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.includes(`-${phone}-`)).sort();
      expect(files.length, `no text to ${phone}`).toBeGreaterThan(0);
      return /#(\d{6})\s*$/.exec(await fs.readFile(path.join(outbox, files.at(-1)!), 'utf8'))![1]!;
    });

  it('pauses the password after ten wrong ones from ten addresses (429 with Retry-After); the owner still signs in by SMS code and by e-mailed link', async () => {
    const owner = await verifiedCustomer('254712000811');
    await tenWrongFromTenAddresses(owner.email);
    // The eleventh, from yet another address and even with the right password, waits.
    const paused = await attempt(owner.email, owner.password, '10.39.0.11');
    expect([paused.statusCode, paused.json()]).toEqual([429, { detail: PAUSED }]);
    expect(Number(paused.headers['retry-after'])).toBe(15 * 60);
    const kiswahili = await attempt(owner.email.toUpperCase(), 'another-guess', '10.39.0.12', { 'accept-language': 'sw' });
    expect(kiswahili.statusCode).toBe(429);
    expect(kiswahili.json<{ detail: string }>().detail).toMatch(/^Nenosiri lisilo sahihi limejaribiwa mara nyingi mno kwa akaunti hii: kuingia kwa nenosiri kumesimamishwa kwa dakika 15\. .*SMS.*“Umesahau nenosiri”\.$/);
    expect(Number(kiswahili.headers['retry-after'])).toBeGreaterThan(14 * 60);

    // The owner's SMS code still signs in.
    expect((await t.app.inject({ method: 'POST', url: '/api/login/phone/', payload: { phone_number: '0712000811' }, remoteAddress: '10.1.1.1' })).statusCode).toBe(202);
    const byCode = await t.app.inject({ method: 'POST', url: '/api/login/phone/verify/', payload: { phone_number: '0712000811', code: await smsCode('254712000811') }, remoteAddress: '10.1.1.1' });
    expect(byCode.statusCode, byCode.body).toBe(200);
    // And so does a sign-in link by e-mail (asked for at checkout).
    expect((await t.app.inject({ method: 'POST', url: '/api/register/quick/', payload: { email: owner.email, phone_number: '0712000811' }, remoteAddress: '10.1.1.1' })).statusCode).toBe(202);
    const mail = await vi.waitFor(() => {
      const found = mailed.find((m) => m.to === owner.email && m.text.includes('/account/sign-in/'));
      expect(found, `no sign-in link mailed to ${owner.email}`).toBeDefined();
      return found!;
    });
    const token = /\/account\/sign-in\/([\w.-]+)/.exec(mail.text)![1]!;
    const byLink = await t.app.inject({ method: 'POST', url: '/api/login/link/', payload: { token } });
    expect(byLink.statusCode, byLink.body).toBe(200);
    // Still paused for the password: the other doors opened nothing for a guesser.
    expect((await attempt(owner.email, owner.password, '10.1.1.1')).statusCode).toBe(429);
  });

  it('ends the pause when the owner sets a new password from the reset link mailed to them', async () => {
    const owner = newCustomer();
    await register(t.app, owner);
    await tenWrongFromTenAddresses(owner.email);
    expect((await attempt(owner.email, owner.password, '10.36.0.1')).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/password_reset/request/', payload: { email: owner.email }, remoteAddress: '10.36.0.1' })).statusCode).toBe(200);
    const mail = await vi.waitFor(() => {
      const found = mailed.find((m) => m.to === owner.email && m.text.includes('/account/password_reset/'));
      expect(found, `no reset link mailed to ${owner.email}`).toBeDefined();
      return found!;
    });
    const token = /\/account\/password_reset\/([\w-]+)/.exec(mail.text)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/password_reset/reset/', payload: { token, new_password: 'baobab-jioni-2026' }, remoteAddress: '10.36.0.1' });
    expect(reset.statusCode, reset.body).toBe(200);
    await login(t.app, { email: owner.email, password: 'baobab-jioni-2026' }, '10.36.0.1');
  });

  it('answers an e-mail with no account exactly the same, after the same number of wrong passwords', async () => {
    const nobody = `nobody.${Date.now()}@example.co.ke`;
    await tenWrongFromTenAddresses(nobody);
    const paused = await attempt(nobody, 'one-more-guess', '10.39.1.11');
    expect([paused.statusCode, paused.json(), paused.headers['retry-after']]).toEqual([429, { detail: PAUSED }, String(15 * 60)]);
  });

  it('does not forget the failures when the owner signs in: a guesser gets no new ten', async () => {
    const owner = newCustomer();
    await register(t.app, owner);
    for (let i = 1; i < ACCOUNT_FAILURES; i++) expect((await attempt(owner.email, `wrong-${i}`, `10.38.0.${i}`)).statusCode).toBe(401);
    await login(t.app, owner, '10.1.2.3');
    expect((await attempt(owner.email, 'wrong-10', '10.38.0.10')).statusCode).toBe(401);
    expect((await attempt(owner.email, 'wrong-11', '10.38.0.11')).statusCode).toBe(429);
  });

  it('counts only wrong passwords: the owner’s own sign-ins never pause their account', async () => {
    const owner = newCustomer();
    await register(t.app, owner);
    for (let i = 0; i < ACCOUNT_FAILURES + 5; i++) await login(t.app, owner, `10.37.0.${i}`);
  });
});

describe('the pauses of one account, in time (in memory)', () => {
  afterEach(() => void vi.useRealTimers());

  it('grow modestly through a day, 15, 30 then 60 minutes at most, and each ends', async () => {
    vi.useFakeTimers();
    const slowdown = createAccountSlowdown(rateLimits());
    const pauses: string[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < ACCOUNT_FAILURES; i++) await slowdown.take('Guessed@Example.co.ke');
      const refused = await slowdown.take('guessed@example.co.ke').catch((err: unknown) => err);
      expect(refused).toMatchObject({ statusCode: 429 });
      pauses.push((refused as { headers: Record<string, string> }).headers['retry-after']!);
      // Still refused a second before its end, and open once it ends.
      vi.advanceTimersByTime(Number(pauses.at(-1)) * 1000 - 1000);
      await expect(slowdown.take('guessed@example.co.ke')).rejects.toMatchObject({ statusCode: 429 });
      vi.advanceTimersByTime(1000);
    }
    expect(pauses).toEqual(['900', '1800', '3600', '3600']);
  });
});
