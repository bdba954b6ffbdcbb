import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminCustomerInputSchema, adminCustomerSchema, adminLedgerEntrySchema, adminListQuerySchema, badRequestSchema, errorDetailSchema, type AdminCustomer } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { ledgerEntries, profiles, purchases, users } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import type { ListWindow, Resource } from '../../lib/back-office/crud.ts';
import { likePattern, sortOrder, type Sortable } from '../../lib/back-office/list-query.ts';
import { phoneMatches } from '../../lib/back-office/phone-search.ts';
import { listWindow, sendList } from '../../lib/back-office/simple-rest.ts';

const owned = sql<number>`(SELECT count(*)::int FROM ${purchases} WHERE ${purchases.userId} = ${users.id} AND ${purchases.refundedAt} IS NULL)`;

function customerQuery(db: Database) {
  return db
    .select({ u: users, p: profiles, purchases: owned })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id));
}
type CustomerRow = Awaited<ReturnType<ReturnType<typeof customerQuery>['where']>>[number];

const toCustomer = ({ u, p, purchases: n }: CustomerRow): AdminCustomer => ({
  id: u.id,
  username: u.username,
  email: u.email,
  phone_number: p?.phoneNumber ?? null,
  country: p?.country ?? '',
  city: p?.city ?? '',
  balance: p?.account ?? 0,
  is_staff: u.isStaff,
  is_active: u.isActive,
  date_joined: u.dateJoined.toISOString(),
  purchases: Number(n),
});

const SORTABLE = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone_number: profiles.phoneNumber,
  balance: profiles.account,
  purchases: owned,
  is_staff: users.isStaff,
  is_active: users.isActive,
  date_joined: users.dateJoined,
} satisfies Sortable<'customers'>;

async function listCustomers(db: Database, w: ListWindow) {
  const f = w.filter as { q?: unknown; id?: unknown; is_staff?: unknown; is_active?: unknown };
  const where: SQL[] = [];
  if (typeof f.q === 'string' && f.q.trim()) {
    const like = likePattern(f.q.trim());
    where.push(or(ilike(users.username, like), ilike(users.email, like), ...phoneMatches(profiles.phoneNumber, f.q.trim()))!);
  }
  if (Array.isArray(f.id)) where.push(inArray(users.id, f.id.filter((x): x is number => Number.isInteger(x))));
  if (typeof f.is_staff === 'boolean') where.push(eq(users.isStaff, f.is_staff));
  if (typeof f.is_active === 'boolean') where.push(eq(users.isActive, f.is_active));
  const condition = where.length ? and(...where) : undefined;
  const order = sortOrder(w.sort, SORTABLE, ['id', 'DESC']);
  const [total] = await db.select({ n: count() }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(condition);
  const rows = await customerQuery(db)
    .where(condition)
    .orderBy(order, asc(users.id))
    .limit(w.limit)
    .offset(w.offset);
  return { rows: rows.map(toCustomer), total: Number(total!.n) };
}

/**
 * Customers (every account, staff included): their profile, balance and purchases at a glance.
 * Staff change only two things: staff access and whether the account is open. Balances change
 * through adjustments (money.ts); accounts are never deleted, their ledger must stay whole.
 */
export const customerResource: Resource<AdminCustomer, z.infer<typeof adminCustomerInputSchema>> = {
  name: 'customers',
  label: 'customer',
  record: adminCustomerSchema,
  input: adminCustomerInputSchema,
  catalogue: false,
  noCreate: true,
  noDelete: true,
  inUse: 'Accounts are closed, never deleted.',
  list: listCustomers,
  async get(db, id) {
    const [row] = await customerQuery(db).where(eq(users.id, id));
    return row ? toCustomer(row) : null;
  },
  create: () => Promise.reject(new Error('customers sign up themselves')),
  async update(tx, id, input, actorId) {
    if (id === actorId && (input.is_staff === false || input.is_active === false)) throw new HttpError(409, 'You cannot remove your own staff access or close your own account: ask another staff member.');
    const set = Object.fromEntries(Object.entries({ isStaff: input.is_staff, isActive: input.is_active }).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, id));
    return customerResource.get(tx, id);
  },
  remove: () => Promise.reject(new Error('accounts are never deleted')),
};

const LEDGER_SORTABLE = {
  id: ledgerEntries.id,
  created_at: ledgerEntries.createdAt,
  user_id: ledgerEntries.userId,
  kind: ledgerEntries.kind,
  amount: ledgerEntries.amount,
  balance_after: ledgerEntries.balanceAfter,
  username: users.username,
  note: ledgerEntries.note,
} satisfies Sortable<'ledger'>;

/** GET /ledger: every balance change, newest first (or as sorted), by customer (filter user_id) or kind. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ledger',
    { schema: { tags: ['back office'], summary: 'Ledger entries, newest first', querystring: adminListQuerySchema, response: { 200: z.array(adminLedgerEntrySchema), 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (request, reply) => {
      const w = listWindow(request.query);
      const f = w.filter as { user_id?: unknown; kind?: unknown };
      const where: SQL[] = [];
      if (typeof f.user_id === 'number') where.push(eq(ledgerEntries.userId, f.user_id));
      if (typeof f.kind === 'string') where.push(eq(ledgerEntries.kind, f.kind as 'deposit'));
      const condition = where.length ? and(...where) : undefined;
      const order = sortOrder(w.sort, LEDGER_SORTABLE, ['id', 'DESC']);
      const [total] = await app.db.select({ n: count() }).from(ledgerEntries).where(condition);
      const rows = await app.db
        .select({ e: ledgerEntries, username: users.username })
        .from(ledgerEntries)
        .innerJoin(users, eq(users.id, ledgerEntries.userId))
        .where(condition)
        .orderBy(order, desc(ledgerEntries.id))
        .limit(w.limit)
        .offset(w.offset);
      const entries = rows.map(({ e, username }) => ({
        id: e.id,
        user_id: e.userId,
        username,
        kind: e.kind,
        amount: e.amount,
        balance_after: e.balanceAfter,
        reference: e.reference,
        note: e.note,
        created_at: e.createdAt.toISOString(),
      }));
      return sendList(reply, 'ledger', entries, w.offset, total!.n);
    },
  );
};
