import type { Deposit } from '@store/contract';
import type { MediaStore } from '../media/index.ts';
import { loginAnswer, refreshCookieSetter, type HideLocked, type PurchaseRecords } from './route-helpers.ts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import type { Mailer } from '../mail/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { createAccountService } from './account-service.ts';
import { createEndedSessions } from './ended-sessions.ts';
import { registerAuth } from '../../plugins/auth.ts';
import { createPhoneCodes } from './phone-codes.ts';
import { createQuickSignup } from './quick-signup.ts';
import { createRegistration } from './registration.ts';
import { createResetService } from './reset-service.ts';
import { createSignInLinks } from './sign-in-links.ts';
import { accountRoutes } from './routes.ts';
import { createSessionService } from './session-service.ts';
import { createTokenSigner } from './tokens.ts';
import { createUserRepository } from './user-repository.ts';

/** Wires the accounts capability: the auth hook on the app, and its routes under the API prefix. */
export function createAccounts(
  app: FastifyInstance,
  deps: { mailer: Mailer; sms: SmsSender; limits: LimitFactory; listen: DatabaseHandle['listen']; mediaStore: MediaStore; purchaseRecords: PurchaseRecords; depositHistory: (userId: number) => Promise<Deposit[]>; hideLocked: HideLocked },
) {
  const { config, db } = app;
  const users = createUserRepository(db);
  const ended = createEndedSessions(db, deps.listen);
  app.addHook('onClose', () => ended.close());
  const sessions = createSessionService({ db, users, tokens: createTokenSigner(config.jwtSecret), ended, limits: deps.limits, failureLimit: config.loginFailureLimit });
  const phoneCodes = createPhoneCodes({ db, sms: deps.sms, limits: deps.limits, secret: config.jwtSecret, publicUrl: config.publicUrl, log: app.log });
  const accounts = createAccountService({ users, media: deps.mediaStore, mailer: deps.mailer, limits: deps.limits, publicUrl: config.publicUrl, log: app.log, phoneCodes });
  const resets = createResetService({ db, users, mailer: deps.mailer, limits: deps.limits, publicUrl: config.publicUrl, log: app.log });
  const links = createSignInLinks(db, config.jwtSecret);
  const quickSignup = createQuickSignup({ db, users, links, mailer: deps.mailer, limits: deps.limits, publicUrl: config.publicUrl, log: app.log });
  const registration = createRegistration({ users, mailer: deps.mailer, limits: deps.limits, publicUrl: config.publicUrl, log: app.log });
  registerAuth(app, sessions);
  /** A new login for an account the caller proved (a visitor's paid M-Pesa prompt, CONTRACT §16): the login answer and its refresh token. */
  const signIn = async (userId: number) => {
    const user = await users.byId(userId);
    if (!user?.isActive) return null;
    const tokens = await sessions.issue(user);
    return { body: await loginAnswer({ users, purchaseRecords: deps.purchaseRecords }, user, tokens), refresh: tokens.refresh };
  };
  return { users, sessions, accounts, resets, phoneCodes, signIn, setRefreshCookie: refreshCookieSetter(app), routes: accountRoutes({ users, accounts, registration, sessions, resets, quickSignup, links, phoneCodes, purchaseRecords: deps.purchaseRecords, depositHistory: deps.depositHistory, hideLocked: deps.hideLocked }) };
}

export { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';
export { createUserRepository } from './user-repository.ts';
export { createSignInLinks, newBrowserNonce } from './sign-in-links.ts';
export type { SignInLinks } from './sign-in-links.ts';
export type { UserRow } from './user-repository.ts';
export type { PhoneCodes } from './phone-codes.ts';
export { provePhone } from './phone-code-repository.ts';
export { accountForPaidPhone } from './paid-phone-account.ts';
export { accountOfVerifiedPhone } from './verified-phone.ts';
