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
  quickSignupInputSchema,
  refreshInputSchema,
  registerInputSchema,
  resetInputSchema,
  resetRequestInputSchema,
  tokensSchema,
  userSchema,
} from '@store/contract';
import { FieldError, fieldErrorFromIssues, HttpError } from '../../lib/http-errors.ts';
import { parseId } from '../catalog/catalog-service.ts';
import type { AccountService } from './account-service.ts';
import { currentUser } from './auth.ts';
import type { QuickSignup } from './quick-signup.ts';
import type { Registration } from './registration.ts';
import type { createResetService } from './reset-service.ts';
import type { SessionService } from './session-service.ts';
import { REFRESH_TTL_S } from './tokens.ts';
import { profileLanguage, toUserView, type UserRepository } from './user-repository.ts';
import { languageOf } from '../../lib/words.ts';

export interface AccountRouteDeps {
  users: UserRepository;
  accounts: AccountService;
  registration: Registration;
  sessions: SessionService;
  resets: ReturnType<typeof createResetService>;
  quickSignup: QuickSignup;
}

const tags = ['accounts'];
const REFRESH_COOKIE = 'refresh_token';
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
        config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Sign up at checkout with an e-mail and the M-Pesa phone: signed in at once, a link to choose a password by e-mail',
          body: quickSignupInputSchema,
          response: { 201: loginResponseSchema, 400: badRequestSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const { user, tokens } = await deps.quickSignup.signUp(request.body, languageOf(request.headers));
        setRefreshCookie(reply, tokens.refresh);
        return reply.status(201).send({ is_staff: false, tokens, username: user.username, purchase: [], profile: { profile_pic: null, language: null } });
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
          summary: 'Change your own e-mail (and username while it has 2 characters or fewer)',
          description: 'Limited per client address, as registering is (429 with Retry-After).',
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
