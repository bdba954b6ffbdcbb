import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequestSchema, errorDetailSchema, resetInputSchema, resetRequestInputSchema } from '@store/contract';
import { languageOf } from '../../lib/words.ts';
import type { createResetService } from './reset-service.ts';
import { detail, tags } from './route-helpers.ts';

/** A forgotten password: the mailed reset link, and setting a new password with it. */
export function passwordRoutes(deps: { resets: ReturnType<typeof createResetService> }): FastifyPluginAsyncZod {
  return async (app) => {
    const { resets } = deps;

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
  };
}
