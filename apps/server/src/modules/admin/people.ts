import { eq } from 'drizzle-orm';
import { adminPersonInputSchema, adminPersonSchema, type AdminPerson } from '@store/contract';
import type { z } from 'zod';
import { people } from '../../db/schema.ts';
import { portraitUrl } from '../media/index.ts';
import type { Resource } from '../../lib/back-office/crud.ts';
import { listRows, type Sortable } from '../../lib/back-office/list-query.ts';

type PersonRow = typeof people.$inferSelect;
type PersonInput = z.infer<typeof adminPersonInputSchema>;

const toPerson = (r: PersonRow): AdminPerson => ({ id: r.id, role: r.role, full_name: r.fullName, title: r.title, message: r.message, title_sw: r.titleSw, message_sw: r.messageSw, sort_order: r.sortOrder, picture: portraitUrl(r.imageKey) });
const columns = (i: Partial<PersonInput>) =>
  Object.fromEntries(Object.entries({ role: i.role, fullName: i.full_name, title: i.title, message: i.message, titleSw: i.title_sw, messageSw: i.message_sw, sortOrder: i.sort_order }).filter(([, v]) => v !== undefined));

/** The CEO and the team shown on /about; their pictures arrive through PUT /people/{id}/picture. */
export const personResource: Resource<AdminPerson, PersonInput> = {
  name: 'people',
  label: 'person',
  record: adminPersonSchema,
  input: adminPersonInputSchema,
  catalogue: true,
  inUse: 'This person is still in use.',
  async list(db, w) {
    const { role } = w.filter as { role?: unknown };
    const { rows, total } = await listRows<PersonRow>(db, w, {
      table: people,
      id: people.id,
      sortable: { id: people.id, full_name: people.fullName, title: people.title, role: people.role, sort_order: people.sortOrder } satisfies Sortable<'people'>,
      search: people.fullName,
      where: role === 'ceo' || role === 'team' ? [eq(people.role, role)] : [],
    });
    return { rows: rows.map(toPerson), total };
  },
  async get(db, id) {
    const [row] = await db.select().from(people).where(eq(people.id, id));
    return row ? toPerson(row) : null;
  },
  create: async (tx, input) =>
    toPerson((await tx.insert(people).values({ role: input.role, fullName: input.full_name, title: input.title, message: input.message, titleSw: input.title_sw, messageSw: input.message_sw, sortOrder: input.sort_order }).returning())[0]!),
  async update(tx, id, input) {
    const set = columns(input);
    const [row] = Object.keys(set).length ? await tx.update(people).set(set).where(eq(people.id, id)).returning() : await tx.select().from(people).where(eq(people.id, id));
    return row ? toPerson(row) : null;
  },
  remove: async (tx, id) => (await tx.delete(people).where(eq(people.id, id)).returning({ id: people.id })).length > 0,
};
