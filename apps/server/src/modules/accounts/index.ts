import type { FastifyInstance } from 'fastify';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createAccountService } from './account-service.ts';
import { registerAuth } from './auth.ts';
import { createQuickSignup } from './quick-signup.ts';
import { createRegistration } from './registration.ts';
import { createResetService } from './reset-service.ts';
import { accountRoutes } from './routes.ts';
import { createSessionService } from './session-service.ts';
import { createTokenSigner } from './tokens.ts';
import { createUserRepository } from './user-repository.ts';

/** Wires the accounts capability: the auth hook on the app, and its routes under the API prefix. */
export function createAccounts(app: FastifyInstance, deps: { mailer: Mailer; limits: LimitFactory }) {
  const { config, db } = app;
  const users = createUserRepository(db);
  const sessions = createSessionService({ db, users, tokens: createTokenSigner(config.jwtSecret), limits: deps.limits, failureLimit: config.loginFailureLimit });
  const accounts = createAccountService({ users, media: app.mediaStore, mailer: deps.mailer, publicUrl: config.publicUrl, log: app.log });
  const resets = createResetService({ db, users, mailer: deps.mailer, limits: deps.limits, publicUrl: config.publicUrl, log: app.log });
  const quickSignup = createQuickSignup({ db, users, sessions, mailer: deps.mailer, publicUrl: config.publicUrl, log: app.log });
  const registration = createRegistration({ users, mailer: deps.mailer, limits: deps.limits, publicUrl: config.publicUrl, log: app.log });
  registerAuth(app, sessions);
  return { users, sessions, accounts, resets, routes: accountRoutes({ users, accounts, registration, sessions, resets, quickSignup }) };
}
