import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { PHONE_CODE_WRONG_TRIES } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { phoneCodes, profiles, users } from '../../db/schema.ts';
import { verifiedPhoneIs } from './verified-phone.ts';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
export type CodePurpose = PhoneCodeRow['purpose'];
/** Whose codes: a number's sign-in codes, or a signed-in account's confirmation codes. */
export type CodeOwner = { phone: string } | { userId: number };

const owned = (owner: CodeOwner, purpose: CodePurpose) =>
  and('phone' in owner ? eq(phoneCodes.phone, owner.phone) : eq(phoneCodes.userId, owner.userId), eq(phoneCodes.purpose, purpose));
const live = (id: number, now: Date) => and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt), isNull(phoneCodes.voidedAt), gt(phoneCodes.expiresAt, now));

/**
 * A completed M-Pesa payment proves its phone (CONTRACT §16): when that is the account's phone, or it
 * has none yet, the number becomes its verified phone, and any other account it was verified on loses
 * it (numbers are given out again; the latest proof wins). A payment from another phone than the
 * account's own (a friend's) changes nothing. In a savepoint of the caller's transaction: a race for the same
 * number (the unique index) leaves the payment whole. Answers whether it was recorded.
 */
export async function provePhone(db: Database, userId: number, phone: string, at = new Date()): Promise<boolean> {
  try {
    return await db.transaction(async (t) => {
      const tx = t as unknown as Database;
      const [own] = await tx.select({ phone: profiles.phoneNumber, verified: profiles.verifiedPhone }).from(profiles).where(eq(profiles.userId, userId));
      if (!own || (own.phone !== null && own.phone !== phone)) return false;
      if (own.verified === phone) return true;
      await tx.update(profiles).set({ verifiedPhone: null, phoneVerifiedAt: null }).where(and(eq(profiles.verifiedPhone, phone), ne(profiles.userId, userId)));
      await tx.update(profiles).set({ phoneNumber: phone, verifiedPhone: phone, phoneVerifiedAt: at }).where(eq(profiles.userId, userId));
      return true;
    });
  } catch {
    return false;
  }
}

/** The one-time SMS codes and the verified phones they go to (the SQL of phone-codes.ts). */
export function createPhoneCodeRepository(db: Database) {
  return {
    /** The account whose verified phone this is: the profile's phone, and the number proven. */
    async accountByVerifiedPhone(phone: string) {
      const [row] = await db
        .select({ user: users, language: profiles.language })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(verifiedPhoneIs(phone));
      return row ?? null;
    },

    /** The account's verified phone, or null (none proven, or the profile's phone changed since). */
    async verifiedPhoneOf(userId: number) {
      const [row] = await db.select({ phone: profiles.phoneNumber, verified: profiles.verifiedPhone, language: profiles.language }).from(profiles).where(eq(profiles.userId, userId));
      return row?.verified && row.verified === row.phone ? { phone: row.verified, language: row.language } : null;
    },

    /** A new code; the owner's earlier live codes for the same purpose stop working. */
    async insert(row: { userId: number; phone: string; purpose: CodePurpose; codeHash: string; expiresAt: Date }, now: Date) {
      await db.transaction(async (tx) => {
        await tx.update(phoneCodes).set({ voidedAt: now }).where(and(owned({ userId: row.userId }, row.purpose), isNull(phoneCodes.usedAt), isNull(phoneCodes.voidedAt)));
        await tx.insert(phoneCodes).values({ ...row, createdAt: now });
      });
    },

    /** The owner's newest code for the purpose, whatever became of it. */
    async latest(owner: CodeOwner, purpose: CodePurpose) {
      const [row] = await db.select().from(phoneCodes).where(owned(owner, purpose)).orderBy(desc(phoneCodes.createdAt), desc(phoneCodes.id)).limit(1);
      return row ?? null;
    },

    /** Uses the code if it is still live and `codeHash` is its hash: once, however many ask at once. */
    async claim(id: number, codeHash: string, now: Date) {
      const [row] = await db.update(phoneCodes).set({ usedAt: now }).where(and(live(id, now), eq(phoneCodes.codeHash, codeHash))).returning({ userId: phoneCodes.userId });
      return row ?? null;
    },

    /** Counts a wrong try on a live code, voiding it at the fifth; answers the tries so far, or null when it was no longer live. */
    async wrongTry(id: number, now: Date) {
      const [row] = await db
        .update(phoneCodes)
        .set({ attempts: sql`${phoneCodes.attempts} + 1`, voidedAt: sql`CASE WHEN ${phoneCodes.attempts} + 1 >= ${PHONE_CODE_WRONG_TRIES} THEN ${now.toISOString()}::timestamptz END` })
        .where(live(id, now))
        .returning({ attempts: phoneCodes.attempts });
      return row?.attempts ?? null;
    },
  };
}
export type PhoneCodeRepository = ReturnType<typeof createPhoneCodeRepository>;
