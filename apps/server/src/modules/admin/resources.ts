import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { adminContactMessageInputSchema, adminDjInputSchema, adminGenreInputSchema, adminNotificationInputSchema } from '@store/contract';
import { contactMessages, djs, genres, notifications, profiles, users } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import type { Resource } from './crud.ts';
import { listRows } from './list-query.ts';

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
const notificationRecord = z.object({ id: z.number().int(), message: z.string(), date_notified: z.string() });
const toNotification = (r: NotificationRow) => ({ id: r.id, message: r.message, date_notified: r.dateNotified.toISOString() });

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
      sortable: { id: notifications.id, date_notified: notifications.dateNotified },
      search: notifications.message,
    });
    return { rows: rows.map(toNotification), total };
  },
  async get(db, id) {
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    return row ? toNotification(row) : null;
  },
  create: async (tx, input) => toNotification((await tx.insert(notifications).values({ message: input.message }).returning())[0]!),
  async update(tx, id, input) {
    const [row] =
      input.message === undefined ? await tx.select().from(notifications).where(eq(notifications.id, id)) : await tx.update(notifications).set({ message: input.message }).where(eq(notifications.id, id)).returning();
    return row ? toNotification(row) : null;
  },
  remove: async (tx, id) => (await tx.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id })).length > 0,
};

type MessageRow = typeof contactMessages.$inferSelect;
const messageRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  message: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  /** The customer account the message came from (same e-mail, else same phone), for staff to open. */
  user_id: z.number().int().nullable(),
});

/** Each message with the customer it came from: the account with its e-mail, else with its phone. */
async function toMessages(db: Database, rows: MessageRow[]) {
  const emails = [...new Set(rows.map((r) => r.email.toLowerCase()))];
  const phones = [...new Set(rows.map((r) => r.phoneNumber))];
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  if (rows.length) {
    const found = await db
      .select({ id: users.id, email: users.email, phone: profiles.phoneNumber })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(or(inArray(sql`lower(${users.email})`, emails), inArray(profiles.phoneNumber, phones)))
      .orderBy(asc(users.id));
    for (const u of found) {
      if (!byEmail.has(u.email.toLowerCase())) byEmail.set(u.email.toLowerCase(), u.id);
      if (u.phone && !byPhone.has(u.phone)) byPhone.set(u.phone, u.id);
    }
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone_number: r.phoneNumber,
    message: r.message,
    is_read: r.isRead,
    created_at: r.createdAt.toISOString(),
    user_id: byEmail.get(r.email.toLowerCase()) ?? byPhone.get(r.phoneNumber) ?? null,
  }));
}
const toMessage = async (db: Database, r: MessageRow | undefined) => (r ? (await toMessages(db, [r]))[0]! : null);

/** Messages sent from /contact: read, marked read or unread, deleted; never written by staff. */
export const contactMessageResource: Resource<z.infer<typeof messageRecord>, z.infer<typeof adminContactMessageInputSchema>> = {
  name: 'contact-messages',
  label: 'contact message',
  record: messageRecord,
  input: adminContactMessageInputSchema,
  catalogue: false,
  noCreate: true,
  inUse: 'This message is still in use.',
  async list(db, w) {
    const { is_read: isRead } = w.filter as { is_read?: unknown };
    const { rows, total } = await listRows<MessageRow>(db, w, {
      table: contactMessages,
      id: contactMessages.id,
      sortable: { id: contactMessages.id, created_at: contactMessages.createdAt, is_read: contactMessages.isRead },
      search: contactMessages.message,
      where: typeof isRead === 'boolean' ? [eq(contactMessages.isRead, isRead)] : [],
    });
    return { rows: await toMessages(db, rows), total };
  },
  async get(db, id) {
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    return toMessage(db, row);
  },
  create: () => Promise.reject(new Error('contact messages are not created in the back office')),
  async update(tx, id, input) {
    const [row] =
      input.is_read === undefined ? await tx.select().from(contactMessages).where(eq(contactMessages.id, id)) : await tx.update(contactMessages).set({ isRead: input.is_read }).where(eq(contactMessages.id, id)).returning();
    return toMessage(tx, row);
  },
  remove: async (tx, id) => (await tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id })).length > 0,
};
