import { eq, inArray } from 'drizzle-orm';
import { adminDjSchema, adminDjWriteSchema, type AdminDj, type AdminDjWrite } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { djs, users } from '../../db/schema.ts';
import type { Resource } from '../../lib/back-office/crud.ts';
import { listRows } from '../../lib/back-office/list-query.ts';

type DjRow = typeof djs.$inferSelect;

async function withLogins(db: Database, rows: DjRow[]): Promise<AdminDj[]> {
  const logins = rows.length ? await db.select({ djId: users.djId, username: users.username }).from(users).where(inArray(users.djId, rows.map((r) => r.id))) : [];
  const byDj = new Map(logins.map((l) => [l.djId, l.username]));
  return rows.map((r) => ({ id: r.id, dj_name: r.djName, created_at: r.createdAt.toISOString(), revenue_share_percent: r.revenueSharePercent, payout_phone: r.payoutPhone, login_username: byDj.get(r.id) ?? null }));
}

const columns = (input: Partial<AdminDjWrite>) =>
  Object.fromEntries(Object.entries({ djName: input.dj_name, revenueSharePercent: input.revenue_share_percent, payoutPhone: input.payout_phone }).filter(([, v]) => v !== undefined)) as Partial<typeof djs.$inferInsert>;

/**
 * The staff DJ resource (/api/admin/djs): the name the storefront shows, and what CONTRACT §12 adds,
 * the DJ's revenue share and M-Pesa payout phone, with the DJ's own login if staff made one.
 */
export const djResource: Resource<AdminDj, AdminDjWrite> = {
  name: 'djs',
  label: 'DJ',
  record: adminDjSchema,
  input: adminDjWriteSchema,
  catalogue: true,
  unique: { index: 'djs_name_unique', field: 'dj_name', message: 'A DJ with this name already exists.' },
  inUse: 'This DJ still narrates videos: move or delete them first.',
  async list(db, w) {
    const { rows, total } = await listRows<DjRow>(db, w, {
      table: djs,
      id: djs.id,
      sortable: { id: djs.id, dj_name: djs.djName, created_at: djs.createdAt, revenue_share_percent: djs.revenueSharePercent },
      search: djs.djName,
    });
    return { rows: await withLogins(db, rows), total };
  },
  async get(db, id) {
    const [row] = await db.select().from(djs).where(eq(djs.id, id));
    return row ? (await withLogins(db, [row]))[0]! : null;
  },
  async create(tx, input) {
    const [row] = await tx.insert(djs).values({ djName: input.dj_name, revenueSharePercent: input.revenue_share_percent, payoutPhone: input.payout_phone }).returning();
    return (await withLogins(tx, [row!]))[0]!;
  },
  async update(tx, id, input) {
    const set = columns(input);
    const [row] = Object.keys(set).length ? await tx.update(djs).set(set).where(eq(djs.id, id)).returning() : await tx.select().from(djs).where(eq(djs.id, id));
    return row ? (await withLogins(tx, [row]))[0]! : null;
  },
  remove: async (tx, id) => (await tx.delete(djs).where(eq(djs.id, id)).returning({ id: djs.id })).length > 0,
};
