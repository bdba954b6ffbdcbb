import { and, count, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { RENT_THEN_OWN_DAYS, RENTAL_START_DAYS } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { purchases, rentals, users, videos } from '../../../db/schema.ts';

export type RentalRow = typeof rentals.$inferSelect;
export type RentalWithVideo = RentalRow & { title: string; season: string | null; posterKey: string | null };

const withVideo = {
  id: rentals.id,
  userId: rentals.userId,
  videoId: rentals.videoId,
  pricePaid: rentals.pricePaid,
  hours: rentals.hours,
  reference: rentals.reference,
  saleLineId: rentals.saleLineId,
  rentedAt: rentals.rentedAt,
  startedAt: rentals.startedAt,
  expiresAt: rentals.expiresAt,
  title: videos.title,
  season: videos.season,
  posterKey: videos.posterKey,
};

const live = sql`${rentals.expiresAt} > now()`;

/** Rentals' SQL: the only place that reads or writes the rentals table. */
export const rentalRepository = {
  /**
   * The video as a rental prices it, with what decides whether this customer may rent it, in one
   * round trip: only a published, playable video with a rent price is for rent; not when they own
   * it or a rental of it is live.
   */
  async rentable(tx: Database, userId: number, videoId: number) {
    const [v] = await tx
      .select({
        id: videos.id,
        title: videos.title,
        season: videos.season,
        posterKey: videos.posterKey,
        rentPrice: videos.rentPrice,
        hours: videos.rentalHours,
        owned: sql<boolean>`EXISTS (SELECT 1 FROM ${purchases} p WHERE p.user_id = ${userId} AND p.video_id = ${videoId} AND p.refunded_at IS NULL)`.mapWith(Boolean),
        renting: sql<boolean>`EXISTS (SELECT 1 FROM ${rentals} r WHERE r.user_id = ${userId} AND r.video_id = ${videoId} AND r.expires_at > now())`.mapWith(Boolean),
      })
      .from(videos)
      .where(and(eq(videos.id, videoId), sql`${videos.published}`, sql`${videos.videoPath} IS NOT NULL`));
    return v ?? null;
  },

  /** The customer's live rental of a video, if any. */
  async liveOne(db: Database, userId: number, videoId: number): Promise<RentalWithVideo | null> {
    const [r] = await db
      .select(withVideo)
      .from(rentals)
      .innerJoin(videos, eq(videos.id, rentals.videoId))
      .where(and(eq(rentals.userId, userId), eq(rentals.videoId, videoId), live))
      .orderBy(desc(rentals.expiresAt))
      .limit(1);
    return r ?? null;
  },

  /**
   * Rent, then own: per video, the rent paid for the newest rental that is live or ended under
   * RENT_THEN_OWN_DAYS ago (CONTRACT §11).
   */
  async rentCredits(db: Database, userId: number, videoIds: number[]): Promise<Map<number, number>> {
    if (videoIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([rentals.videoId], { videoId: rentals.videoId, paid: rentals.pricePaid })
      .from(rentals)
      .where(and(eq(rentals.userId, userId), inArray(rentals.videoId, videoIds), sql`${rentals.expiresAt} > now() - make_interval(days => ${RENT_THEN_OWN_DAYS})`))
      .orderBy(rentals.videoId, desc(rentals.rentedAt));
    return new Map(rows.map((r) => [r.videoId, r.paid]));
  },

  async insert(tx: Database, r: { userId: number; videoId: number; pricePaid: number; hours: number; reference: string; saleLineId: number | null }): Promise<RentalRow> {
    const [row] = await tx
      .insert(rentals)
      .values({ ...r, expiresAt: sql`now() + make_interval(days => ${RENTAL_START_DAYS})` })
      .returning();
    return row!;
  },

  /**
   * The clock (CONTRACT §11): the first fetch of a live rental's media starts it, and it then ends
   * its hours later. One conditional UPDATE, so two first fetches at once start it once. Answers
   * its new end, or null when it was started already.
   */
  async start(db: Database, userId: number, videoId: number): Promise<Date | null> {
    const [started] = await db
      .update(rentals)
      .set({ startedAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${rentals.hours})` })
      .where(and(eq(rentals.userId, userId), eq(rentals.videoId, videoId), isNull(rentals.startedAt), live))
      .returning({ expiresAt: rentals.expiresAt });
    return started?.expiresAt ?? null;
  },

  async byId(db: Database, id: number): Promise<(RentalWithVideo & { username: string }) | null> {
    const [r] = await db
      .select({ ...withVideo, username: users.username })
      .from(rentals)
      .innerJoin(videos, eq(videos.id, rentals.videoId))
      .innerJoin(users, eq(users.id, rentals.userId))
      .where(eq(rentals.id, id));
    return r ?? null;
  },

  async listFor(db: Database, userId: number, limit: number, offset: number): Promise<{ rows: RentalWithVideo[]; count: number }> {
    const [rows, [total]] = await Promise.all([
      db.select(withVideo).from(rentals).innerJoin(videos, eq(videos.id, rentals.videoId)).where(eq(rentals.userId, userId)).orderBy(desc(rentals.rentedAt), desc(rentals.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(rentals).where(eq(rentals.userId, userId)),
    ]);
    return { rows, count: total?.n ?? 0 };
  },

  /** Staff's read-only list, newest first, optionally one customer's or one video's, or only the live ones. */
  async listAll(db: Database, f: { userId?: number | undefined; videoId?: number | undefined; live?: boolean | undefined }, limit: number, offset: number, order: SQL = desc(rentals.rentedAt)) {
    const where = and(
      f.userId !== undefined ? eq(rentals.userId, f.userId) : undefined,
      f.videoId !== undefined ? eq(rentals.videoId, f.videoId) : undefined,
      f.live === true ? gt(rentals.expiresAt, sql`now()`) : f.live === false ? sql`${rentals.expiresAt} <= now()` : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ ...withVideo, username: users.username })
        .from(rentals)
        .innerJoin(videos, eq(videos.id, rentals.videoId))
        .innerJoin(users, eq(users.id, rentals.userId))
        .where(where)
        .orderBy(order, desc(rentals.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(rentals).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  },
};
