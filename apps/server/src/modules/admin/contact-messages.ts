import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminContactMessageInputSchema, adminContactReplyInputSchema, badRequestSchema, errorDetailSchema, type Language } from '@store/contract';
import { contactMessages, profiles, users } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { backOfficeMails } from '../mail/index.ts';
import { recordAudit } from '../../lib/back-office/audit.ts';
import type { Resource } from '../../lib/back-office/crud.ts';
import { queueMail } from '../mail/index.ts';
import { listRows, type Sortable } from '../../lib/back-office/list-query.ts';

type MessageRow = typeof contactMessages.$inferSelect;
const language = z.enum(['en', 'sw']);
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
  /** The language a reply goes in: the account's, else the storefront's when the message was sent, else English. */
  reply_language: language,
  /** The last reply sent, when, and by which staff member. */
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  replied_by: z.string().nullable(),
});
type MessageRecord = z.infer<typeof messageRecord>;

const asLanguage = (v: string | null | undefined): Language | null => (v === 'en' || v === 'sw' ? v : null);

/** Each message with the customer it came from: the account with its e-mail, else with its phone. */
async function toMessages(db: Database, rows: MessageRow[]): Promise<MessageRecord[]> {
  const emails = [...new Set(rows.map((r) => r.email.toLowerCase()))];
  const phones = [...new Set(rows.map((r) => r.phoneNumber))];
  const repliers = [...new Set(rows.flatMap((r) => (r.repliedBy === null ? [] : [r.repliedBy])))];
  type Account = { id: number; language: Language | null };
  const byEmail = new Map<string, Account>();
  const byPhone = new Map<string, Account>();
  const staffNames = new Map<number, string>();
  if (rows.length) {
    const found = await db
      .select({ id: users.id, email: users.email, phone: profiles.phoneNumber, language: profiles.language })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(or(inArray(sql`lower(${users.email})`, emails), inArray(profiles.phoneNumber, phones)))
      .orderBy(asc(users.id));
    for (const u of found) {
      const account = { id: u.id, language: asLanguage(u.language) };
      if (!byEmail.has(u.email.toLowerCase())) byEmail.set(u.email.toLowerCase(), account);
      if (u.phone && !byPhone.has(u.phone)) byPhone.set(u.phone, account);
    }
  }
  if (repliers.length) for (const s of await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, repliers))) staffNames.set(s.id, s.username);
  return rows.map((r) => {
    const account = byEmail.get(r.email.toLowerCase()) ?? byPhone.get(r.phoneNumber) ?? null;
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      phone_number: r.phoneNumber,
      message: r.message,
      is_read: r.isRead,
      created_at: r.createdAt.toISOString(),
      user_id: account?.id ?? null,
      reply_language: account?.language ?? asLanguage(r.language) ?? 'en',
      reply: r.reply,
      replied_at: r.repliedAt?.toISOString() ?? null,
      replied_by: r.repliedBy === null ? null : (staffNames.get(r.repliedBy) ?? null),
    };
  });
}
const toMessage = async (db: Database, r: MessageRow | undefined) => (r ? (await toMessages(db, [r]))[0]! : null);

/** Messages sent from /contact: read, marked read or unread, answered, deleted; never written by staff. */
export const contactMessageResource: Resource<MessageRecord, z.infer<typeof adminContactMessageInputSchema>> = {
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
      sortable: {
        id: contactMessages.id,
        created_at: contactMessages.createdAt,
        name: contactMessages.name,
        email: contactMessages.email,
        phone_number: contactMessages.phoneNumber,
        is_read: contactMessages.isRead,
        replied_at: contactMessages.repliedAt,
      } satisfies Sortable<'contact-messages'>,
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

/**
 * POST /contact-messages/:id/reply: staff answer a message by e-mail. The mail is queued in the same
 * transaction as the reply it records (who, when, what, and the audit row), in the sender's language,
 * and the message counts as read.
 */
export const contactReplyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact-messages/:id/reply',
    {
      schema: {
        tags: ['back office'],
        summary: 'Reply to a contact message by e-mail',
        params: z.object({ id: z.string() }),
        body: adminContactReplyInputSchema,
        response: { 200: messageRecord, 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema },
      },
    },
    async (request) => {
      const staffId = currentUser(request).id;
      const id = parseId(request.params.id);
      const { reply } = request.body;
      return app.db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
        if (!row) throw new HttpError(404, 'No such contact message.');
        const before = (await toMessage(tx, row))!;
        const [updated] = await tx.update(contactMessages).set({ reply, repliedAt: sql`now()`, repliedBy: staffId, isRead: true }).where(eq(contactMessages.id, id)).returning();
        const after = (await toMessage(tx, updated))!;
        await queueMail(tx, { to: row.email, ...backOfficeMails[before.reply_language].reply({ name: row.name, reply, original: row.message, sentAt: row.createdAt }) });
        await recordAudit(tx, { userId: staffId, action: 'update', resource: 'contact-messages', recordId: id, before, after });
        return after;
      });
    },
  );
};
