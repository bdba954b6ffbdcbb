import { eq } from 'drizzle-orm';
import type { Language } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { backOfficeMails } from './back-office-mails.ts';
import type { Mail } from './mailer.ts';
import { queuedMailer } from './queued-mailer.ts';

/** An account's address and name, and its language when the customer chose one. */
export async function customerAddress(db: Database, userId: number): Promise<{ email: string; username: string; language: Language | null } | null> {
  const [row] = await db.select({ email: users.email, username: users.username, language: profiles.language }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
  if (!row) return null;
  return { email: row.email, username: row.username, language: row.language === 'en' || row.language === 'sw' ? row.language : null };
}

/**
 * Queues a mail to a customer in the caller's transaction: it goes only if the change it tells of
 * is committed, and the mail job retries it until the mail server takes it.
 */
export async function queueMail(tx: Database, mail: Mail): Promise<void> {
  await queuedMailer(createJobQueue(tx)).send(mail);
}

/** A refund is mailed to the customer, in their language (English until they choose one). */
export async function tellCustomerOfRefund(tx: Database, r: { userId: number; video: string; price: number; balance: number; reason: string; account: string }): Promise<void> {
  const customer = await customerAddress(tx, r.userId);
  if (!customer) return;
  await queueMail(tx, { to: customer.email, ...backOfficeMails[customer.language ?? 'en'].refund({ ...r, username: customer.username }) });
}
