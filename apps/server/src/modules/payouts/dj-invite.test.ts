import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DjInvite, SignInLinkResponse } from '@store/contract';
import { djs, profiles, users } from '../../db/schema.ts';
import type { Mail } from '../mail/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

const LINK = /https:\/\/store\.example\.co\.ke\/account\/sign-in\/([\w.-]+)/;

describe.each(engines())('inviting a DJ to a login by e-mail or SMS on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  const sent: Mail[] = [];
  let seq = 0;
  const invite = (djId: number, payload: object, headers = staff) => t.app.inject({ method: 'POST', url: `/api/admin/djs/${djId}/invite`, headers, payload });
  const newDj = async (name: string) => (await t.app.db.insert(djs).values({ djName: `${name} ${engine} ${++seq}`, revenueSharePercent: 40 }).returning())[0]!;
  /** Signing in with the link from another browser (no nonce cookie): the DJ's login, and where it lands. */
  async function follow(token: string) {
    const res = await t.app.inject({ method: 'POST', url: '/api/login/link/', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SignInLinkResponse>();
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${body.tokens.access}` } });
    return { next: body.next, me: me.json() };
  }

  beforeAll(async () => {
    t = await createTestApp(engine, { mailer: { send: async (mail) => void sent.push(mail) }, publicUrl: 'https://store.example.co.ke' });
    staff = (await signedInStaff(t.app)).auth;
  });
  afterAll(() => t.close());

  it('makes the DJ a login with no password and e-mails a sign-in link in their language that lands in the back office', async () => {
    const dj = await newDj('Zamu Mombasa');
    const email = `zamu.${engine}@example.co.ke`;
    const res = await invite(dj.id, { email, language: 'sw' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<DjInvite>();
    expect(created).toMatchObject({ dj_id: dj.id, sent_by: 'email', username: `dj-zamu-mombasa-${engine}-${seq}` });
    const [user] = await t.app.db.select().from(users).where(eq(users.id, created.id));
    expect(user).toMatchObject({ djId: dj.id, email, hasPassword: false, isStaff: false });
    expect((await t.app.db.select().from(profiles).where(eq(profiles.userId, created.id)))[0]?.language).toBe('sw');

    const mail = sent.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe('Akaunti yako ya Video Store Kenya: mauzo, taarifa na malipo');
    expect(mail.text).toContain('ndani ya siku 7');
    const token = LINK.exec(mail.text)![1]!;
    expect(await follow(token)).toEqual({ next: '/admin/', me: { role: 'dj', dj_id: dj.id, dj_name: dj.djName } });
    // Once only.
    expect((await t.app.inject({ method: 'POST', url: '/api/login/link/', payload: { token } })).statusCode).toBe(400);

    // A DJ has one login: a second invitation is refused, and mails nothing.
    const before = sent.length;
    const again = await invite(dj.id, { email: `other.${engine}@example.co.ke` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'This DJ already has a login.' });
    expect(sent.length).toBe(before);
  });

  it('texts the link to a DJ invited by phone, in English by default', async () => {
    const dj = await newDj('Kaka Beats');
    const phone = engine === 'pglite' ? '254712000101' : '254712000202';
    const res = await invite(dj.id, { phone_number: `0${phone.slice(3, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DjInvite>()).toMatchObject({ dj_id: dj.id, sent_by: 'sms' });
    expect((await t.app.db.select().from(profiles).where(eq(profiles.userId, res.json<DjInvite>().id)))[0]).toMatchObject({ phoneNumber: phone, language: 'en' });

    const outbox = path.join(t.config.dataDir, 'sms-outbox');
    /** The `n`th text to the DJ's phone. */
    const textTo = (n: number) =>
      vi.waitFor(async () => {
        const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((f) => f.includes(`-${phone}-`)).sort();
        expect(files.length).toBeGreaterThanOrEqual(n);
        return fs.readFile(path.join(outbox, files[n - 1]!), 'utf8');
      });
    const text = await textTo(1);
    expect(text).toContain('see your sales, statements and payouts');
    const id = res.json<DjInvite>().id;
    // The page asks whose the link is: the DJ's phone, masked (the login has no mailbox to show).
    const check = await t.app.inject({ method: 'POST', url: '/api/login/link/check/', payload: { token: LINK.exec(text)![1]! } });
    expect(check.json()).toEqual({ email: `${phone.slice(0, 4)}•••••${phone.slice(-3)}`, same_browser: false });
    // Typed by staff, the phone proves nothing yet.
    expect((await t.app.db.select().from(profiles).where(eq(profiles.userId, id)))[0]?.verifiedPhone).toBeNull();
    expect((await follow(LINK.exec(text)![1]!)).me).toEqual({ role: 'dj', dj_id: dj.id, dj_name: dj.djName });

    // The link could only reach that phone (the login has no mailbox): using it proves the phone, so
    // the DJ signs in again later with a code texted to it.
    expect((await t.app.db.select().from(profiles).where(eq(profiles.userId, id)))[0]?.verifiedPhone).toBe(phone);
    expect((await t.app.inject({ method: 'POST', url: '/api/login/phone/', payload: { phone_number: phone } })).statusCode).toBe(202);
    const code = /#(\d{6})$/.exec((await textTo(2)).trim())![1]!;
    const again = await t.app.inject({ method: 'POST', url: '/api/login/phone/verify/', payload: { phone_number: phone, code } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ username: string }>().username).toBe(res.json<DjInvite>().username);
  });

  it('refuses an invitation with no address, both, or nonsense, for no DJ, or from anyone but staff', async () => {
    const dj = await newDj('Nobody Yet');
    expect((await invite(dj.id, {})).json()).toEqual({ email: ['Give the DJ’s e-mail or phone number.'] });
    expect((await invite(dj.id, { email: 'a@example.co.ke', phone_number: '0712345678' })).json()).toEqual({ phone_number: ['Give the e-mail or the phone number, not both.'] });
    expect((await invite(dj.id, { email: 'not-an-email' })).json()).toEqual({ email: ['Enter a valid email address.'] });
    expect((await invite(dj.id, { phone_number: '12345' })).statusCode).toBe(400);
    expect((await invite(dj.id, { email: 'a@example.co.ke', language: 'fr' })).statusCode).toBe(400);
    expect((await invite(999_999, { email: 'a@example.co.ke' })).statusCode).toBe(404);
    const customer = await signedInCustomer(t.app);
    expect((await invite(dj.id, { email: 'a@example.co.ke' }, customer.auth)).statusCode).toBe(403);
    // An address that has an account already: told on the field, and no login made.
    expect((await invite(dj.id, { email: customer.email })).json()).toEqual({ email: ['A user with that email already exists.'] });
    expect(await t.app.db.select().from(users).where(eq(users.djId, dj.id))).toEqual([]);
  });
});
