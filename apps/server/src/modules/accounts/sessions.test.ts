import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { login, signedInCustomer } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { REFRESH_GRACE_MS } from './session-service.ts';

describe.each(engines())('sessions on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const info = (authorization?: string) => t.app.inject({ url: '/api/info/', headers: authorization ? { authorization } : {} });
  const refresh = (payload: object, cookies: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload, cookies });
  const sign = (claims: object, secret: string, exp = '15m') =>
    new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(exp).sign(new TextEncoder().encode(secret));

  it('answers /info for the customer the access token belongs to', async () => {
    const c = await signedInCustomer(t.app);
    const res = await info(c.auth.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: c.id, username: c.username, email: c.email, is_staff: false, profile: { buyerid: c.buyerid, account: 0, country: 'Kenya', profile_pic: null } },
      deposit_history: [],
      purchase: [],
    });
  });

  it('refuses /info without a token, with a forged one and with an expired one', async () => {
    const c = await signedInCustomer(t.app);
    expect((await info()).statusCode).toBe(401);
    expect((await info('Bearer not.a.jwt')).statusCode).toBe(401);
    const forged = await sign({ sub: String(c.id), tv: 0, sid: 'x', typ: 'access' }, 'someone-elses-secret-that-is-long-enough');
    expect((await info(`Bearer ${forged}`)).statusCode).toBe(401);
    const expired = await sign({ sub: String(c.id), tv: 0, sid: 'x', typ: 'access' }, t.config.jwtSecret, '-1s');
    const res = await info(`Bearer ${expired}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Your session has expired. Please log in again.' });
    // a refresh token is not an access token
    expect((await info(`Bearer ${c.tokens.refresh}`)).statusCode).toBe(401);
  });

  it('rotates the refresh token on every use', async () => {
    const c = await signedInCustomer(t.app);
    const first = await refresh({ refresh: c.tokens.refresh });
    expect(first.statusCode).toBe(200);
    const next = first.json<{ access: string; refresh: string }>();
    expect(next.refresh).not.toBe(c.tokens.refresh);
    expect((await info(`Bearer ${next.access}`)).statusCode).toBe(200);
    expect((await refresh({ refresh: next.refresh })).statusCode).toBe(200);
  });

  it('ends the whole login when a rotated refresh token is replayed after its replacement was used', async () => {
    const c = await signedInCustomer(t.app);
    const rotated = (await refresh({ refresh: c.tokens.refresh })).json<{ access: string; refresh: string }>();
    const current = (await refresh({ refresh: rotated.refresh })).json<{ access: string; refresh: string }>();
    const replay = await refresh({ refresh: c.tokens.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toMatch(/used from somewhere else/);
    // the thief's copy and the customer's current token are both dead now, and so are the access tokens
    expect((await refresh({ refresh: current.refresh })).statusCode).toBe(401);
    expect((await info(`Bearer ${current.access}`)).statusCode).toBe(401);
    expect((await info(`Bearer ${rotated.access}`)).statusCode).toBe(401);
  });

  it('answers a renewal again, with the same pair, when its answer was lost: the login goes on', async () => {
    const c = await signedInCustomer(t.app);
    const lost = await refresh({ refresh: c.tokens.refresh });
    expect(lost.statusCode).toBe(200);
    // The answer never reached the phone: it sends the same token again a few seconds later.
    const again = await refresh({ refresh: c.tokens.refresh });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(lost.json());
    expect(again.cookies.find((k) => k.name === 'refresh_token')!.value).toBe(lost.json<{ refresh: string }>().refresh);
    const pair = again.json<{ access: string; refresh: string }>();
    expect((await info(`Bearer ${pair.access}`)).statusCode).toBe(200);
    const next = await refresh({ refresh: pair.refresh });
    expect(next.statusCode).toBe(200);
    expect((await info(`Bearer ${next.json<{ access: string }>().access}`)).statusCode).toBe(200);
  });

  it('answers two renewals racing with the same token with one pair, and the login goes on', async () => {
    const c = await signedInCustomer(t.app);
    const answers = await Promise.all([1, 2, 3].map(() => refresh({ refresh: c.tokens.refresh })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const pairs = answers.map((a) => a.json<{ access: string; refresh: string }>());
    expect(new Set(pairs.map((p) => p.refresh)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.access)).size).toBe(1);
    const rows = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, c.id));
    expect(rows).toHaveLength(2);
    expect((await refresh({ refresh: pairs[0]!.refresh })).statusCode).toBe(200);
  });

  it('ends the login when the replaced token comes back after the grace period', async () => {
    const c = await signedInCustomer(t.app);
    const rotated = (await refresh({ refresh: c.tokens.refresh })).json<{ access: string; refresh: string }>();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REFRESH_GRACE_MS + 1_000 });
    try {
      const replay = await refresh({ refresh: c.tokens.refresh });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().detail).toMatch(/used from somewhere else/);
      expect((await refresh({ refresh: rotated.refresh })).statusCode).toBe(401);
      // The access token the reuse's family had ends with it, not 15 minutes later.
      expect((await info(`Bearer ${rotated.access}`)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the access token of a login at once when it logs out, and not those of its other logins', async () => {
    const c = await signedInCustomer(t.app);
    const other = await login(t.app, c);
    expect((await info(c.auth.authorization)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh_token: c.tokens.refresh }, headers: c.auth });
    const after = await info(c.auth.authorization);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Your session has expired. Please log in again.' });
    expect((await info(`Bearer ${other.body.tokens.access}`)).statusCode).toBe(200);
  });

  it('refreshes from the httpOnly cookie when the body has no token', async () => {
    const c = await signedInCustomer(t.app);
    const res = await refresh({}, { refresh_token: c.cookie.value });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((k) => k.name === 'refresh_token')!.value).toBe(res.json<{ refresh: string }>().refresh);
    expect((await refresh({})).statusCode).toBe(401);
  });

  it('logs out: the refresh token stops working and the cookie is cleared', async () => {
    const c = await signedInCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh_token: c.tokens.refresh }, headers: c.auth });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((k) => k.name === 'refresh_token')!.value).toBe('');
    expect((await refresh({ refresh: c.tokens.refresh })).statusCode).toBe(401);
    // logging out with nothing, or with garbage, is harmless
    expect((await t.app.inject({ method: 'POST', url: '/api/logout/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh_token: 'garbage' } })).statusCode).toBe(200);
  });

  it('refuses a forged refresh token', async () => {
    const c = await signedInCustomer(t.app);
    const forged = await sign({ sub: String(c.id), fam: 'x', typ: 'refresh', jti: 'y' }, t.config.jwtSecret, '14d');
    expect((await refresh({ refresh: forged })).statusCode).toBe(401);
  });
});

/** PostgreSQL only: two app instances on one database, as two web processes behind a balancer. */
describe.each(engines().filter((e) => e === 'postgres'))('a login ended in another process on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('leaves no refresh token alive when a logout runs while a renewal of the same login is committing', async () => {
    const refresh = (payload: object) => t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload });
    const c = await signedInCustomer(t.app);
    const holder = new pg.Client({ connectionString: t.database.url! });
    await holder.connect();
    const watcher = new pg.Client({ connectionString: t.database.url! });
    await watcher.connect();
    /** Backends of this database waiting for a lock (the renewal, then the logout, queued behind the holder). */
    const waiting = async () => Number((await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0].n);
    try {
      await holder.query('begin');
      await holder.query('select 1 from refresh_tokens where user_id = $1 for update', [c.id]);
      // The renewal updates the token and inserts its successor; the logout, started meanwhile, reads
      // the login's rows before that successor is committed.
      const renewal = refresh({ refresh: c.tokens.refresh });
      await vi.waitFor(async () => expect(await waiting()).toBe(1), { timeout: 5_000, interval: 20 });
      const logout = t.app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh_token: c.tokens.refresh } });
      await vi.waitFor(async () => expect(await waiting()).toBe(2), { timeout: 5_000, interval: 20 });
      await holder.query('commit');
      const renewed = await renewal;
      expect(renewed.statusCode).toBe(200);
      expect((await logout).statusCode).toBe(200);
      // Past an access token's lifetime this process no longer remembers the logout: only the table can refuse.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
      const later = await refresh({ refresh: renewed.json<{ refresh: string }>().refresh });
      expect(later.statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await holder.end();
      await watcher.end();
    }
  });

  it('refuses the access token in this process at once after a logout or a reuse in the other', async () => {
    const otherDb = await openDatabase({ url: t.database.url!, poolSize: 2 });
    const other = await buildApp({ config: t.config, database: otherDb });
    try {
      await other.ready();
      const info = (app: FastifyInstance, token: string) => app.inject({ url: '/api/info/', headers: { authorization: `Bearer ${token}` } });
      const loggedOut = await signedInCustomer(t.app);
      const reused = await signedInCustomer(t.app);
      // Both processes have answered the tokens (and remembered their signatures) before.
      expect((await info(other, loggedOut.tokens.access)).statusCode).toBe(200);
      expect((await info(other, reused.tokens.access)).statusCode).toBe(200);

      await t.app.inject({ method: 'POST', url: '/api/logout/', payload: { refresh_token: loggedOut.tokens.refresh } });
      const rotated = (await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: reused.tokens.refresh } })).json<{ refresh: string; access: string }>();
      await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: rotated.refresh } });
      expect((await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: reused.tokens.refresh } })).statusCode).toBe(401);

      // PostgreSQL's notification reaches the other process within milliseconds.
      await vi.waitFor(async () => {
        expect((await info(other, loggedOut.tokens.access)).statusCode).toBe(401);
        expect((await info(other, rotated.access)).statusCode).toBe(401);
      }, { timeout: 2_000, interval: 20 });
      // A process started afterwards reads the logins ended within an access token's lifetime.
      const lateDb = await openDatabase({ url: t.database.url!, poolSize: 2 });
      const late = await buildApp({ config: t.config, database: lateDb });
      try {
        await late.ready();
        expect((await info(late, loggedOut.tokens.access)).statusCode).toBe(401);
        expect((await info(late, reused.tokens.access)).statusCode).toBe(401);
      } finally {
        await late.close();
        await lateDb.close();
      }
    } finally {
      await other.close();
      await otherDb.close();
    }
  });
});
