import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { gifts, users, videos } from '../../../db/schema.ts';

export type GiftRow = typeof gifts.$inferSelect;
export type NewGift = typeof gifts.$inferInsert;

export function createGiftRepository() {
  return {
    async insert(tx: Database, values: NewGift): Promise<GiftRow> {
      const [row] = await tx.insert(gifts).values(values).returning();
      return row!;
    },

    async byTokenHash(db: Database, hash: string): Promise<GiftRow | null> {
      const [row] = await db.select().from(gifts).where(eq(gifts.tokenHash, hash));
      return row ?? null;
    },

    async byId(db: Database, id: number): Promise<GiftRow | null> {
      const [row] = await db.select().from(gifts).where(eq(gifts.id, id));
      return row ?? null;
    },

    async byReference(db: Database, reference: string): Promise<GiftRow | null> {
      const [row] = await db.select().from(gifts).where(eq(gifts.reference, reference));
      return row ?? null;
    },

    /** The gifts a customer sent or received, newest first: nobody else's. */
    async listFor(db: Database, userId: number, limit: number, offset: number): Promise<{ rows: GiftRow[]; count: number }> {
      const mine = or(eq(gifts.giverId, userId), eq(gifts.recipientId, userId));
      const [rows, [total]] = await Promise.all([
        db.select().from(gifts).where(mine).orderBy(desc(gifts.createdAt), desc(gifts.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(gifts).where(mine),
      ]);
      return { rows, count: Number(total?.n ?? 0) };
    },

    /** Unclaimed gifts past their time, oldest first. */
    async due(db: Database, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: gifts.id })
        .from(gifts)
        .where(and(eq(gifts.state, 'sent'), lte(gifts.expiresAt, sql`now()`)))
        .orderBy(gifts.expiresAt)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async videos(db: Database, ids: number[]) {
      if (ids.length === 0) return [];
      return db.select({ id: videos.id, title: videos.title, season: videos.season, posterKey: videos.posterKey, price: videos.price }).from(videos).where(inArray(videos.id, ids));
    },

    async names(db: Database, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
      return new Map(rows.map((r) => [r.id, r.username]));
    },
  };
}
export type GiftRepository = ReturnType<typeof createGiftRepository>;
