import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/helpers/engines.ts';
import { login, newCustomer, register } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';

describe.each(engines())('registering and logging in on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { loginFailureLimit: 3 });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, remoteAddress = '10.0.0.1') => t.app.inject({ method: 'POST', url, payload, remoteAddress });
  const registration = (c: ReturnType<typeof newCustomer>, over: object = {}) => ({ username: c.username, email: c.email, password1: c.password, password2: c.password, ...over });

  it('creates an account and logs in with the seed’s login response', async () => {
    const c = newCustomer({ email: 'Wanjiku.M@Example.co.ke' });
    const created = await post('/api/register/', registration(c));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ username: c.username, email: 'wanjiku.m@example.co.ke' });

    const res = await post('/api/login/', { email: 'wanjiku.m@example.co.ke', password: c.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ is_staff: false, tokens: { access: expect.any(String), refresh: expect.any(String) }, username: c.username, purchase: [], profile: { profile_pic: null, language: null } });
    const cookie = res.cookies.find((k) => k.name === 'refresh_token')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/' });
  });

  it('stores only an argon2id hash of the password', async () => {
    const c = newCustomer();
    await register(t.app, c);
    const { users } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, c.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(c.password);
  });

  it.each([
    [{ password2: 'something-else-1' }, 'password2', "The two password fields didn't match."],
    [{ password1: 'short', password2: 'short' }, 'password1', 'Password minimum, 8 characters!'],
    [{ password1: 'x'.repeat(129), password2: 'x'.repeat(129) }, 'password1', 'Password maximum, 128 characters.'],
    [{ password1: 'password123', password2: 'password123' }, 'password1', 'This password is too common. Choose one that is harder to guess.'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    [{ username: 'has space' }, 'username', 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'],
    [{ username: '' }, 'username', 'This field is required.'],
  ])('refuses %j with the first message for the field', async (over, field, message) => {
    const res = await post('/api/register/', registration(newCustomer(), over));
    expect(res.statusCode).toBe(400);
    expect(res.json()[field]![0]).toBe(message);
  });

  it('answers a taken e-mail as a new one, creating nothing and telling the owner by mail', async () => {
    const c = newCustomer();
    await register(t.app, c);
    const fresh = newCustomer();
    const asNew = await post('/api/register/', registration(fresh));
    const intruder = newCustomer({ password: 'intruder-chose-this-9' });
    const asTaken = await post('/api/register/', registration(intruder, { email: c.email.toUpperCase() }));
    expect([asTaken.statusCode, Object.keys(asTaken.json())]).toEqual([asNew.statusCode, Object.keys(asNew.json())]);
    expect(asTaken.json()).toEqual({ username: intruder.username, email: c.email });
    const { users } = await import('../../db/schema.ts');
    const { sql } = await import('drizzle-orm');
    const withEmail = await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${c.email}`);
    expect(withEmail.map((u) => u.username)).toEqual([c.username]);
    // The owner's password still works, and the intruder's does not.
    await login(t.app, c);
    expect((await post('/api/login/', { email: c.email, password: intruder.password }, '10.0.0.5')).statusCode).toBe(401);
    const fs = await import('node:fs/promises');
    const path = await import('node:path');
    const outbox = path.join(t.config.dataDir, 'outbox');
    await expect.poll(async () => (await fs.readdir(outbox).catch(() => [])).filter((f) => f.includes(c.email.replace(/[^\w.@-]/g, '_'))).length).toBe(1);
  });

  it('still says a username is taken, whatever its case, also when the e-mail has an account', async () => {
    const c = newCustomer();
    await register(t.app, c);
    const sameName = await post('/api/register/', registration(newCustomer(), { username: c.username.toUpperCase() }));
    expect(sameName.json()).toEqual({ username: ['A user with that username already exists.'] });
    const both = await post('/api/register/', registration(newCustomer(), { username: c.username, email: c.email }));
    expect(both.json()).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('limits registrations per address', async () => {
    const limited = await createTestApp(engine, { registerRateLimit: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await limited.app.inject({ method: 'POST', url: '/api/register/', payload: registration(newCustomer()), remoteAddress: '10.8.8.8' })).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
      const other = await limited.app.inject({ method: 'POST', url: '/api/register/', payload: registration(newCustomer()), remoteAddress: '10.8.8.9' });
      expect(other.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const c = newCustomer();
    await register(t.app, c);
    const wrong = await post('/api/login/', { email: c.email, password: 'not-my-password' });
    const unknown = await post('/api/login/', { email: 'nobody@example.co.ke', password: 'not-my-password' });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('says a password longer than any account can have is too long, not that it is missing', async () => {
    const res = await post('/api/login/', { email: 'someone@example.co.ke', password: 'x'.repeat(129) });
    expect([res.statusCode, res.json()]).toEqual([400, { password: ['Password maximum, 128 characters.'] }]);
    const missing = await post('/api/login/', { email: 'someone@example.co.ke', password: '' });
    expect(missing.json()).toEqual({ password: ['This field is required.'] });
  });

  it('slows guessing on one account from one address, without locking the customer out elsewhere', async () => {
    const c = newCustomer();
    await register(t.app, c);
    const attacker = '10.66.66.66';
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post('/api/login/', { email: c.email, password: `guess-${i}-xyz` }, attacker)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await post('/api/login/', { email: c.email, password: c.password }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // the real customer, from their own phone, still gets in
    await login(t.app, c, '10.1.2.3');
  });

  it('counts parallel guesses atomically: 25 at once on one account get only the limit’s password checks', async () => {
    const c = newCustomer();
    await register(t.app, c);
    const guesses = await Promise.all(Array.from({ length: 25 }, (_, i) => post('/api/login/', { email: c.email, password: `parallel-guess-${i}` }, '10.77.77.77')));
    const statuses = guesses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(22);
  });

  it('behind a reverse proxy, counts the address the proxy saw: a forged X-Forwarded-For escapes no limit', async () => {
    const limited = await createTestApp(engine, { loginRateLimit: 2, trustProxy: loadConfig({ TRUST_PROXY: 'true' }).trustProxy });
    try {
      // The proxy (10.0.0.5) appends the address it saw to whatever the client sent.
      const send = (forged: string) =>
        limited.app.inject({ method: 'POST', url: '/api/login/', payload: { email: 'x@example.co.ke', password: 'whatever1' }, remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` } });
      const statuses = [(await send('1.1.1.1')).statusCode, (await send('1.1.1.2')).statusCode, (await send('1.1.1.3')).statusCode];
      expect(statuses).toEqual([401, 401, 429]);
      const other = await limited.app.inject({ method: 'POST', url: '/api/login/', payload: { email: 'x@example.co.ke', password: 'whatever1' }, remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.10' } });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('limits login attempts per address overall', async () => {
    const limited = await createTestApp(engine, { loginRateLimit: 2 });
    try {
      const send = () => limited.app.inject({ method: 'POST', url: '/api/login/', payload: { email: 'x@example.co.ke', password: 'whatever1' }, remoteAddress: '10.9.9.9' });
      expect([(await send()).statusCode, (await send()).statusCode, (await send()).statusCode]).toEqual([401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});
