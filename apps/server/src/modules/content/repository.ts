import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactMessageInputSchema, Language } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { contactMessages, notifications, people } from '../../db/schema.ts';

export function createContentRepository(db: Database) {
  return {
    async people(role: 'ceo' | 'team', limit: number, offset: number) {
      const where = eq(people.role, role);
      const [rows, [total]] = await Promise.all([
        db.select().from(people).where(where).orderBy(asc(people.sortOrder), asc(people.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(people).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async notifications(limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db.select().from(notifications).orderBy(desc(notifications.dateNotified), desc(notifications.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(notifications),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** language: the storefront's when the message was sent, so that staff can answer in it. */
    async saveContactMessage(input: z.output<typeof contactMessageInputSchema>, senderIp: string, language: Language | null) {
      const [row] = await db
        .insert(contactMessages)
        .values({ name: input.name, email: input.email, phoneNumber: input.phone_number, message: input.message, senderIp, language })
        .returning();
      return row!;
    },
  };
}
