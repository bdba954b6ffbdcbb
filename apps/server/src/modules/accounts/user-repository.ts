import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Language, User } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { profiles, refreshTokens, users } from '../../db/schema.ts';
import { portraitUrl } from '../media/index.ts';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

export { isUniqueViolation } from '../../lib/db-errors.ts';

/** The language a customer chose, or null: never chosen (or a value this version does not know). */
export function profileLanguage(profile: ProfileRow): Language | null {
  return profile.language === 'en' || profile.language === 'sw' ? profile.language : null;
}

export function toUserView(user: UserRow, profile: ProfileRow): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    date_joined: user.dateJoined.toISOString(),
    is_staff: user.isStaff,
    profile: {
      buyerid: profile.buyerid,
      phone_number: profile.phoneNumber,
      account: profile.account,
      country: profile.country,
      city: profile.city,
      profile_pic: portraitUrl(profile.pictureKey),
      language: profileLanguage(profile),
    },
  };
}

export function createUserRepository(db: Database) {
  // Every signed-in request reads its user (the auth hook): one named statement, built by drizzle once
  // and on PostgreSQL parsed and planned once per connection, as media/access.ts does for media.
  const userById = db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare('user_by_id');
  return {
    async byEmail(email: string) {
      const [u] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
      return u ?? null;
    },
    async usernameTaken(username: string) {
      const [u] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`);
      return u !== undefined;
    },
    async byId(id: number) {
      const [u] = await userById.execute({ id });
      return u ?? null;
    },
    async withProfile(userId: number) {
      const [row] = await db.select().from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
      return row ? { user: row.users, profile: row.profiles } : null;
    },
    async profileByBuyerId(buyerid: number) {
      const [p] = await db.select().from(profiles).where(eq(profiles.buyerid, buyerid));
      return p ?? null;
    },
    /** A user and their profile, together or not at all. */
    async create(input: { username: string; email: string; passwordHash: string; isStaff?: boolean; hasPassword?: boolean }) {
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values(input).returning();
        const [profile] = await tx.insert(profiles).values({ userId: user!.id }).returning();
        return { user: user!, profile: profile! };
      });
    },
    async updateUser(id: number, changes: Partial<Pick<UserRow, 'username' | 'email' | 'passwordHash' | 'isStaff' | 'hasPassword'>>) {
      if (Object.keys(changes).length === 0) return;
      await db.update(users).set(changes).where(eq(users.id, id));
    },
    async updateProfile(buyerid: number, changes: Partial<Pick<ProfileRow, 'phoneNumber' | 'country' | 'city' | 'pictureKey' | 'language'>>) {
      if (Object.keys(changes).length === 0) return;
      await db.update(profiles).set(changes).where(eq(profiles.buyerid, buyerid));
    },
    /** Ends every session of a user: access tokens by version, refresh tokens by revocation. */
    async endAllSessions(tx: Database, userId: number) {
      await tx.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
