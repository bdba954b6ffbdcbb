import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

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
    const forged = await sign({ sub: String(c.id), tv: 0, typ: 'access' }, 'someone-elses-secret-that-is-long-enough');
    expect((await info(`Bearer ${forged}`)).statusCode).toBe(401);
    const expired = await sign({ sub: String(c.id), tv: 0, typ: 'access' }, t.config.jwtSecret, '-1s');
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

  it('ends the whole login when a rotated refresh token is replayed', async () => {
    const c = await signedInCustomer(t.app);
    const rotated = (await refresh({ refresh: c.tokens.refresh })).json<{ refresh: string }>();
    const replay = await refresh({ refresh: c.tokens.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toMatch(/used from somewhere else/);
    // the thief's copy and the customer's current token are both dead now
    expect((await refresh({ refresh: rotated.refresh })).statusCode).toBe(401);
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
