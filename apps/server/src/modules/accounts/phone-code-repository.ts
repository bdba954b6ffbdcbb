import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { PHONE_CODE_WRONG_TRIES } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { phoneCodes, profiles, users } from '../../db/schema.ts';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;
export type CodePurpose = PhoneCodeRow['purpose'];
/** Whose codes: a number's sign-in codes, or a signed-in account's confirmation codes. */
export type CodeOwner = { phone: string } | { userId: number };

const owned = (owner: CodeOwner, purpose: CodePurpose) =>
  and('phone' in owner ? eq(phoneCodes.phone, owner.phone) : eq(phoneCodes.userId, owner.userId), eq(phoneCodes.purpose, purpose));
const live = (id: number, now: Date) => and(eq(phoneCodes.id, id), isNull(phoneCodes.usedAt), isNull(phoneCodes.voidedAt), gt(phoneCodes.expiresAt, now));

/** The one-time SMS codes and the verified phones they go to (the SQL of phone-codes.ts). */
export function createPhoneCodeRepository(db: Database) {
  return {
    /** The account whose verified phone this is: the profile's phone, and the number proven. */
    async accountByVerifiedPhone(phone: string) {
      const [row] = await db
        .select({ user: users, language: profiles.language })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(and(eq(profiles.verifiedPhone, phone), eq(profiles.phoneNumber, phone)));
      return row ?? null;
    },

    /** The account's verified phone, or null (none proven, or the profile's phone changed since). */
    async verifiedPhoneOf(userId: number) {
      const [row] = await db.select({ phone: profiles.phoneNumber, verified: profiles.verifiedPhone, language: profiles.language }).from(profiles).where(eq(profiles.userId, userId));
      return row?.verified && row.verified === row.phone ? { phone: row.verified, language: row.language } : null;
    },

    /**
     * The number is this account's, proven (an M-Pesa payment from it, CONTRACT §16): it becomes the
     * profile's phone, and no other account signs in with it any more (numbers are given out again).
     */
    async markVerified(userId: number, phone: string, at = new Date()) {
      await db.transaction(async (tx) => {
        await tx.update(profiles).set({ verifiedPhone: null, phoneVerifiedAt: null }).where(and(eq(profiles.verifiedPhone, phone), ne(profiles.userId, userId)));
        await tx.update(profiles).set({ phoneNumber: phone, verifiedPhone: phone, phoneVerifiedAt: at }).where(eq(profiles.userId, userId));
      });
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
