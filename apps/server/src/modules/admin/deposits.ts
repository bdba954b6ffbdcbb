import type { DepositService } from '../payments/index.ts';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDepositSchema, adminListQuerySchema, badRequestSchema, errorDetailSchema, normaliseKenyanPhone, type AdminDeposit } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { deposits, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { recordAudit } from '../../lib/back-office/audit.ts';
import { likePattern, sortOrder, type Sortable } from '../../lib/back-office/list-query.ts';
import { listWindow, sendList } from '../../lib/back-office/simple-rest.ts';

const tags = ['back office'];
const STATES = ['pending', 'completed', 'failed', 'cancelled', 'review'] as const;
const SORTABLE = {
  id: deposits.id,
  created_at: deposits.createdAt,
  user_id: deposits.userId,
  username: users.username,
  amount: deposits.amount,
  phone: deposits.phone,
  state: deposits.state,
  receipt: deposits.receipt,
  result_desc: deposits.resultDesc,
  settled_at: deposits.settledAt,
} satisfies Sortable<'deposits'>;

function depositQuery(db: Database) {
  return db.select({ d: deposits, username: users.username }).from(deposits).innerJoin(users, eq(users.id, deposits.userId));
}
const toAdminDeposit = ({ d, username }: { d: typeof deposits.$inferSelect; username: string }): AdminDeposit => ({
  id: d.id,
  user_id: d.userId!, // the inner join: a visitor's payment shows once an account is named
  username,
  amount: d.amount,
  phone: d.phone,
  state: d.state,
  checkout_request_id: d.checkoutRequestId,
  receipt: d.receipt,
  result_desc: d.resultDesc,
  checks: d.checks,
  created_at: d.createdAt.toISOString(),
  settled_at: d.settledAt?.toISOString() ?? null,
});

/**
 * M-Pesa deposits for staff: filter by state (review first of all), and settle one in review by
 * asking M-Pesa again. Nobody credits a deposit by hand: only M-Pesa's answer moves money.
 */
export const depositRoutes =
  (recheckDeposit: DepositService['recheck']): FastifyPluginAsyncZod =>
  async (app) => {
  app.get(
    '/deposits',
    { schema: { tags, summary: 'Deposits, newest first', querystring: adminListQuerySchema, response: { 200: z.array(adminDepositSchema), 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (request, reply) => {
      const w = listWindow(request.query);
      const f = w.filter as { state?: unknown; user_id?: unknown; q?: unknown };
      const where: SQL[] = [];
      if (typeof f.state === 'string' && (STATES as readonly string[]).includes(f.state)) where.push(eq(deposits.state, f.state as AdminDeposit['state']));
      if (typeof f.user_id === 'number') where.push(eq(deposits.userId, f.user_id));
      if (typeof f.q === 'string' && f.q.trim()) {
        const like = likePattern(f.q.trim());
        // A phone as staff hear it (0712 345 678) finds the stored 254712345678 too.
        const phone = normaliseKenyanPhone(f.q.trim());
        where.push(or(ilike(deposits.phone, like), ilike(deposits.receipt, like), ilike(users.username, like), ...(phone ? [eq(deposits.phone, phone)] : []))!);
      }
      const condition = where.length ? and(...where) : undefined;
      const order = sortOrder(w.sort, SORTABLE, ['id', 'DESC']);
      const [total] = await app.db.select({ n: count() }).from(deposits).innerJoin(users, eq(users.id, deposits.userId)).where(condition);
      const rows = await depositQuery(app.db).where(condition).orderBy(order, desc(deposits.id)).limit(w.limit).offset(w.offset);
      return sendList(reply, 'deposits', rows.map(toAdminDeposit), w.offset, total!.n);
    },
  );

  app.get(
    '/deposits/:id',
    { schema: { tags, summary: 'One deposit', params: z.object({ id: z.string() }), response: { 200: adminDepositSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema } } },
    async (request) => {
      const [row] = await depositQuery(app.db).where(eq(deposits.id, parseId(request.params.id)));
      if (!row) throw new HttpError(404, 'No such deposit.');
      return toAdminDeposit(row);
    },
  );

  app.post(
    '/deposits/:id/recheck',
    {
      schema: {
        tags,
        summary: 'Ask M-Pesa again about a deposit in review, and settle it if M-Pesa knows',
        params: z.object({ id: z.string() }),
        response: { 200: adminDepositSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema, 502: errorDetailSchema },
      },
    },
    async (request) => {
      const id = parseId(request.params.id);
      const staffId = currentUser(request).id;
      const after = await recheckDeposit(id, async (tx, moved) => {
        await recordAudit(tx, { userId: staffId, action: 'update', resource: 'deposits', recordId: id, after: { state: moved.state, result_desc: moved.resultDesc } });
      });
      if (!after) throw new HttpError(404, 'No such deposit.');
      const [row] = await depositQuery(app.db).where(eq(deposits.id, id));
      return toAdminDeposit(row!);
    },
  );
};
