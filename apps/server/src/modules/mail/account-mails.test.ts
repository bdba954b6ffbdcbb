import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../../../test/helpers/engines.ts';
import { newCustomer, register, signedInCustomer } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { Mail } from './mailer.ts';

describe.each(engines())('account e-mails in the account’s language on %s', (engine) => {
  let t: TestApp;
  const sent: Mail[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { mailer: { send: async (mail) => void sent.push(mail) }, publicUrl: 'https://store.example.co.ke' });
  });
  afterAll(() => t.close());

  const mailTo = (email: string) => vi.waitFor(() => {
    const mail = sent.findLast((m) => m.to === email);
    expect(mail, `no mail to ${email}`).toBeDefined();
    return mail!;
  });
  const requestReset = (email: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/password_reset/request/', headers, payload: { email } });

  it('sends a password reset in the language the customer chose, whatever the request’s', async () => {
    const c = await signedInCustomer(t.app);
    await t.app.inject({ method: 'PATCH', url: `/api/profile/${c.buyerid}/`, headers: c.auth, payload: { language: 'sw' } });
    await requestReset(c.email, { 'accept-language': 'en-GB' });
    const mail = await mailTo(c.email);
    expect(mail.subject).toBe('Badilisha nenosiri lako la Video Store Kenya');
    expect(mail.text).toMatch(/^Habari amina\d+,\n\nMtu ameomba kubadilisha nenosiri/);
    expect(mail.text).toContain('https://store.example.co.ke/account/password_reset/');
    expect(mail.html).toContain('fungua kiungo hiki ndani ya saa moja');
  });

  it('follows the request’s language when the customer never chose, and stays in English without one', async () => {
    const a = await signedInCustomer(t.app);
    await requestReset(a.email, { 'accept-language': 'sw-KE' });
    expect((await mailTo(a.email)).subject).toBe('Badilisha nenosiri lako la Video Store Kenya');
    const b = await signedInCustomer(t.app);
    await requestReset(b.email);
    const english = await mailTo(b.email);
    expect(english.subject).toBe('Reset your Video Store Kenya password');
    expect(english.text).toMatch(/^Hello amina\d+,\n\nSomeone asked to reset the password of your Video Store Kenya account\./);
  });

  it('welcomes a checkout sign-up with the sign-in and choose-a-password links in the language of the checkout', async () => {
    const email = `wanjiku${Date.now()}@example.co.ke`;
    const res = await t.app.inject({ method: 'POST', url: '/api/register/quick/', headers: { 'accept-language': 'sw' }, payload: { email, phone_number: '0712345678' } });
    expect(res.statusCode, res.body).toBe(202);
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Karibu Video Store Kenya: endelea na ununuzi wako');
    expect(mail.text).toContain('chagua nenosiri ndani ya wiki moja');
    expect(mail.text).toContain('https://store.example.co.ke/account/sign-in/');
    expect(mail.text).toContain('https://store.example.co.ke/account/password_reset/');
  });

  it('sends an account’s owner a sign-in link from the checkout in the owner’s language, not the stranger’s', async () => {
    const owner = await signedInCustomer(t.app);
    await t.app.inject({ method: 'PATCH', url: `/api/profile/${owner.buyerid}/`, headers: owner.auth, payload: { language: 'sw' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/register/quick/', headers: { 'accept-language': 'en' }, payload: { email: owner.email, phone_number: '0712345678' } });
    expect(res.statusCode, res.body).toBe(202);
    const mail = await mailTo(owner.email);
    expect(mail.subject).toBe('Ingia Video Store Kenya ili uendelee na ununuzi wako');
    expect(mail.text).toContain('https://store.example.co.ke/account/sign-in/');
    expect(mail.text).toContain('hakuna aliyeingia');
  });

  it('tells an owner someone tried their e-mail in the owner’s language, not the stranger’s', async () => {
    const owner = await signedInCustomer(t.app);
    await t.app.inject({ method: 'PATCH', url: `/api/profile/${owner.buyerid}/`, headers: owner.auth, payload: { language: 'sw' } });
    const stranger = newCustomer({ email: owner.email.toUpperCase() });
    const res = await t.app.inject({ method: 'POST', url: '/api/register/', payload: { username: stranger.username, email: stranger.email, password1: stranger.password, password2: stranger.password } });
    expect(res.statusCode).toBe(201);
    const mail = await mailTo(owner.email);
    expect(mail.subject).toBe('Tayari una akaunti ya Video Store Kenya');
    expect(mail.text).toContain('Hakuna akaunti mpya iliyofunguliwa.');
    const other = newCustomer();
    await register(t.app, other);
    const again = newCustomer({ email: other.email });
    await t.app.inject({ method: 'POST', url: '/api/register/', payload: { username: again.username, email: again.email, password1: again.password, password2: again.password } });
    expect((await mailTo(other.email)).subject).toBe('You already have a Video Store Kenya account');
  });

  it('tells an owner at most three times an hour, however many strangers try their e-mail from however many addresses', async () => {
    const owner = await signedInCustomer(t.app);
    for (let i = 0; i < 6; i++) {
      const stranger = newCustomer({ email: owner.email });
      const res = await t.app.inject({ method: 'POST', url: '/api/register/', remoteAddress: `10.44.0.${i + 1}`, payload: { username: stranger.username, email: stranger.email, password1: stranger.password, password2: stranger.password } });
      expect(res.statusCode).toBe(201);
    }
    await mailTo(owner.email);
    // The mails go out after the answers: give any late one time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent.filter((m) => m.to === owner.email && m.subject === 'You already have a Video Store Kenya account')).toHaveLength(3);
  });

  it('tells the old address, in the customer’s language, when the account’s e-mail is changed', async () => {
    const c = await signedInCustomer(t.app);
    await t.app.inject({ method: 'PATCH', url: `/api/profile/${c.buyerid}/`, headers: c.auth, payload: { language: 'sw' } });
    const change = (payload: object) => t.app.inject({ method: 'PATCH', url: `/api/members/${c.id}/`, headers: c.auth, payload: { ...payload, current_password: c.password } });
    // The same address in capitals is not a change.
    const same = await change({ email: c.email.toUpperCase() });
    expect(same.statusCode, same.body).toBe(200);
    const before = sent.length;
    const moved = await change({ email: `thief.${c.email}` });
    expect(moved.statusCode).toBe(200);
    const mail = await mailTo(c.email);
    expect(sent.length).toBe(before + 1);
    expect(mail.subject).toBe('Barua pepe ya akaunti yako ya Video Store Kenya imebadilishwa');
    expect(mail.text).toContain(`kuwa th•••@${c.email.split('@')[1]}`);
    expect(mail.text).toContain('https://store.example.co.ke/contact');
    expect(mail.text).not.toContain(`thief.${c.email}`);
    expect(sent.some((m) => m.to === `thief.${c.email}`)).toBe(false);
  });

  it('tells one address of e-mail changes at most three times an hour, and refuses a change it cannot tell of', async () => {
    const c = await signedInCustomer(t.app);
    const other = `other.${c.email}`;
    const change = (email: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'PATCH', url: `/api/members/${c.id}/`, headers: { ...c.auth, ...headers }, payload: { email, current_password: c.password } });
    for (let i = 0; i < 6; i++) {
      const res = await change(i % 2 === 0 ? other : c.email);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Three notices went to each address: a fourth change away from either would go unannounced.
    const refused = await change(other);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/^This account’s e-mail was changed too often\. Try again in \d+ minutes\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const kiswahili = await change(other, { 'accept-language': 'sw' });
    expect(kiswahili.json()).toEqual({ detail: expect.stringMatching(/^Barua pepe ya akaunti hii imebadilishwa mara nyingi mno\. Jaribu tena baada ya dakika \d+\.$/) });
    const info = await t.app.inject({ url: '/api/info/', headers: c.auth });
    expect(info.json<{ user: { email: string } }>().user.email).toBe(c.email);
    await mailTo(c.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const notices = (to: string) => sent.filter((m) => m.to === to && m.subject.includes('was changed')).length;
    expect([notices(c.email), notices(other)]).toEqual([3, 3]);
  });
});
