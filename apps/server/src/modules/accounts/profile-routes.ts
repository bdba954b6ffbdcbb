import type { Deposit } from '@store/contract';
import type { HideLocked, PurchaseRecords } from './route-helpers.ts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, errorDetailSchema, infoSchema, memberUpdateSchema, PROFILE_PICTURE_MAX_BYTES, profileUpdateSchema, userSchema } from '@store/contract';
import { FieldError, fieldErrorFromIssues, HttpError } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import { languageOf } from '../../lib/words.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AccountService } from './account-service.ts';
import { tags } from './route-helpers.ts';
import { toUserView, type UserRepository } from './user-repository.ts';

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

/** The signed-in customer's own account: what it holds (with its deposits and purchases), its profile and picture, its e-mail and username. */
export function profileRoutes(deps: { users: UserRepository; accounts: AccountService; purchaseRecords: PurchaseRecords; depositHistory: (userId: number) => Promise<Deposit[]>; hideLocked: HideLocked }): FastifyPluginAsyncZod {
  return async (app) => {
    const { accounts } = deps;

    app.get(
      '/info',
      { preHandler: app.requireUser, schema: { tags, summary: 'The signed-in customer, their deposits and purchases', security: [{ bearer: [] }], response: { 200: infoSchema, 401: errorDetailSchema } } },
      async (request) => {
        const me = (await deps.users.withProfile(currentUser(request).id))!;
        // Under the family lock its 16 and 18 purchases are counted, not named (CONTRACT §16).
        const { shown, hidden } = await deps.hideLocked(request, await deps.purchaseRecords(me.user.id));
        return { user: toUserView(me.user, me.profile), deposit_history: await deps.depositHistory(me.user.id), purchase: shown, hidden };
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
