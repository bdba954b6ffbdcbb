import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';

/**
 * A profile whose verified phone is this number (CONTRACT §16): proven by an M-Pesa payment from it
 * or an SMS code sent to it (provePhone), and still the profile's phone. A number only typed into a
 * profile proves nothing: anyone can type anyone's.
 */
export const verifiedPhoneIs = (phone: string) => and(eq(profiles.verifiedPhone, phone), eq(profiles.phoneNumber, phone));

/** The account whose verified phone this is (at most one: the unique index of migration 0031), or null. */
export async function accountOfVerifiedPhone(db: Database, phone: string): Promise<number | null> {
  const [own] = await db.select({ userId: profiles.userId }).from(profiles).where(verifiedPhoneIs(phone));
  return own?.userId ?? null;
}
