import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { provePhone } from './phone-code-repository.ts';
import { maskPhone } from './phone-codes.ts';
import { maskEmail } from './account-service.ts';

/**
 * A DJ's login invited by SMS (issue 32 item 16) has no mailbox (an @phone.invalid address): its
 * sign-in link could only have reached the phone on its profile, so using the link proves that phone,
 * as an SMS code would. The DJ then signs in again with a code texted to it, and may set a password
 * with one. An account with a mailbox, or not a DJ's, proves nothing this way.
 */
export async function proveInvitedPhone(db: Database, user: { id: number; djId: number | null; email: string }): Promise<void> {
  if (user.djId === null || !user.email.endsWith('@phone.invalid')) return;
  const [own] = await db.select({ phone: profiles.phoneNumber }).from(profiles).where(eq(profiles.userId, user.id));
  if (own?.phone) await provePhone(db, user.id, own.phone);
}

/** Whose a link is, as the page asks before using it: the address masked, or for a login with no mailbox (a DJ invited by SMS) its phone masked. */
export async function linkOwnerShown(db: Database, user: { id: number; email: string }): Promise<string> {
  if (!user.email.endsWith('@phone.invalid')) return maskEmail(user.email);
  const [own] = await db.select({ phone: profiles.phoneNumber }).from(profiles).where(eq(profiles.userId, user.id));
  return own?.phone ? maskPhone(own.phone) : maskEmail(user.email);
}
