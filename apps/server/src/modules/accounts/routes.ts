import type { FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  badRequestSchema,
  errorDetailSchema,
  infoSchema,
  loginInputSchema,
  loginResponseSchema,
  logoutInputSchema,
  memberUpdateSchema,
  PROFILE_PICTURE_MAX_BYTES,
  profileUpdateSchema,
  quickSignupRequestSchema,
  CHECK_EMAIL_TO_CARRY_ON,
  SIGN_IN_LINK_INVALID,
  signInLinkInputSchema,
  signInLinkResponseSchema,
  signInLinkCheckSchema,
  refreshInputSchema,
  registerInputSchema,
  resetInputSchema,
  resetRequestInputSchema,
  tokensSchema,
  userSchema,
} from '@store/contract';
import { FieldError, fieldErrorFromIssues, HttpError } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import { maskEmail, type AccountService } from './account-service.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { QuickSignup } from './quick-signup.ts';
import type { Registration } from './registration.ts';
import type { createResetService } from './reset-service.ts';
import type { SessionService } from './session-service.ts';
import { REFRESH_TTL_S } from './tokens.ts';
import { profileLanguage, toUserView, type UserRepository } from './user-repository.ts';
import { languageOf } from '../../lib/words.ts';
import { newBrowserNonce, type SignInLinks } from './sign-in-links.ts';

export interface AccountRouteDeps {
  users: UserRepository;
  accounts: AccountService;
  registration: Registration;
  sessions: SessionService;
  resets: ReturnType<typeof createResetService>;
  quickSignup: QuickSignup;
  links: SignInLinks;
}

const tags = ['accounts'];
const REFRESH_COOKIE = 'refresh_token';
/** The browser that asked for a sign-in link (sign-in-links.ts): sent only to the link's routes, for the link's hour. */
const LINK_NONCE_COOKIE = 'sign_in_nonce';
const LINK_NONCE_PATH = '/api/login/link';
const detail = (message: string) => ({ detail: message });

/** @fastify/multipart's limits (fields, files, parts), refused in its own words otherwise. */
const TOO_MANY_PARTS = new Set(['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT']);

/** The profile fields and picture of a PATCH, sent as JSON or as multipart form data. */
async function readProfilePatch(request: FastifyRequest) {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, unknown>, picture: undefined };
  const fields: Record<string, unknown> = {};
  let picture: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: PROFILE_PICTURE_MAX_BYTES, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'profile_pic') throw new FieldError({ [part.fieldname]: ['Only profile_pic may be a file.'] });
        picture = await part.toBuffer();
      } else fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof FieldError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new FieldError({ profile_pic: ['The picture must be at most 5 MB.'] });
    if (TOO_MANY_PARTS.has(code)) throw new HttpError(413, 'The request body is too large.');
    // Anything else while reading the parts is the form itself (cut short, no boundary): the sender's.
    throw new HttpError(400, 'Malformed form data in the request body.');
  }
  return { fields, picture: picture && picture.length > 0 ? picture : undefined };
}

