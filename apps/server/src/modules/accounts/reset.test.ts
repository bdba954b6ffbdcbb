import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { login, signedInCustomer } from '../../../test/helpers/accounts.ts';
import { createMailer, type Mailer } from '../mail/index.ts';
import { resetLinkIn, startSmtpServer } from '../../../test/helpers/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe.each(engines())('password reset on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const mailedTo: string[] = [];
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Mail goes to the test's SMTP server; the addresses it was handed to are noted as it is sent.
    const relay = createMailer({ smtpUrl: smtp.url, from: 'store@example.co.ke', dataDir: '', log: console as never });
    const mailer: Mailer = { send: (mail) => (mailedTo.push(mail.to), relay.send(mail)) };
    t = await createTestApp(engine, { mailer, publicUrl: 'https://store.example.co.ke', resetRateLimit: 4 });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
  const requestReset = (email: string, remoteAddress = '10.0.0.1') => post('/api/password_reset/request/', { email }, { host: 'evil.example.com' }, remoteAddress);
  const tokenOf = (link: string) => link.split('/').pop()!;

  it('mails a link on the configured address, and the new password works once', async () => {
    const c = await signedInCustomer(t.app);
    const res = await requestReset(c.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password reset link sent.' });
    const mail = await smtp.next();
    expect(mail.to).toEqual([c.email]);
    const link = resetLinkIn(mail.raw);
    expect(link).toMatch(/^https:\/\/store\.example\.co\.ke\/account\/password_reset\/[\w-]{43}$/);
    expect(mail.raw).not.toContain('evil.example.com');

    const done = await post('/api/password_reset/reset/', { token: tokenOf(link), new_password: 'baobab-sunrise-88' });
    expect(done.statusCode, done.body).toBe(200);
    await login(t.app, { email: c.email, password: 'baobab-sunrise-88' });
    const old = await post('/api/login/', { email: c.email, password: c.password }, {}, '10.0.0.2');
    expect(old.statusCode).toBe(401);

    const again = await post('/api/password_reset/reset/', { token: tokenOf(link), new_password: 'another-secret-99' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['This password reset link is invalid or has expired. Ask for a new one.'] });
  });

  it('keeps one live link per account: a newer link ends the older, and using one ends them all', async () => {
    const c = await signedInCustomer(t.app);
    await requestReset(c.email, '10.6.0.1');
    const older = tokenOf(resetLinkIn((await smtp.next()).raw));
    await requestReset(c.email, '10.6.0.1');
    const newer = tokenOf(resetLinkIn((await smtp.next()).raw));
    expect(newer).not.toBe(older);
    const stale = await post('/api/password_reset/reset/', { token: older, new_password: 'older-link-secret-1' });
    expect([stale.statusCode, stale.json()]).toEqual([400, { token: ['This password reset link is invalid or has expired. Ask for a new one.'] }]);
    expect((await post('/api/password_reset/reset/', { token: newer, new_password: 'newer-link-secret-2' })).statusCode).toBe(200);
    expect((await post('/api/password_reset/reset/', { token: older, new_password: 'older-link-secret-3' })).statusCode).toBe(400);
    await login(t.app, { email: c.email, password: 'newer-link-secret-2' });
    // Links live side by side in the table (written by an older version, or a race): using one ends the others.
    const { eq } = await import('drizzle-orm');
    const { users } = await import('../../db/schema.ts');
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, c.email));
    const { createHash } = await import('node:crypto');
    const hash = (s: string) => createHash('sha256').update(s).digest('hex');
    const expiresAt = new Date(Date.now() + 3600_000);
    await t.database.db.insert(passwordResets).values([
      { userId: row!.id, tokenHash: hash('side-by-side-one'), expiresAt },
      { userId: row!.id, tokenHash: hash('side-by-side-two'), expiresAt },
    ]);
    expect((await post('/api/password_reset/reset/', { token: 'side-by-side-two', new_password: 'side-by-side-secret-4' })).statusCode).toBe(200);
    expect((await post('/api/password_reset/reset/', { token: 'side-by-side-one', new_password: 'side-by-side-secret-5' })).statusCode).toBe(400);
  });

  it('ends every session of the customer', async () => {
    const c = await signedInCustomer(t.app);
    await requestReset(c.email);
    const token = tokenOf(resetLinkIn((await smtp.next()).raw));
    await post('/api/password_reset/reset/', { token, new_password: 'baobab-sunrise-88' });
    expect((await t.app.inject({ url: '/api/info/', headers: c.auth })).statusCode).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: c.tokens.refresh })).statusCode).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const c = await signedInCustomer(t.app);
    await requestReset(c.email);
    const token = tokenOf(resetLinkIn((await smtp.next()).raw));
    const rows = await t.database.db.select().from(passwordResets);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('refuses a link after its hour', async () => {
    const c = await signedInCustomer(t.app);
    await requestReset(c.email);
    const token = tokenOf(resetLinkIn((await smtp.next()).raw));
    await t.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('/api/password_reset/reset/', { token, new_password: 'baobab-sunrise-88' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('token');
  });

  it('refuses forged tokens and weak new passwords', async () => {
    expect((await post('/api/password_reset/reset/', { token: 'x'.repeat(43), new_password: 'baobab-sunrise-88' })).json()).toHaveProperty('token');
    const weak = await post('/api/password_reset/reset/', { token: 'x'.repeat(43), new_password: 'password1' });
    expect(weak.json()).toEqual({ new_password: ['This password is too common. Choose one that is harder to guess.'] });
    expect((await post('/api/password_reset/reset/', { token: 'x', new_password: 'short' })).json()).toHaveProperty('new_password');
  });

  it('says a link cut or pasted too long is invalid, not that the field is missing', async () => {
    const res = await post('/api/password_reset/reset/', { token: 'x'.repeat(500), new_password: 'baobab-sunrise-88' });
    expect([res.statusCode, res.json()]).toEqual([400, { token: ['This password reset link is invalid or has expired. Ask for a new one.'] }]);
    const empty = await post('/api/password_reset/reset/', { token: '', new_password: 'baobab-sunrise-88' });
    expect(empty.json()).toEqual({ token: ['This field is required.'] });
  });

  it('answers an unknown address exactly like a known one, and mails nobody', async () => {
    const before = mailedTo.length;
    const res = await requestReset('nobody-here@example.co.ke', '10.0.0.5');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: 'Password reset link sent.' });
    // A reset mail is handed to the mailer before the answer (and sent after it): no waiting needed.
    expect(mailedTo.slice(before)).toEqual([]);
    const known = await signedInCustomer(t.app);
    await requestReset(known.email, '10.0.0.5');
    expect(mailedTo.slice(before)).toEqual([known.email]);
    expect((await smtp.next()).to).toEqual([known.email]);
  });

  it('limits reset requests per address with 429 and Retry-After', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await requestReset(`someone${i}@example.co.ke`, '10.7.7.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(Number((await requestReset('x@example.co.ke', '10.7.7.7')).headers['retry-after'])).toBeGreaterThan(0);
  });
});
