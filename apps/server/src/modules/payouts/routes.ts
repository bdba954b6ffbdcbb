import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminListQuerySchema, badRequestSchema, djInviteInputSchema, djInviteSchema, djLoginInputSchema, errorDetailSchema, payoutInputSchema, payoutSchema, statementQuerySchema, statementSchema } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { djs, payouts, profiles, users } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { FieldError, HttpError } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword } from '../accounts/index.ts';
import { recordAudit } from '../../lib/back-office/audit.ts';
import { sortOrder, type Sortable } from '../../lib/back-office/list-query.ts';
import { listWindow, sendList } from '../../lib/back-office/simple-rest.ts';
import { parseId } from '../../lib/ids.ts';
import { toPayoutView, type PayoutService } from './payout-service.ts';
import { djStatement, statementCsv } from './statement.ts';
import type { DjInvites } from './dj-invite.ts';

const tags = ['payouts'];
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema };
const idempotencyHeader = z.object({ 'idempotency-key': z.string().min(1).max(200).optional() });

/** The DJ whose data a caller may see: any for staff, only their own for a DJ's login (else 404, as if it did not exist). */
function djScope(user: { isStaff: boolean; djId: number | null }, djId: number) {
  if (!user.isStaff && user.djId !== djId) throw new HttpError(404, 'No such DJ.');
}

