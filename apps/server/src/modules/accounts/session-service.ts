import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import type { EndedSessions } from './ended-sessions.ts';
import { nowSeconds, REFRESH_TTL_S, type RefreshClaims, type TokenSigner } from './tokens.ts';
import type { UserRepository, UserRow } from './user-repository.ts';
import { createRefreshTokenRepository } from './refresh-token-repository.ts';
import { words } from '../../lib/words.ts';
import { createAccountSlowdown } from './account-slowdown.ts';

const FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * How long a refresh token just replaced still answers (with the same pair): a renewal whose answer
 * was lost on a dropped connection is retried by the client within seconds. Okta's default.
 */
export const REFRESH_GRACE_MS = 30_000;
const invalidCredentials = () => new HttpError(401, 'Invalid email or password.');
const invalidRefresh = () => new HttpError(401, 'Your session has ended. Please log in again.');

/**
 * Logging in and staying logged in. Failed logins are counted per account *and* address: someone
 * guessing from elsewhere cannot lock the real customer out, while guessing from one place is slowed
 * (and each address is limited overall by the route's rate limit). Guessing from many addresses is
 * slowed per account (account-slowdown.ts): its password pauses, its other ways in stay open.
 */
export function createSessionService(deps: { db: Database; users: UserRepository; tokens: TokenSigner; ended: EndedSessions; limits: LimitFactory; failureLimit: number }) {
  const { users, tokens, ended } = deps;
  const tokenRows = createRefreshTokenRepository(deps.db);
  const failures = deps.limits('login-failures', { points: deps.failureLimit, windowMs: FAILURE_WINDOW_MS });
  const slowdown = createAccountSlowdown(deps.limits);

  /** The pair of a refresh token `jti` issued at `issuedAt` (seconds): the same bytes each time it is made. */
  async function pair(user: UserRow, family: string, jti: string, issuedAt: number) {
    const refresh = await tokens.refresh(user.id, family, jti, issuedAt);
    return { access: await tokens.access(user.id, user.tokenVersion, family, issuedAt), refresh: refresh.token };
  }

  async function issue(user: UserRow, family: string = randomUUID()) {
    const jti = randomUUID();
    await tokenRows.insert({ jti, family, userId: user.id, expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000) });
    return pair(user, family, jti, nowSeconds());
  }

  async function revokeFamily(family: string) {
    ended.end(family);
    await tokenRows.revokeFamily(family);
  }

  const rotate = (claims: RefreshClaims, usedAt: Date) => tokenRows.rotate({ jti: claims.jti, family: claims.fam }, randomUUID(), usedAt, new Date(usedAt.getTime() + REFRESH_TTL_S * 1000));

  /**
   * A token already used may be answered again, with the pair its renewal made, while that renewal's
   * answer may have been lost: within the grace period, and only while the pair's refresh token has
   * not been used itself (then the answer did arrive, and this is a replay).
   */
  async function answeredAgain(claims: RefreshClaims) {
    const row = await tokenRows.byJti(claims.jti);
    if (!row || row.revokedAt || row.family !== claims.fam) throw invalidRefresh();
    if (!row.usedAt || !row.replacedBy || Date.now() - row.usedAt.getTime() > REFRESH_GRACE_MS) return null;
    const next = await tokenRows.byJti(row.replacedBy);
    if (!next || next.usedAt || next.revokedAt) return null;
    return { userId: row.userId, family: row.family, jti: next.jti, issuedAt: Math.floor(row.usedAt.getTime() / 1000) };
  }

  return {
    async login(email: string, password: string, ip: string) {
      const key = `${email.toLowerCase()}|${ip}`;
      // Every attempt takes its point before the password is checked, and a success gives them back:
      // 25 parallel guesses get `failureLimit` checks, not 25.
      const taken = await failures.consume(key);
      if (!taken.ok) {
        const retry = Math.ceil(taken.retryAfterMs / 1000);
        throw new HttpError(429, words('Too many failed attempts. Try again in {minutes} minutes.', { minutes: Math.ceil(retry / 60) }), {}, { 'retry-after': String(retry) });
      }
      try {
        await slowdown.take(email);
      } catch (err) {
        // Paused for the account: this address's point goes back, its password was not checked.
        await failures.giveBack(key).catch(() => undefined);
        throw err;
      }
      let user: UserRow | null;
      try {
        user = await users.byEmail(email);
        // An unknown e-mail costs the same time as a wrong password, so timing tells nothing.
        const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
        if (!user || !ok || !user.isActive) throw invalidCredentials();
      } catch (err) {
        // Only a wrong e-mail or password is a failure. The database (or anything else) failing is
        // not the customer's: the point goes back, or 27 s of outage would lock them out for 15 minutes.
        if (!(err instanceof HttpError)) await Promise.all([failures.giveBack(key), slowdown.giveBack(email)]).catch(() => undefined);
        throw err;
      }
      await failures.reset(key);
      await slowdown.giveBack(email);
      return { user, tokens: await issue(user) };
    },

    issue,

    /**
     * Rotates a refresh token. Using one twice ends its whole login (someone else may hold a copy),
     * except a second use within the grace period before its replacement was used: that is a renewal
     * whose answer was lost, answered again with the same pair (CONTRACT §3, decision 0032).
     */
    async refresh(token: string) {
      const claims = await tokens.verifyRefresh(token).catch(() => {
        throw invalidRefresh();
      });
      if (await ended.hasEnded(claims.fam)) throw invalidRefresh();
      const usedAt = new Date();
      const rotated = await rotate(claims, usedAt);
      const renewal = rotated ? { ...rotated, issuedAt: Math.floor(usedAt.getTime() / 1000) } : await answeredAgain(claims);
      if (!renewal) {
        await revokeFamily(claims.fam);
        throw new HttpError(401, 'This session was used from somewhere else and has been ended. Please log in again.');
      }
      const user = await users.byId(renewal.userId);
      if (!user || !user.isActive) throw invalidRefresh();
      return { user, tokens: await pair(user, renewal.family, renewal.jti, renewal.issuedAt) };
    },

    /** Ends the login a refresh token belongs to; an unknown or broken token changes nothing. */
    async logout(token: string | undefined) {
      if (!token) return;
      const claims = await tokens.verifyRefresh(token).catch(() => null);
      if (claims) await revokeFamily(claims.fam);
    },


    /** The user an access token speaks for, if it is still valid (not expired, its login not ended, not ended by a reset). */
    async userForAccessToken(token: string) {
      const claims = await tokens.verifyAccess(token).catch(() => null);
      if (!claims || (await ended.hasEnded(claims.sid))) return null;
      const user = await users.byId(Number(claims.sub));
      if (!user || !user.isActive || user.tokenVersion !== claims.tv) return null;
      return user;
    },

    countActiveFamilies: tokenRows.countActiveFamilies,
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
