import type { Deposit } from '@store/contract';
import type { HideLocked, PurchaseRecords } from './route-helpers.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountService } from './account-service.ts';
import { passwordRoutes } from './password-routes.ts';
import type { PhoneCodes } from './phone-codes.ts';
import { phoneRoutes } from './phone-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import type { QuickSignup } from './quick-signup.ts';
import { registrationRoutes } from './registration-routes.ts';
import type { Registration } from './registration.ts';
import type { createResetService } from './reset-service.ts';
import { sessionRoutes } from './session-routes.ts';
import type { SessionService } from './session-service.ts';
import type { SignInLinks } from './sign-in-links.ts';
import type { UserRepository } from './user-repository.ts';

export interface AccountRouteDeps {
  users: UserRepository;
  accounts: AccountService;
  registration: Registration;
  sessions: SessionService;
  resets: ReturnType<typeof createResetService>;
  quickSignup: QuickSignup;
  links: SignInLinks;
  phoneCodes: PhoneCodes;
  /** The account's purchases and deposits, from the selling and payments modules. */
  purchaseRecords: PurchaseRecords;
  depositHistory: (userId: number) => Promise<Deposit[]>;
  hideLocked: HideLocked;
}

/**
 * The accounts API, a file per concern: registration-routes.ts (registering, quick sign-up, sign-in links),
 * session-routes.ts (login, token refresh, logout), phone-routes.ts (signing in by SMS code), password-routes.ts (reset), profile-routes.ts (the account,
 * its profile and picture, its e-mail and username). What they share is in route-helpers.ts.
 */
export function accountRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Profile pictures arrive as multipart form data; only this plugin's routes parse it (registered here,
    // above the pieces, so every accounts route parses it as before the split, not the profile routes alone).
    await app.register(multipart);
    await app.register(registrationRoutes(deps));
    await app.register(sessionRoutes(deps));
    await app.register(phoneRoutes(deps));
    await app.register(passwordRoutes(deps));
    await app.register(profileRoutes(deps));
  };
}
