import type { PurchaseRecord } from '@store/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionService } from './session-service.ts';
import { REFRESH_TTL_S } from './tokens.ts';
import { profileLanguage, toUserView, type UserRepository, type UserRow } from './user-repository.ts';

/** What the accounts route files share: their tag, the refresh cookie, and the answer to a login. */
export const tags = ['accounts'];
export const REFRESH_COOKIE = 'refresh_token';
export const detail = (message: string) => ({ detail: message });

/** Cookies are sent over HTTPS only in production. */
export const secureCookies = (app: FastifyInstance) => app.config.env === 'production';

/** Sets the refresh token as an httpOnly cookie, sent only to the API. */
export function refreshCookieSetter(app: FastifyInstance) {
  const secure = secureCookies(app);
  return (reply: FastifyReply, token: string) => reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure, path: '/api/', maxAge: REFRESH_TTL_S });
}

/** The account's purchases as the login answer and /info list them (the selling module's). */
export type PurchaseRecords = (userId: number) => Promise<PurchaseRecord[]>;

/** The family lock's one rule for a list answered to this request (the family module's withholdLocked, CONTRACT §16). */
export type HideLocked = (request: FastifyRequest, records: PurchaseRecord[]) => Promise<{ shown: PurchaseRecord[]; hidden: number }>;

/** The seed's login response, for a password login and for a sign-in link alike. */
export async function loginAnswer(deps: { users: UserRepository; purchaseRecords: PurchaseRecords }, user: UserRow, tokens: Awaited<ReturnType<SessionService['issue']>>) {
  const me = (await deps.users.withProfile(user.id))!;
  const profile = { profile_pic: toUserView(me.user, me.profile).profile.profile_pic, language: profileLanguage(me.profile) };
  return { is_staff: user.isStaff, tokens, username: user.username, purchase: await deps.purchaseRecords(user.id), profile };
}
