/** The storefront's pages: the team on /about, notices, contact messages (modules/content, answered from modules/admin). */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** The CEO and the team shown on /about. */
export const people = pgTable('people', {
  id: serial('id').primaryKey(),
  role: text('role', { enum: ['ceo', 'team'] }).notNull(),
  fullName: text('full_name').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull().default(''),
  /** In Kiswahili, or null: a Kiswahili reader gets the English (migration 0039). */
  titleSw: text('title_sw'),
  messageSw: text('message_sw'),
  imageKey: text('image_key'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  message: text('message').notNull(),
  /** In Kiswahili, or null: a Kiswahili reader gets the English (migration 0039). */
  messageSw: text('message_sw'),
  dateNotified: timestamp('date_notified', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    senderIp: text('sender_ip'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The storefront's language when it was sent ('en' or 'sw'), for the reply; null if not said. */
    language: text('language'),
    /** The back office's last reply (each one is in the audit log too): its text, when, and who wrote it. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('contact_messages_language_known', sql`${t.language} IN ('en', 'sw')`)],
);
