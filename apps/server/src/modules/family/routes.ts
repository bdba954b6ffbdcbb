import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, errorDetailSchema, familyLockOffSchema, familyLockOnSchema, familyLockStateSchema, familyUnlockResultSchema, familyUnlockSchema } from '@store/contract';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import type { PhoneCodes } from '../accounts/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createFamilyLockService } from './lock-service.ts';

const tags = ['family lock'];
const unlockHeader = z.object({ 'x-family-unlock': z.string().max(200).optional() });
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 429: errorDetailSchema };

/** The family lock of the signed-in account (CONTRACT §13). */
export function familyRoutes(deps: { limits: LimitFactory; phoneCodes: Pick<PhoneCodes, 'confirmedByCode'> }): FastifyPluginAsyncZod {
  return async (app) => {
    const lock = createFamilyLockService({ db: app.db, locks: app.familyLocks, limits: deps.limits, phoneCodes: deps.phoneCodes });
    const secured = { preHandler: app.requireUser };
    const security = [{ bearer: [] }];
    const noStore = { 'cache-control': 'private, no-store' };

    app.get(
      '/family-lock',
      { ...secured, schema: { tags, summary: 'Whether the family lock is on, and until when this request’s X-Family-Unlock opens it', security, headers: unlockHeader, response: { 200: familyLockStateSchema, 401: errorDetailSchema } } },
      async (request, reply) => reply.headers(noStore).send(lock.state(currentUser(request), request.headers['x-family-unlock'])),
    );

    app.put(
      '/family-lock',
      {
        ...secured,
        schema: {
          tags,
          summary: 'Turn the family lock on with a 4-digit PIN, or set a new PIN (a forgotten one too), with the account’s password',
          description: 'While on, this account’s lists, search and suggestions leave out 16 and 18 videos and their media addresses are withheld, unless the request carries X-Family-Unlock. An account with no password sends `code` (a code sent by POST /me/phone-code/) instead of `password`.',
          security,
          body: familyLockOnSchema,
          response: { 200: familyLockStateSchema, ...errors },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await lock.turnOn(currentUser(request), request.body.pin, request.body)),
    );

    app.delete(
      '/family-lock',
      { ...secured, schema: { tags, summary: 'Turn the family lock off with the account’s password (or `code`, for an account with none)', security, body: familyLockOffSchema, response: { 200: familyLockStateSchema, ...errors } } },
      async (request, reply) => reply.headers(noStore).send(await lock.turnOff(currentUser(request), request.body)),
    );

    app.post(
      '/family-lock/unlock',
      {
        ...secured,
        schema: {
          tags,
          summary: 'The PIN: answers an X-Family-Unlock value that opens this account’s lock for 4 hours',
          description: 'Five wrong PINs in 15 minutes are a 429 with Retry-After. The value opens only this account, and no longer once the PIN is set again or the lock turned off.',
          security,
          body: familyUnlockSchema,
          response: { 200: familyUnlockResultSchema, 409: errorDetailSchema, ...errors },
        },
      },
      async (request, reply) => reply.headers(noStore).send(await lock.unlock(currentUser(request), request.body.pin)),
    );
  };
}
