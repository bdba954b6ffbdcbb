import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { REFRESH_TTL_S, type TokenSigner } from './tokens.ts';
import type { UserRepository, UserRow } from './user-repository.ts';
import { words } from '../../lib/words.ts';

const FAILURE_WINDOW_MS = 15 * 60_000;
const invalidCredentials = () => new HttpError(401, 'Invalid email or password.');
const invalidRefresh = () => new HttpError(401, 'Your session has ended. Please log in again.');

/**
 * Logging in and staying logged in. Failed logins are counted per account *and* address: someone
 * guessing from elsewhere cannot lock the real customer out, while guessing from one place is slowed
 * (and each address is limited overall by the route's rate limit).
 */
export function createSessionService(deps: { db: Database; users: UserRepository; tokens: TokenSigner; limits: LimitFactory; failureLimit: number }) {
  const { db, users, tokens } = deps;
  const failures = deps.limits('login-failures', { points: deps.failureLimit, windowMs: FAILURE_WINDOW_MS });

  async function issue(user: UserRow, family = randomUUID()) {
    const refresh = await tokens.refresh(user.id, family);
    await db.insert(refreshTokens).values({ jti: refresh.jti, family, userId: user.id, expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000) });
    return { access: await tokens.access(user.id, user.tokenVersion), refresh: refresh.token };
  }

  async function revokeFamily(family: string) {
    await db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)));
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
      const user = await users.byEmail(email);
      // An unknown e-mail costs the same time as a wrong password, so timing tells nothing.
      const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
      if (!user || !ok || !user.isActive) throw invalidCredentials();
      await failures.reset(key);
      return { user, tokens: await issue(user) };
    },

    issue,

    /** Rotates a refresh token. Using one twice ends its whole login: someone else may hold a copy. */
    async refresh(token: string) {
      const claims = await tokens.verifyRefresh(token).catch(() => {
        throw invalidRefresh();
      });
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.jti, claims.jti));
      if (!row || row.revokedAt || row.family !== claims.fam) throw invalidRefresh();
      const used = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
        .returning({ jti: refreshTokens.jti });
      if (used.length === 0) {
        await revokeFamily(row.family);
        throw new HttpError(401, 'This session was used from somewhere else and has been ended. Please log in again.');
      }
      const user = await users.byId(row.userId);
      if (!user || !user.isActive) throw invalidRefresh();
      return { user, tokens: await issue(user, row.family as ReturnType<typeof randomUUID>) };
    },

    /** Ends the login a refresh token belongs to; an unknown or broken token changes nothing. */
    async logout(token: string | undefined) {
      if (!token) return;
      const claims = await tokens.verifyRefresh(token).catch(() => null);
      if (claims) await revokeFamily(claims.fam);
    },

    /** The user an access token speaks for, if it is still valid (not expired, not ended by a reset). */
    async userForAccessToken(token: string) {
      const claims = await tokens.verifyAccess(token).catch(() => null);
      if (!claims) return null;
      const user = await users.byId(Number(claims.sub));
      if (!user || !user.isActive || user.tokenVersion !== claims.tv) return null;
      return user;
    },

    countActiveFamilies: async (userId: number) =>
      (await db.select({ n: sql<number>`count(distinct ${refreshTokens.family})::int` }).from(refreshTokens).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))))[0]!.n,
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
