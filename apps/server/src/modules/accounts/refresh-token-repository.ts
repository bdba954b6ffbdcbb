import { and, eq, gt, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshTokens } from '../../db/schema.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** The refresh tokens of every login (a family: one token and the ones that replaced it). */
export function createRefreshTokenRepository(db: Database) {
  return {
    async insert(row: { jti: string; family: string; userId: number; expiresAt: Date }) {
      await db.insert(refreshTokens).values(row);
    },

    byJti: async (jti: string): Promise<RefreshTokenRow | undefined> => (await db.select().from(refreshTokens).where(eq(refreshTokens.jti, jti)))[0],

    /**
     * Revokes every token of a login, again until a pass finds none left. A renewal committing meanwhile
     * has inserted a successor this statement's snapshot (READ COMMITTED) cannot see: the pass waits for
     * it on the token it replaced, revokes that one, and the next pass sees and revokes the successor.
     */
    async revokeFamily(family: string) {
      for (;;) {
        const revoked = await db
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.family, family), isNull(refreshTokens.revokedAt)))
          .returning({ jti: refreshTokens.jti });
        if (revoked.length === 0) return;
      }
    },

    /**
     * Marks the token used and inserts the one that replaces it, together: a second use racing the
     * first waits for this to commit and then finds it used, with its successor in place. Null when the
     * token was used or revoked already.
     */
    async rotate(old: { jti: string; family: string }, next: string, usedAt: Date, expiresAt: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(refreshTokens)
          .set({ usedAt, replacedBy: next })
          .where(and(eq(refreshTokens.jti, old.jti), eq(refreshTokens.family, old.family), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
          .returning();
        if (!row) return null;
        await tx.insert(refreshTokens).values({ jti: next, family: row.family, userId: row.userId, expiresAt });
        return { userId: row.userId, family: row.family, jti: next };
      });
    },

    countActiveFamilies: async (userId: number) =>
      (await db.select({ n: sql<number>`count(distinct ${refreshTokens.family})::int` }).from(refreshTokens).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))))[0]!.n,

    /** The logins ended since `since`, each with when it ended. */
    async endedSince(since: Date) {
      const rows = await db
        .select({ family: refreshTokens.family, at: max(refreshTokens.revokedAt) })
        .from(refreshTokens)
        .where(and(isNotNull(refreshTokens.revokedAt), gt(refreshTokens.revokedAt, since)))
        .groupBy(refreshTokens.family);
      return rows.map((r) => ({ family: r.family, at: r.at! }));
    },

    /** Whether a login has ended (any of its tokens revoked). */
    async isEnded(family: string) {
      const [row] = await db
        .select({ family: refreshTokens.family })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.family, family), isNotNull(refreshTokens.revokedAt)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type RefreshTokenRepository = ReturnType<typeof createRefreshTokenRepository>;
