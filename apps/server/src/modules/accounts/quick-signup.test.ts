import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Info, LoginResponse } from '@store/contract';
import { engines } from '../../../test/helpers/engines.ts';
import { login, signedInCustomer } from '../../../test/helpers/accounts.ts';
import { resetLinkIn, startSmtpServer } from '../../../test/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/** Sign-up at checkout: e-mail and M-Pesa phone, signed in at once, a password chosen later by mail. */
describe.each(engines())('sign-up at checkout on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(engine, { smtpUrl: smtp.url, publicUrl: 'https://store.example.co.ke' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const signUp = (payload: object, remoteAddress = '10.0.0.7') => t.app.inject({ method: 'POST', url: '/api/register/quick/', payload, remoteAddress });

  it('creates the account, signs it in with the phone on the profile, and mails a link to choose a password', async () => {
    const res = await signUp({ email: 'Wanjiku.Otieno@example.co.ke', phone_number: '0722 111 222' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<LoginResponse>();
    expect(body).toMatchObject({ is_staff: false, username: 'wanjiku.otieno', purchase: [] });
    expect(res.cookies.find((c) => c.name === 'refresh_token')?.httpOnly).toBe(true);
    const info = (await t.app.inject({ url: '/api/info/', headers: { authorization: `Bearer ${body.tokens.access}` } })).json<Info>();
    expect(info.user).toMatchObject({ email: 'wanjiku.otieno@example.co.ke', profile: { phone_number: '254722111222', account: 0 } });

    const mail = await smtp.next();
    expect(mail.to).toEqual(['wanjiku.otieno@example.co.ke']);
    const link = resetLinkIn(mail.raw);
    const chosen = await t.app.inject({ method: 'POST', url: '/api/password_reset/reset/', payload: { token: link.split('/').pop(), new_password: 'acacia-morning-31' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await login(t.app, { email: 'wanjiku.otieno@example.co.ke', password: 'acacia-morning-31' });
  });

  it('refuses an e-mail that already has an account, and signs nobody in as its owner', async () => {
    const c = await signedInCustomer(t.app);
    const res = await signUp({ email: c.email.toUpperCase(), phone_number: '0722111333' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This e-mail already has an account. Log in to buy.'] });
    expect(res.cookies).toEqual([]);
  });

  it('picks another username when the e-mail’s name is taken', async () => {
    await signedInCustomer(t.app, { username: 'baraka' });
    const res = await signUp({ email: 'baraka@example.net', phone_number: '0722111444' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<LoginResponse>().username).toMatch(/^baraka\d{3,4}$/);
  });

  it('names the field that is wrong', async () => {
    const res = await signUp({ email: 'not-an-email', phone_number: '12' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['email', 'phone_number']));
  });
});
