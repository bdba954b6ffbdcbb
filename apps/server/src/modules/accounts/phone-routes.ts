import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, errorDetailSchema, loginResponseSchema, PHONE_CODE_SENT, PHONE_CODE_SENT_SIGNED_IN, PHONE_CODE_USED_OR_EXPIRED, phoneCodeSentSchema, phoneLoginInputSchema, phoneLoginVerifySchema } from '@store/contract';
import { FieldError } from '../../lib/http-errors.ts';
import { languageOf } from '../../lib/words.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { PhoneCodes } from './phone-codes.ts';
import { detail, loginAnswer, type PurchaseRecords, refreshCookieSetter, tags } from './route-helpers.ts';
import type { SessionService } from './session-service.ts';
import type { UserRepository } from './user-repository.ts';

/** Signing in by phone with a one-time SMS code, and a code to confirm with while signed in (CONTRACT §16). */
export function phoneRoutes(deps: { users: UserRepository; sessions: SessionService; phoneCodes: PhoneCodes; purchaseRecords: PurchaseRecords }): FastifyPluginAsyncZod {
  return async (app) => {
    const { phoneCodes } = deps;
    const setRefreshCookie = refreshCookieSetter(app);
    const perAddress = { rateLimit: { max: app.config.loginRateLimit, timeWindow: '10 minutes' } };

    app.post(
      '/login/phone',
      {
        config: perAddress,
        schema: {
          tags,
          summary: 'Ask for a sign-in code by SMS: 202 whether or not the number has an account',
          description:
            'An account whose verified phone this is gets a 6-digit code by SMS, in its language: single use, valid 5 minutes. At most 3 requests an hour per number, counted for every number (429 with Retry-After), and limited per client address.',
          body: phoneLoginInputSchema,
          response: { 202: errorDetailSchema, 400: badRequestSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        await phoneCodes.requestLogin(request.body.phone_number, languageOf(request.headers));
        return reply.status(202).send(detail(PHONE_CODE_SENT));
      },
    );

    app.post(
      '/login/phone/verify',
      {
        config: perAddress,
        schema: {
          tags,
          summary: 'Sign in with the SMS code: the login response, and the refresh token as an httpOnly cookie',
          description: 'A wrong code is a 400; the fifth voids the code (429 with Retry-After). A used or expired code is a 400 asking for a new one.',
          body: phoneLoginVerifySchema,
          response: { 200: loginResponseSchema, 400: badRequestSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const userId = await phoneCodes.verifyLogin(request.body.phone_number, request.body.code);
        const user = await deps.users.byId(userId);
        if (!user || !user.isActive || user.isStaff) throw new FieldError({ code: [PHONE_CODE_USED_OR_EXPIRED] });
        const tokens = await deps.sessions.issue(user);
        setRefreshCookie(reply, tokens.refresh);
        return loginAnswer(deps, user, tokens);
      },
    );

    app.post(
      '/me/phone-code',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Send a code by SMS to confirm with: what asks for the password takes `code` instead from an account with no password',
          description: 'Sent to the account’s verified phone (409 when it has none), 3 an hour per number as sign-in codes (429 with Retry-After).',
          security: [{ bearer: [] }],
          response: { 202: phoneCodeSentSchema, 401: errorDetailSchema, 409: errorDetailSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const phone = await phoneCodes.requestConfirm(currentUser(request), languageOf(request.headers));
        return reply.status(202).send({ ...detail(PHONE_CODE_SENT_SIGNED_IN), phone_number: phone });
      },
    );
  };
}
