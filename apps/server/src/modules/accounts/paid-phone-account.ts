import { randomBytes, randomInt } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { isUniqueViolation } from './user-repository.ts';
import { accountOfVerifiedPhone } from './verified-phone.ts';

/** A phone-only account has no mailbox: an address that can never deliver, until its owner adds one. */
const noMailbox = (phone: string, attempt: number) => `${phone}${attempt ? `.${randomInt(100, 10_000)}` : ''}@phone.invalid`;
const usernameFor = (phone: string, attempt: number) => `m${phone}${attempt ? randomInt(100, 10_000) : ''}`;

/**
 * The account a visitor's M-Pesa payment is for (CONTRACT §16), in the payment's crediting
 * transaction: the one whose verified phone paid, or a new one made for that phone (no password
 * anyone knows, no e-mail; the caller proves the phone on it). The paying phone is the proof.
 */
export async function accountForPaidPhone(tx: Database, phone: string): Promise<{ userId: number; created: boolean }> {
  const own = await accountOfVerifiedPhone(tx, phone);
  if (own !== null) return { userId: own, created: false };
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint: a taken name must not abort the payment's transaction.
      const userId = await tx.transaction(async (sp) => {
        const [user] = await sp.insert(users).values({ username: usernameFor(phone, attempt), email: noMailbox(phone, attempt), passwordHash, hasPassword: false }).returning({ id: users.id });
        await sp.insert(profiles).values({ userId: user!.id, phoneNumber: phone });
        return user!.id;
      });
      return { userId, created: true };
    } catch (err) {
      if (attempt >= 5 || !(isUniqueViolation(err, 'users_username_unique') || isUniqueViolation(err, 'users_email_unique'))) throw err;
    }
  }
}
