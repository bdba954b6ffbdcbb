import type { PurchaseRecords } from './route-helpers.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, errorDetailSchema, loginInputSchema, loginResponseSchema, logoutInputSchema, refreshInputSchema, tokensSchema } from '@store/contract';
import { detail, loginAnswer, REFRESH_COOKIE, refreshCookieSetter, tags } from './route-helpers.ts';
import type { SessionService } from './session-service.ts';
import type { UserRepository } from './user-repository.ts';

/** A login's life: logging in with a password, renewing its tokens, logging out. */
export function sessionRoutes(deps: { users: UserRepository; sessions: SessionService; purchaseRecords: PurchaseRecords }): FastifyPluginAsyncZod {
  return async (app) => {
    const { sessions } = deps;
    const setRefreshCookie = refreshCookieSetter(app);

    app.post(
      '/login',
      {
        config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: '10 minutes' } },
        schema: {
          tags,
          summary: 'Log in: the seed’s login response, and the refresh token as an httpOnly cookie',
          description:
            'Failed attempts are limited per account and address together (429 with Retry-After), per address overall, and per account from all addresses: after 10 wrong passwords in 15 minutes the account’s password pauses (429 with Retry-After, 15, 30 then 60 minutes), the same for an e-mail with no account. Signing in by SMS code and by e-mailed link stay open.',
          body: loginInputSchema,
          response: { 200: loginResponseSchema, 400: badRequestSchema, 401: errorDetailSchema, 429: errorDetailSchema },
        },
      },
      async (request, reply) => {
        const { user, tokens } = await sessions.login(request.body.email, request.body.password, request.ip);
        setRefreshCookie(reply, tokens.refresh);
        return loginAnswer(deps, user, tokens);
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
  };
}
