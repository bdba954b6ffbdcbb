import { and, asc, count, desc, ilike, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminList, AdminSortField } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../http-errors.ts';
import type { ListWindow } from './crud.ts';
import { words } from '../words.ts';

/** `%`, `_` and `\` stand for themselves in a search. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The fields a list sorts by, each with its column (or expression). */
type Columns = Record<string, AnyColumn | SQL>;
/** A list's fields exactly as the contract names them (the back office sorts only by those). */
export type Sortable<L extends AdminList> = Record<AdminSortField<L>, AnyColumn | SQL>;

/**
 * The ORDER BY of a list's `sort`: only a field the list names. The names are looked up as the
 * list's own keys, so `__proto__`, `constructor` or `toString` are no fields (they were an object's
 * inherited members: a 500, or a sort on nothing), and anything else is a 400 saying what works.
 */
export function sortOrder(sort: ListWindow['sort'], sortable: Columns, fallback: NonNullable<ListWindow['sort']>): SQL {
  const [field, direction] = sort ?? fallback;
  if (!Object.hasOwn(sortable, field)) throw new HttpError(400, words('Cannot sort by {field}: use one of {fields}.', { field, fields: Object.keys(sortable).join(', ') }));
  const column = sortable[field]!;
  return direction === 'DESC' ? desc(column) : asc(column);
}

/**
 * A page of a simple table for the back office: `sort` on a known field, `filter.q` searching one
 * column, `filter.id` a list of ids (react-admin's getMany), other filters left to the caller.
 */
export async function listRows<Row>(
  db: Database,
  w: ListWindow,
  t: { table: PgTable; id: AnyColumn; sortable: Columns; search?: AnyColumn; where?: SQL[] },
): Promise<{ rows: Row[]; total: number }> {
  const where = [...(t.where ?? [])];
  const { q, id } = w.filter as { q?: unknown; id?: unknown };
  if (typeof q === 'string' && q.trim() && t.search) where.push(ilike(t.search, likePattern(q.trim())));
  if (Array.isArray(id)) where.push(inArray(t.id, id.filter((x): x is number => Number.isInteger(x))));
  const condition = where.length ? and(...where) : undefined;
  const order = sortOrder(w.sort, t.sortable, ['id', 'ASC']);
  const [total] = await db.select({ n: count() }).from(t.table).where(condition);
  const rows = (await db.select().from(t.table).where(condition).orderBy(order, asc(t.id)).limit(w.limit).offset(w.offset)) as Row[];
  return { rows, total: Number(total!.n) };
}
