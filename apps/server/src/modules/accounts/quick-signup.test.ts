import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Info, SignInLinkResponse } from '@store/contract';
import { signInLinks, users } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { login, signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import type { Mail } from '../mail/index.ts';

/**
 * Sign-up at checkout (issue 24 item 13): the same answer whether or not the e-mail has an account,
 * a sign-in link by mail either way, and the purchase carried on through it.
 */
describe.each(engines())('sign-up at checkout on %s', (engine) => {
  let t: TestApp;
  const sent: Mail[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { mailer: { send: async (mail) => void sent.push(mail) }, publicUrl: 'https://store.example.co.ke' });
  });
  afterAll(() => t.close());

  let address = 0;
  /** The browser's nonce cookie from its last sign-up: the links it asked for carry the purchase on there. */
  let browser: Record<string, string> = {};
  const signUp = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register/quick/', payload, remoteAddress: `10.7.0.${++address % 250}` });
    const nonce = res.cookies.find((c) => c.name === 'sign_in_nonce');
    if (nonce) browser = { sign_in_nonce: nonce.value };
    return res;
  };
  const mailTo = (email: string) =>
    vi.waitFor(() => {
      const mail = sent.findLast((m) => m.to === email.toLowerCase());
      expect(mail, `no mail to ${email}`).toBeDefined();
      return mail!;
    });
  const signInLinkIn = (mail: Mail) => /https:\/\/store\.example\.co\.ke\/account\/sign-in\/([\w.-]+)/.exec(mail.text)![1]!;
  const useLink = (token: string, cookies = browser) => t.app.inject({ method: 'POST', url: '/api/login/link/', payload: { token }, cookies });
  const checkLink = (token: string, cookies = browser) => t.app.inject({ method: 'POST', url: '/api/login/link/check/', payload: { token }, cookies });

  it('answers an e-mail that has an account exactly as a new one: same status, same body, no session', async () => {
    const owner = await signedInCustomer(t.app);
    const taken = await signUp({ email: owner.email.toUpperCase(), phone_number: '0722111333' });
    const free = await signUp({ email: `new.${Date.now()}@example.co.ke`, phone_number: '0722111334' });
    expect([taken.statusCode, free.statusCode]).toEqual([202, 202]);
    expect(taken.json()).toEqual(free.json());
    expect(free.json()).toEqual({ detail: 'Check your e-mail: we sent you a link to carry on with your purchase.' });
    // No session either way; only the nonce that ties the link to this browser, alike for both.
    for (const res of [taken, free]) expect(res.cookies.map((c) => [c.name, c.httpOnly, c.sameSite, c.path])).toEqual([['sign_in_nonce', true, 'Lax', '/api/login/link']]);
    const kiswahili = await t.app.inject({ method: 'POST', url: '/api/register/quick/', headers: { 'accept-language': 'sw' }, payload: { email: owner.email, phone_number: '0722111333' } });
    expect(kiswahili.json()).toEqual({ detail: 'Angalia barua pepe yako: tumekutumia kiungo cha kuendelea na ununuzi wako.' });
  });

  it('makes a new account with the phone on its profile; its link signs in once and carries the purchase on', async () => {
    const res = await signUp({ email: 'Wanjiku.Otieno@example.co.ke', phone_number: '0722 111 222', next: '/video/31?buy=1', video_ids: [31] });
    expect(res.statusCode, res.body).toBe(202);
    const token = signInLinkIn(await mailTo('wanjiku.otieno@example.co.ke'));
    const signedIn = await useLink(token);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const body = signedIn.json<SignInLinkResponse>();
    expect(body).toMatchObject({ is_staff: false, username: 'wanjiku.otieno', purchase: [], next: '/video/31?buy=1', video_ids: [31] });
    expect(signedIn.cookies.find((c) => c.name === 'refresh_token')?.httpOnly).toBe(true);
    const info = (await t.app.inject({ url: '/api/info/', headers: { authorization: `Bearer ${body.tokens.access}` } })).json<Info>();
    expect(info.user).toMatchObject({ email: 'wanjiku.otieno@example.co.ke', profile: { phone_number: '254722111222', account: 0 } });
    const again = await useLink(token);
    expect([again.statusCode, again.json()]).toEqual([400, { token: ['This sign-in link is invalid, used or expired. Ask for a new one.'] }]);
  });

  it('mails the owner of a taken e-mail a link that signs in as them, changing nothing of the account before', async () => {
    const owner = await signedInCustomer(t.app);
    const before = (await t.app.inject({ url: '/api/info/', headers: owner.auth })).json<Info>().user;
    await signUp({ email: owner.email, phone_number: '0799999999', next: '/cart?checkout=1', video_ids: [4, 5] });
    const mail = await mailTo(owner.email);
    expect(mail.subject).toBe('Sign in to Video Store Kenya to carry on with your purchase');
    expect((await t.app.inject({ url: '/api/info/', headers: owner.auth })).json<Info>().user).toEqual(before);
    const signedIn = await useLink(signInLinkIn(mail));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<SignInLinkResponse>()).toMatchObject({ username: owner.username, next: '/cart?checkout=1', video_ids: [4, 5] });
    // The password still works: nothing was taken over.
    await login(t.app, owner);
  });

  it('carries the purchase on only in the browser that asked for the link; elsewhere it asks whose it is and only signs in', async () => {
    const owner = await signedInCustomer(t.app, { email: `juma.${Date.now()}@example.co.ke` });
    await signUp({ email: owner.email, phone_number: '0722111999', next: '/cart?checkout=1', video_ids: [7] });
    const token = signInLinkIn(await mailTo(owner.email));
    const asker = browser;
    // Someone else's browser (the one the link was sent to), with no nonce or its own.
    for (const elsewhere of [{}, { sign_in_nonce: 'another-browsers-nonce' }] as Record<string, string>[]) {
      const check = await checkLink(token, elsewhere);
      expect([check.statusCode, check.json()]).toEqual([200, { email: `ju•••@example.co.ke`, same_browser: false }]);
    }
    expect((await checkLink(token, asker)).json()).toEqual({ email: 'ju•••@example.co.ke', same_browser: true });
    const signedIn = await useLink(token, {});
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<SignInLinkResponse>()).toMatchObject({ username: owner.username, next: null, video_ids: [] });
    // Looking at it used it not; using it did.
    expect((await checkLink(token, asker)).statusCode).toBe(400);

    sent.length = 0;
    await signUp({ email: owner.email, phone_number: '0722111999', next: '/cart?checkout=1', video_ids: [7] });
    const mine = await useLink(signInLinkIn(await mailTo(owner.email)));
    expect(mine.json<SignInLinkResponse>()).toMatchObject({ next: '/cart?checkout=1', video_ids: [7] });
    expect(mine.cookies.find((c) => c.name === 'sign_in_nonce')?.value).toBe('');
  });

  it('mails a staff account no sign-in link but to log in with its password, and refuses a link made for one', async () => {
    const staff = await signedInStaff(t.app);
    sent.length = 0;
    await signUp({ email: staff.email, phone_number: '0722111777', video_ids: [4] });
    const mail = await mailTo(staff.email);
    expect(mail.subject).toBe('Sign in to Video Store Kenya with your password');
    expect(mail.text).toContain('https://store.example.co.ke/account/authenticate');
    expect(mail.text).not.toMatch(/sign-in\//);
    // A link made for the account while it was a customer's signs nobody in once it is staff.
    const token = 'made-before-the-account-became-staff-000000';
    await t.app.db.insert(signInLinks).values({ userId: staff.id, tokenHash: createHash('sha256').update(token).digest('hex'), next: null, videoIds: [], expiresAt: new Date(Date.now() + 3600_000) });
    const res = await useLink(token);
    expect([res.statusCode, res.json()]).toEqual([400, { token: ['This sign-in link is invalid, used or expired. Ask for a new one.'] }]);
    expect(res.cookies).toEqual([]);
  });

  it('refuses a link after its hour', async () => {
    const owner = await signedInCustomer(t.app);
    await signUp({ email: owner.email, phone_number: '0722111555', next: '/cart' });
    const token = signInLinkIn(await mailTo(owner.email));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    try {
      expect((await useLink(token)).statusCode).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses in its answer what a link could not carry on, instead of answering 202 and mailing nothing', async () => {
    const owner = await signedInCustomer(t.app);
    sent.length = 0;
    for (const next of ['//evil.example/steal', '/\\evil.example', '/video/1\t', '/video/1\nSet-Cookie: x', 'https://evil.example/']) {
      const res = await signUp({ email: owner.email, phone_number: '0722111555', next });
      expect([res.statusCode, res.json()], next).toEqual([400, { next: ['Give a page of this store to carry on at.'] }]);
    }
    const beyond = await signUp({ email: owner.email, phone_number: '0722111555', video_ids: [4, 2_147_483_648] });
    expect([beyond.statusCode, beyond.json()]).toEqual([400, { video_ids: ['A valid integer is required.'] }]);
    const kiswahili = await t.app.inject({ method: 'POST', url: '/api/register/quick/', headers: { 'accept-language': 'sw' }, payload: { email: owner.email, phone_number: '0722111555', next: '//evil.example' } });
    expect(kiswahili.json()).toEqual({ next: ['Taja ukurasa wa duka hili wa kuendelea nao.'] });
    // The largest id the store has room for still goes through, and its link carries it on.
    expect((await signUp({ email: owner.email, phone_number: '0722111555', next: '/video/2147483647?buy=1', video_ids: [2_147_483_647] })).statusCode).toBe(202);
    const res = await useLink(signInLinkIn(await mailTo(owner.email)));
    expect(res.json<SignInLinkResponse>()).toMatchObject({ next: '/video/2147483647?buy=1', video_ids: [2_147_483_647] });
  });

  it('mails an owner at most three links an hour, however many sign-ups name the address', async () => {
    const owner = await signedInCustomer(t.app);
    sent.length = 0;
    for (let i = 0; i < 6; i++) expect((await signUp({ email: owner.email, phone_number: '0722111666' })).statusCode).toBe(202);
    await mailTo(owner.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent.filter((m) => m.to === owner.email)).toHaveLength(3);
  });

  it('picks another username when the e-mail’s name is taken', async () => {
    await signedInCustomer(t.app, { username: 'baraka' });
    await signUp({ email: 'baraka@example.net', phone_number: '0722111444' });
    await mailTo('baraka@example.net');
    const [user] = await t.app.db.select().from(users).where(eq(users.email, 'baraka@example.net'));
    expect(user!.username).toMatch(/^baraka\d{3,4}$/);
  });

  it('names the field that is wrong', async () => {
    const res = await signUp({ email: 'not-an-email', phone_number: '12' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['email', 'phone_number']));
  });
});

describe.each(engines())('the limit on sign-ups at checkout on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { registerRateLimit: 3, loginRateLimit: 30, mailer: { send: async () => undefined } });
  });
  afterAll(() => t.close());

  it('limits one address as registering does, not as logging in', async () => {
    const signUp = (i: number) => t.app.inject({ method: 'POST', url: '/api/register/quick/', remoteAddress: '10.8.0.1', payload: { email: `limit.${i}@example.co.ke`, phone_number: '0722111888' } });
    for (let i = 0; i < 3; i++) expect((await signUp(i)).statusCode).toBe(202);
    const refused = await signUp(3);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(10 * 60);
  });
});
