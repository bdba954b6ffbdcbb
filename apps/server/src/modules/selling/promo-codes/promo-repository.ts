import { and, count, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { PromoKind } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { profiles, promoCodes, promoRedemptions, saleLines, videos } from '../../../db/schema.ts';
import type { LineFacts } from './rules.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type RedemptionRow = typeof promoRedemptions.$inferSelect;

/** Which redemption: its id, or the order it was made for. */
export type RedemptionRef = number | string;
const byRef = (ref: RedemptionRef) => (typeof ref === 'number' ? eq(promoRedemptions.id, ref) : eq(promoRedemptions.orderReference, ref));

/** The SQL of promo codes and their redemptions; the only place that writes them (besides the back office's resource). */
export const promoRepository = {
  async byCode(db: Database, code: string): Promise<PromoCodeRow | null> {
    return (await db.select().from(promoCodes).where(eq(promoCodes.code, code)))[0] ?? null;
  },

  /**
   * The customer's profile row, locked: the same first lock buy_videos takes (migration 0007's lock
   * order: profile, then the code), so one customer's redemptions are counted one at a time.
   */
  async lockCustomer(tx: Database, userId: number): Promise<void> {
    await tx.select({ id: profiles.buyerid }).from(profiles).where(eq(profiles.userId, userId)).for('update');
  },

  async facts(db: Database, videoIds: number[]): Promise<LineFacts[]> {
    if (!videoIds.length) return [];
    const rows = await db.select({ videoId: videos.id, djId: videos.djId, genreId: videos.genreId }).from(videos).where(inArray(videos.id, videoIds));
    const byId = new Map(rows.map((r) => [r.videoId, r]));
    return videoIds.map((id) => byId.get(id) ?? { videoId: id, djId: null, genreId: null });
  },

  /** Whether the customer has bought anything yet (a sale line of any kind but a refund). */
  async hasBought(db: Database, userId: number): Promise<boolean> {
    const [row] = await db.select({ id: saleLines.id }).from(saleLines).where(and(eq(saleLines.userId, userId), ne(saleLines.kind, 'refund'))).limit(1);
    return row !== undefined;
  },

  /** The customer's redemptions of a code that count (held or used). */
  async liveCount(db: Database, codeId: number, userId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, codeId), eq(promoRedemptions.userId, userId), ne(promoRedemptions.state, 'released')));
    return row!.n;
  },

  async liveForOrder(db: Database, orderReference: string): Promise<RedemptionRow | null> {
    return (await db.select().from(promoRedemptions).where(and(eq(promoRedemptions.orderReference, orderReference), ne(promoRedemptions.state, 'released'))))[0] ?? null;
  },

  /**
   * Counts one redemption where the limit is checked (Stripe's times_redeemed): one conditional
   * UPDATE, so of any number of parallel sales only those that find room pass; the row stays locked
   * until the sale commits or rolls back. False: used up (or switched off meanwhile). A code with no
   * limit is locked FOR SHARE instead, and not counted: its sales never wait for each other, while
   * staff setting a limit (FOR UPDATE) wait for every open one and then count it from its
   * redemptions (issue 32 #19); a limit set while this waited makes it a limited code's count.
   */
  async takeOne(tx: Database, codeId: number): Promise<boolean> {
    const shared = await tx
      .select({ id: promoCodes.id })
      .from(promoCodes)
      .where(and(eq(promoCodes.id, codeId), eq(promoCodes.active, true), isNull(promoCodes.maxRedemptions)))
      .for('share');
    if (shared.length === 1) return true;
    const rows = await tx
      .update(promoCodes)
      .set({ timesRedeemed: sql`${promoCodes.timesRedeemed} + 1` })
      .where(and(eq(promoCodes.id, codeId), eq(promoCodes.active, true), isNotNull(promoCodes.maxRedemptions), sql`${promoCodes.timesRedeemed} < ${promoCodes.maxRedemptions}`))
      .returning({ id: promoCodes.id });
    return rows.length === 1;
  },

  async insertRedemption(tx: Database, r: { codeId: number; userId: number; kind: PromoKind; orderReference: string; discount: number; hold: boolean }): Promise<RedemptionRow> {
    const [row] = await tx
      .insert(promoRedemptions)
      .values({ promoCodeId: r.codeId, userId: r.userId, kind: r.kind, orderReference: r.orderReference, discount: r.discount, state: r.hold ? 'held' : 'used', settledAt: r.hold ? null : new Date() })
      .returning();
    return row!;
  },

  /** What a held redemption finally took off, once its order is sold at the prices of the moment it was paid. */
  async setDiscount(tx: Database, id: number, discount: number): Promise<void> {
    await tx.update(promoRedemptions).set({ discount }).where(eq(promoRedemptions.id, id));
  },

  /** Held or used -> released, and its count given back; false when there was nothing live to release. */
  async release(tx: Database, ref: RedemptionRef): Promise<boolean> {
    const released = await tx
      .update(promoRedemptions)
      .set({ state: 'released', settledAt: new Date() })
      .where(and(byRef(ref), ne(promoRedemptions.state, 'released')))
      .returning({ codeId: promoRedemptions.promoCodeId });
    // Only a limited code counts its uses (takeOne); staff setting a limit count them then (admin-resource.ts).
    for (const r of released) {
      await tx
        .update(promoCodes)
        .set({ timesRedeemed: sql`greatest(${promoCodes.timesRedeemed} - 1, 0)` })
        .where(and(eq(promoCodes.id, r.codeId), isNotNull(promoCodes.maxRedemptions)));
    }
    return released.length > 0;
  },

  /** Held -> used, once its payment went through. */
  async confirm(tx: Database, ref: RedemptionRef): Promise<boolean> {
    const rows = await tx
      .update(promoRedemptions)
      .set({ state: 'used', settledAt: new Date() })
      .where(and(byRef(ref), eq(promoRedemptions.state, 'held')))
      .returning({ id: promoRedemptions.id });
    return rows.length > 0;
  },
};
