import type { PurchaseRecords } from './route-helpers.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badRequestSchema,
  CHECK_EMAIL_TO_CARRY_ON,
  errorDetailSchema,
  quickSignupRequestSchema,
  registerInputSchema,
  SIGN_IN_LINK_INVALID,
  signInLinkCheckSchema,
  signInLinkInputSchema,
  signInLinkResponseSchema,
  userSchema,
} from '@store/contract';
import { FieldError } from '../../lib/http-errors.ts';
import { languageOf } from '../../lib/words.ts';
import type { QuickSignup } from './quick-signup.ts';
import type { Registration } from './registration.ts';
import { detail, loginAnswer, refreshCookieSetter, secureCookies, tags } from './route-helpers.ts';
import type { SessionService } from './session-service.ts';
import { newBrowserNonce, type SignInLinks } from './sign-in-links.ts';
import type { UserRepository } from './user-repository.ts';
import { linkOwnerShown, proveInvitedPhone } from './invited-phone.ts';

/** The browser that asked for a sign-in link (sign-in-links.ts): sent only to the link's routes, for the link's hour. */
const LINK_NONCE_COOKIE = 'sign_in_nonce';
const LINK_NONCE_PATH = '/api/login/link';

/** Making an account: registering, quick sign-up at checkout, and the mailed sign-in links it sends. */
export function registrationRoutes(deps: { users: UserRepository; registration: Registration; sessions: SessionService; quickSignup: QuickSignup; links: SignInLinks; purchaseRecords: PurchaseRecords }): FastifyPluginAsyncZod {
  return async (app) => {
    const { registration, sessions } = deps;
    const secureCookie = secureCookies(app);
    const setRefreshCookie = refreshCookieSetter(app);

    app.post(
      '/register',
      {
        config: { rateLimit: { max: app.config.registerRateLimit, timeWindow: '1 hour' } },
        schema: {
          tags,
          summary: 'Create a customer account',
          description: 'Answers the same for an e-mail that already has an account (its owner is told by e-mail), so it tells nobody who has one. Limited per address.',
          body: registerInputSchema,
          response: { 201: userSchema.pick({ username: true, email: true }), 400: badRequestSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        await registration.register(request.body, languageOf(request.headers));
        return reply.status(201).send({ username: request.body.username, email: request.body.email });
      },
    );

    app.post(
      '/register/quick',
      {
        // It makes accounts and sends mail, as /register does: the same limit per address.
        config: { rateLimit: { max: app.config.registerRateLimit, timeWindow: '1 hour' } },
        schema: {
          tags,
          summary: 'Sign up at checkout with an e-mail and the M-Pesa phone: a sign-in link to carry on arrives by e-mail',
          description:
            'The same 202 whether or not the e-mail has an account: a new address gets an account (the phone on its profile) and a welcome with a sign-in link; an address that has one gets a sign-in link (at most 3 an hour). The link signs in once, within an hour, and carries `next` and `video_ids` on. Limited per client address, as registering is (429 with Retry-After).',
          body: quickSignupRequestSchema,
          response: { 202: errorDetailSchema, 400: badRequestSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const nonce = newBrowserNonce();
        reply.setCookie(LINK_NONCE_COOKIE, nonce, { httpOnly: true, sameSite: 'lax', secure: secureCookie, path: LINK_NONCE_PATH, maxAge: 3600 });
        await deps.quickSignup.signUp(request.body, languageOf(request.headers), nonce);
        return reply.status(202).send(detail(CHECK_EMAIL_TO_CARRY_ON));
      },
    );

    app.post(
      '/login/link/check',
      {
        config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Look at a mailed sign-in link without using it: its account’s address (masked), and whether this browser asked for it',
          body: signInLinkInputSchema,
          response: { 200: signInLinkCheckSchema, 400: badRequestSchema, 429: errorDetailSchema },
        },
      },
      async (request) => {
        const link = await deps.links.peek(request.body.token, request.cookies[LINK_NONCE_COOKIE]);
        const user = link && (await deps.users.byId(link.userId));
        if (!link || !user?.isActive || user.isStaff) throw new FieldError({ token: [SIGN_IN_LINK_INVALID] });
        return { email: await linkOwnerShown(app.db, user), same_browser: link.sameBrowser };
      },
    );

    app.post(
      '/login/link',
      {
        config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Sign in with a mailed sign-in link (once, within an hour): the login answer, and where the purchase carries on',
          description: '`next` and `video_ids` only in the browser that asked for the link (its sign_in_nonce cookie); elsewhere null and [].',
          body: signInLinkInputSchema,
          response: { 200: signInLinkResponseSchema, 400: badRequestSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const claimed = await deps.links.claim(request.body.token, request.cookies[LINK_NONCE_COOKIE]);
        const user = claimed && (await deps.users.byId(claimed.userId));
        // Staff sign in with their password only (a link for one is never mailed; one made before is refused).
        if (!claimed || !user?.isActive || user.isStaff) throw new FieldError({ token: [SIGN_IN_LINK_INVALID] });
        await proveInvitedPhone(app.db, user);
        const tokens = await sessions.issue(user);
        setRefreshCookie(reply, tokens.refresh);
        if (claimed.sameBrowser) reply.clearCookie(LINK_NONCE_COOKIE, { path: LINK_NONCE_PATH });
        // A DJ's login (invited by staff, in any browser) lands in the back office, where its statements are.
        return { ...(await loginAnswer(deps, user, tokens)), next: claimed.next ?? (user.djId !== null ? '/admin/' : null), video_ids: claimed.videoIds };
      },
    );
  };
}