/** /api/admin: DJ statements, payouts and DJ logins (CONTRACT §12). */
export function payoutAdminRoutes(service: PayoutService, withholdingPercent: number, invites: DjInvites): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/djs/:id/statement',
      { config: { djAllowed: true }, schema: { tags, summary: 'A DJ’s statement for a month (format=csv: its lines as CSV)', params: z.object({ id: z.string() }), querystring: statementQuerySchema, response: { 200: statementSchema.or(z.string()), ...errors } } },
      async (request, reply) => {
        const djId = parseId(request.params.id);
        djScope(currentUser(request), djId);
        const s = await djStatement(app.db, djId, request.query.month, withholdingPercent);
        if (request.query.format !== 'csv') return s;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="dj-${djId}-statement-${s.month}.csv"`)
          .header('cache-control', 'private, no-store')
          .send(await statementCsv(s));
      },
    );

    app.get('/payouts', { config: { djAllowed: true }, schema: { tags, summary: 'Payouts, newest first (filter dj_id, state)', querystring: adminListQuerySchema, response: { 200: z.array(payoutSchema), ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const w = listWindow(request.query);
      const where: SQL[] = [eq(payouts.purpose, 'dj')];
      if (!user.isStaff) where.push(eq(payouts.djId, user.djId ?? -1));
      if (typeof w.filter.dj_id === 'number') where.push(eq(payouts.djId, w.filter.dj_id));
      if (typeof w.filter.state === 'string' && ['pending', 'completed', 'failed'].includes(w.filter.state)) where.push(eq(payouts.state, w.filter.state as 'pending'));
      const [total] = await app.db.select({ n: count() }).from(payouts).where(and(...where));
      const order = sortOrder(w.sort, { id: payouts.id } satisfies Sortable<'payouts'>, ['id', 'DESC']);
      const rows = await app.db.select().from(payouts).where(and(...where)).orderBy(order, desc(payouts.id)).limit(w.limit).offset(w.offset);
      return sendList(reply, 'payouts', rows.map(toPayoutView), w.offset, Number(total!.n));
    });

    app.get('/payouts/:id', { config: { djAllowed: true }, schema: { tags, summary: 'One payout', params: z.object({ id: z.string() }), response: { 200: payoutSchema, ...errors } } }, async (request) => {
      const user = currentUser(request);
      const p = await service.byId(parseId(request.params.id));
      if (!p || p.purpose !== 'dj' || (!user.isStaff && p.djId !== user.djId)) throw new HttpError(404, 'No such payout.');
      return toPayoutView(p);
    });

    app.post(
      '/payouts',
      {
        schema: {
          tags,
          summary: 'Pay a DJ by M-Pesa B2C, never more than owed',
          description: 'Send an Idempotency-Key header: a repeated request answers the payout it made. 409 when the amount is more than owed.',
          headers: idempotencyHeader,
          body: payoutInputSchema,
          response: { 200: payoutSchema, 201: payoutSchema, ...errors },
        },
      },
      async (request, reply) => {
        const staffId = currentUser(request).id;
        const { payout, created } = await service.payDj(staffId, request.body, request.headers['idempotency-key'] ?? null);
        if (created) await recordAudit(app.db, { userId: staffId, action: 'create', resource: 'payouts', recordId: payout.id, after: payout });
        return reply.status(created ? 201 : 200).send(payout);
      },
    );

    app.post(
      '/djs/:id/login',
      { schema: { tags, summary: 'Give a DJ a login of their own (role dj: sees only their sales, statements and payouts)', params: z.object({ id: z.string() }), body: djLoginInputSchema, response: { 201: z.object({ id: z.number().int(), username: z.string(), dj_id: z.number().int() }), ...errors } } },
      async (request, reply) => {
        const staffId = currentUser(request).id;
        const djId = parseId(request.params.id);
        if (await isCommonPassword(request.body.password)) throw new FieldError({ password: [COMMON_PASSWORD_MESSAGE] });
        const passwordHash = await hashPassword(request.body.password);
        const created = await app.db
          .transaction(async (t) => {
            const tx = t as unknown as Database;
            const [dj] = await tx.select({ id: djs.id }).from(djs).where(eq(djs.id, djId));
            if (!dj) throw new HttpError(404, 'No such DJ.');
            const [user] = await tx.insert(users).values({ username: request.body.username, email: request.body.email, passwordHash, djId }).returning({ id: users.id, username: users.username });
            await tx.insert(profiles).values({ userId: user!.id });
            await recordAudit(tx, { userId: staffId, action: 'create', resource: 'dj-logins', recordId: user!.id, after: { username: user!.username, dj_id: djId } });
            return { id: user!.id, username: user!.username, dj_id: djId };
          })
          .catch((err: unknown) => {
            if (isUniqueViolation(err, 'users_dj_unique')) throw new HttpError(409, 'This DJ already has a login.');
            if (isUniqueViolation(err, 'users_username_unique')) throw new FieldError({ username: ['A user with that username already exists.'] });
            if (isUniqueViolation(err, 'users_email_unique')) throw new FieldError({ email: ['A user with that email already exists.'] });
            throw err;
          });
        return reply.status(201).send(created);
      },
    );

    app.post(
      '/djs/:id/invite',
      {
        schema: {
          tags,
          summary: 'Invite a DJ to a login of their own by e-mail or SMS: the login has no password, a one-time sign-in link (a week) goes to the DJ in their language',
          params: z.object({ id: z.string() }),
          body: djInviteInputSchema,
          response: { 201: djInviteSchema, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await invites.invite(currentUser(request).id, parseId(request.params.id), request.body)),
    );

    app.get('/me', { config: { djAllowed: true }, schema: { tags, summary: 'Who is using the back office: staff, or a DJ’s own login and its DJ', response: { 200: z.object({ role: z.enum(['staff', 'dj']), dj_id: z.number().int().nullable(), dj_name: z.string().nullable() }), ...errors } } }, async (request) => {
      const user = currentUser(request);
      if (user.isStaff || !user.djId) return { role: 'staff' as const, dj_id: null, dj_name: null };
      const [dj] = await app.db.select({ name: djs.djName }).from(djs).where(eq(djs.id, user.djId));
      return { role: 'dj' as const, dj_id: user.djId, dj_name: dj?.name ?? null };
    });
  };
}

/** Daraja's posts for payouts, each on the payout's own secret path; always answered at once. */
export function payoutCallbackRoutes(service: PayoutService): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = (summary: string) => ({ tags, summary, params: z.object({ secret: z.string().max(100) }), response: { 200: z.object({ ResultCode: z.number(), ResultDesc: z.string() }) } });
    const accepted = { ResultCode: 0, ResultDesc: 'Accepted' };
    app.post('/payouts/result/:secret', { schema: schema('Daraja’s B2C result for a payout') }, async (request) => {
      await service.handleResult(request.params.secret, request.body).catch((err: unknown) => request.log.error({ err }, 'B2C result handling failed'));
      return accepted;
    });
    app.post('/payouts/status/:secret', { schema: schema('Daraja’s transaction status answer for a payout') }, async (request) => {
      await service.handleStatus(request.params.secret, request.body).catch((err: unknown) => request.log.error({ err }, 'transaction status handling failed'));
      return accepted;
    });
    app.post('/payouts/timeout/:secret', { schema: schema('Daraja’s queue timeout for a payout (the check-payouts job asks about it)') }, async (request) => {
      request.log.info({ secret: request.params.secret.slice(0, 6) }, 'B2C request timed out in Daraja’s queue');
      return accepted;
    });
  };
}