export function accountRoutes(deps: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { accounts, registration, sessions, resets } = deps;
    // Profile pictures arrive as multipart form data; only this plugin's routes parse it.
    await app.register(multipart);
    const secureCookie = app.config.env === 'production';

    const setRefreshCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: secureCookie, path: '/api/', maxAge: REFRESH_TTL_S });

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
        return { email: maskEmail(user.email), same_browser: link.sameBrowser };
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
        const tokens = await sessions.issue(user);
        setRefreshCookie(reply, tokens.refresh);
        if (claimed.sameBrowser) reply.clearCookie(LINK_NONCE_COOKIE, { path: LINK_NONCE_PATH });
        const me = (await deps.users.withProfile(user.id))!;
        const profile = { profile_pic: toUserView(me.user, me.profile).profile.profile_pic, language: profileLanguage(me.profile) };
        return { is_staff: user.isStaff, tokens, username: user.username, purchase: await app.purchaseRecords(user.id), profile, next: claimed.next, video_ids: claimed.videoIds };
      },
    );

    app.post(
      '/login',
      {
        config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Log in: the seed’s login response, and the refresh token as an httpOnly cookie',
          description: 'Failed attempts are limited per account and address together (429 with Retry-After), and per address overall.',
          body: loginInputSchema,
          response: { 200: loginResponseSchema, 400: badRequestSchema, 401: errorDetailSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const { user, tokens } = await sessions.login(request.body.email, request.body.password, request.ip);
        setRefreshCookie(reply, tokens.refresh);
        const me = (await deps.users.withProfile(user.id))!;
        return { is_staff: user.isStaff, tokens, username: user.username, purchase: await app.purchaseRecords(user.id), profile: { profile_pic: toUserView(me.user, me.profile).profile.profile_pic, language: profileLanguage(me.profile) } };
      },
    );

    app.post(
      '/token/refresh',
      {
        schema: {
          tags,
          summary: 'Rotate a refresh token (from the body or the cookie); reusing one ends its login',
          body: refreshInputSchema.nullish(),
          response: { 200: tokensSchema, 400: badRequestSchema, 401: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const token = request.body?.refresh ?? request.cookies[REFRESH_COOKIE];
        if (!token) return reply.status(401).send(detail('Your session has ended. Please log in again.'));
        const { tokens } = await sessions.refresh(token);
        setRefreshCookie(reply, tokens.refresh);
        return tokens;
      },
    );

    app.post(
      '/logout',
      { schema: { tags, summary: 'End this login (the refresh token from the body or the cookie)', body: logoutInputSchema, response: { 200: errorDetailSchema } } },
      async (request, reply) => {
        await sessions.logout(request.body?.refresh_token ?? request.cookies[REFRESH_COOKIE]);
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/' });
        return detail('Logged out.');
      },
    );

    app.get(
      '/info',
      { preHandler: app.requireUser, schema: { tags, summary: 'The signed-in customer, their deposits and purchases', security: [{ bearer: [] }], response: { 200: infoSchema, 401: errorDetailSchema } } },
      async (request) => {
        const me = (await deps.users.withProfile(currentUser(request).id))!;
        return { user: toUserView(me.user, me.profile), deposit_history: await app.depositHistory(me.user.id), purchase: await app.purchaseRecords(me.user.id) };
      },
    );

    app.post(
      '/password_reset/request',
      {
        config: { rateLimit: { max: app.config.resetRateLimit, timeWindow: '1 hour' } },
        schema: { tags, summary: 'E-mail a password reset link (same answer whether or not the address is known)', body: resetRequestInputSchema, response: { 200: errorDetailSchema, 400: badRequestSchema, 429: errorDetailSchema } },
      },
      async (request) => {
        await resets.request(request.body.email, languageOf(request.headers));
        return detail('Password reset link sent.');
      },
    );

    app.post(
      '/password_reset/reset',
      { schema: { tags, summary: 'Set a new password with the mailed token; ends every session', body: resetInputSchema, response: { 200: errorDetailSchema, 400: badRequestSchema } } },
      async (request) => {
        await resets.reset(request.body.token, request.body.new_password);
        return detail('Your password has been reset.');
      },
    );

    app.patch(
      '/profile/:buyerid',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Change your own profile (JSON, or multipart with a profile_pic of up to 5 MB)',
          description: 'Fields: phone_number, username (only while it has 2 characters or fewer), country, city, language (en or sw), profile_pic. `account` is refused (403).',
          security: [{ bearer: [] }],
          params: z.object({ buyerid: z.string() }),
          response: { 200: userSchema, 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema },
        },
      },
      async (request) => {
        const buyerid = parseId(request.params.buyerid);
        const { fields, picture } = await readProfilePatch(request);
        const parsed = profileUpdateSchema.safeParse(fields);
        if (!parsed.success) throw fieldErrorFromIssues(parsed.error.issues);
        const me = await accounts.updateProfile(currentUser(request), buyerid, parsed.data, picture);
        return toUserView(me.user, me.profile);
      },
    );

    app.patch(
      '/members/:id',
      {
        preHandler: app.requireUser,
        // A taken e-mail is refused by name, so each answer says whether an address has an account:
        // limited per client address like registering, or any account could ask about every address.
        config: { rateLimit: { max: app.config.registerRateLimit, timeWindow: '1 hour' } },
        schema: {
          tags,
          summary: 'Change your own e-mail (with current_password) and username (while it has 2 characters or fewer)',
          description: 'A new e-mail needs `current_password` (400 without it or when it is wrong); the old address is told, at most 3 times an hour. Limited per client address, as registering is (429 with Retry-After).',
          security: [{ bearer: [] }],
          params: z.object({ id: z.string() }),
          body: memberUpdateSchema,
          response: { 200: userSchema, 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema, 429: errorDetailSchema },
        },
      },
      async (request) => {
        const me = await accounts.updateMember(currentUser(request), parseId(request.params.id), request.body, languageOf(request.headers));
        return toUserView(me.user, me.profile);
      },
    );
  };
}
