import { CATEGORIES, adminPassProductInputSchema, passProductSchema, type AdminPassProductInput, type PassProduct } from '@store/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { djs, genres } from '../../../db/schema.ts';
import { FieldError } from '../../../lib/http-errors.ts';
import type { Resource } from '../../../lib/back-office/crud.ts';
import { sortOrder } from '../../../lib/back-office/list-query.ts';
import { passProducts } from '../../../db/schema.ts';
import { passRepository as repo } from './pass-repository.ts';
import { toProduct } from './pass-seller.ts';

/** A scope as stored (scope_value is text), checked: the DJ or genre must exist, the category be one of the store's. */
async function storedScope(db: Database, scope: AdminPassProductInput['scope']): Promise<{ scopeKind: AdminPassProductInput['scope']['kind']; scopeValue: string | null }> {
  const value = scope.value ?? null;
  if (scope.kind === 'all') return { scopeKind: 'all', scopeValue: null };
  const refuse = (m: string) => new FieldError({ scope: [m] });
  if (scope.kind === 'category') {
    if (typeof value !== 'string' || !(CATEGORIES as readonly string[]).includes(value)) throw refuse(`Choose a category: ${CATEGORIES.join(', ')}.`);
    return { scopeKind: 'category', scopeValue: value };
  }
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw refuse(scope.kind === 'dj' ? 'Choose the DJ.' : 'Choose the genre.');
  const table = scope.kind === 'dj' ? djs : genres;
  const [found] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!found) throw refuse(scope.kind === 'dj' ? 'There is no such DJ.' : 'There is no such genre.');
  return { scopeKind: scope.kind, scopeValue: String(id) };
}

const record = async (db: Database, id: number): Promise<PassProduct | null> => {
  const p = await repo.product(db, id);
  return p ? toProduct(p) : null;
};

/** The fields the back office sorts pass products by (a name outside them is a 400). */
const SORT = { id: passProducts.id, title: passProducts.title, hours: passProducts.hours, price: passProducts.price, active: passProducts.active };

/**
 * Pass products in the back office (/api/admin/passes): create, edit, withdraw (active false). A
 * product some customer bought is never deleted (409): withdrawn, it leaves the store and live passes run on.
 */
export const passProductResource: Resource<PassProduct, AdminPassProductInput> = {
  name: 'passes',
  label: 'pass',
  record: passProductSchema,
  input: adminPassProductInputSchema as never,
  async list(db, w) {
    const rows = (await repo.products(db, { activeOnly: false, order: sortOrder(w.sort, SORT, ['hours', 'ASC']) })).map(toProduct);
    return { rows: rows.slice(w.offset, w.offset + w.limit), total: rows.length };
  },
  get: record,
  async create(tx, input) {
    const id = await repo.insertProduct(tx, { title: input.title, ...(await storedScope(tx, input.scope)), hours: input.hours, price: input.price, active: input.active ?? true });
    return (await record(tx, id))!;
  },
  async update(tx, id, input) {
    const values = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.scope !== undefined ? await storedScope(tx, input.scope) : {}),
      ...(input.hours !== undefined ? { hours: input.hours } : {}),
      ...(input.price !== undefined ? { price: input.price } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    };
    if (Object.keys(values).length === 0) return record(tx, id);
    return (await repo.updateProduct(tx, id, values)) === null ? null : record(tx, id);
  },
  async remove(tx, id) {
    return repo.deleteProduct(tx, id);
  },
  inUse: 'Customers have bought this pass: withdraw it (untick Active) instead.',
  catalogue: false,
};
