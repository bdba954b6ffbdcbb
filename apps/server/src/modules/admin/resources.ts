import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { adminDjInputSchema, adminGenreInputSchema, adminNotificationInputSchema } from '@store/contract';
import { djs, genres, notifications } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { Resource } from '../../lib/back-office/crud.ts';
import { listRows, type Sortable } from '../../lib/back-office/list-query.ts';

/**
 * DJs and genres are the same shape: an id, one unique name, when it was added. One definition
 * serves both, with the name under the field the storefront already calls it by.
 */
function namedResource<F extends string>(o: {
  name: string;
  label: string;
  table: typeof djs | typeof genres;
  column: typeof djs.djName | typeof genres.title;
  /** The column's property name in the drizzle table. */
  key: 'djName' | 'title';
  field: F;
  input: z.ZodObject<Record<F, z.ZodType<string>>>;
  uniqueIndex: string;
  inUse: string;
}): Resource<{ id: number; created_at: string } & Record<F, string>, Record<F, string>> {
  type Rec = { id: number; created_at: string } & Record<F, string>;
  const table = o.table as typeof djs;
  const column = o.column as typeof djs.djName;
  const select = (db: Database) => db.select({ id: table.id, value: column, createdAt: table.createdAt }).from(table);
  const toRecord = (r: { id: number; value: string; createdAt: Date }) => ({ id: r.id, [o.field]: r.value, created_at: r.createdAt.toISOString() }) as Rec;
  const record = z.object({ id: z.number().int(), created_at: z.string(), [o.field]: z.string() }) as unknown as z.ZodType<Rec>;
  return {
    name: o.name,
    label: o.label,
    record,
    input: o.input,
    catalogue: true,
    unique: { index: o.uniqueIndex, field: o.field, message: `A ${o.label} with this ${o.field === 'title' ? 'title' : 'name'} already exists.` },
    inUse: o.inUse,
    async list(db, w) {
      const { rows, total } = await listRows<{ id: number; createdAt: Date } & Record<string, unknown>>(db, w, {
        table,
        id: table.id,
        sortable: { id: table.id, [o.field]: column, created_at: table.createdAt },
        search: column,
      });
      return { rows: rows.map((r) => toRecord({ id: r.id, value: r[o.key] as string, createdAt: r.createdAt })), total };
    },
    async get(db, id) {
      const [row] = await select(db).where(eq(table.id, id));
      return row ? toRecord(row) : null;
    },
    async create(tx, input) {
      const [row] = await tx.insert(table).values({ [o.key]: input[o.field] } as unknown as typeof djs.$inferInsert).returning({ id: table.id, value: column, createdAt: table.createdAt });
      return toRecord(row!);
    },
    async update(tx, id, input) {
      const value = input[o.field];
      const [row] =
        value === undefined
          ? await select(tx).where(eq(table.id, id))
          : await tx.update(table).set({ [o.key]: value } as unknown as Partial<typeof djs.$inferInsert>).where(eq(table.id, id)).returning({ id: table.id, value: column, createdAt: table.createdAt });
      return row ? toRecord(row) : null;
    },
    remove: async (tx, id) => (await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id })).length > 0,
  };
}

export const djResource = namedResource({
  name: 'djs',
  label: 'DJ',
  table: djs,
  column: djs.djName,
  key: 'djName',
  field: 'dj_name',
  input: adminDjInputSchema,
  uniqueIndex: 'djs_name_unique',
  inUse: 'This DJ still narrates videos: move or delete them first.',
});

export const genreResource = namedResource({
  name: 'genres',
  label: 'genre',
  table: genres,
  column: genres.title,
  key: 'title',
  field: 'title',
  input: adminGenreInputSchema,
  uniqueIndex: 'genres_title_unique',
  inUse: 'Videos are still in this genre: move or delete them first.',
});

type NotificationRow = typeof notifications.$inferSelect;
const notificationRecord = z.object({ id: z.number().int(), message: z.string(), message_sw: z.string().nullable(), date_notified: z.string() });
const toNotification = (r: NotificationRow) => ({ id: r.id, message: r.message, message_sw: r.messageSw, date_notified: r.dateNotified.toISOString() });

export const notificationResource: Resource<z.infer<typeof notificationRecord>, z.infer<typeof adminNotificationInputSchema>> = {
  name: 'notifications',
  label: 'notification',
  record: notificationRecord,
  input: adminNotificationInputSchema,
  catalogue: true,
  inUse: 'This notification is still in use.',
  async list(db, w) {
    const { rows, total } = await listRows<NotificationRow>(db, w, {
      table: notifications,
      id: notifications.id,
      sortable: { id: notifications.id, date_notified: notifications.dateNotified } satisfies Sortable<'notifications'>,
      search: notifications.message,
    });
    return { rows: rows.map(toNotification), total };
  },
  async get(db, id) {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    return row ? toNotification(row) : null;
  },
  create: async (tx, input) => toNotification((await tx.insert(notifications).values({ message: input.message, messageSw: input.message_sw }).returning())[0]!),
  async update(tx, id, input) {
    const set = Object.fromEntries(Object.entries({ message: input.message, messageSw: input.message_sw }).filter(([, v]) => v !== undefined));
    const [row] = Object.keys(set).length ? await tx.update(notifications).set(set).where(eq(notifications.id, id)).returning() : await tx.select().from(notifications).where(eq(notifications.id, id));
    return row ? toNotification(row) : null;
  },
  remove: async (tx, id) => (await tx.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id })).length > 0,
};
