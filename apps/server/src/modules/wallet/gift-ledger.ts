import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cartItems, gifts, profiles, purchases, saleLines } from '../../db/schema.ts';
import { postLedgerEntry } from './wallet.ts';
import { purchaseCounts } from './purchase-counts.ts';

export type GiftRow = typeof gifts.$inferSelect;
type SaleLine = typeof saleLines.$inferSelect;

/**
 * What a claim did: the videos the recipient now owns from it, and what went to their balance; for a
 * pass given, its one line of no video (`item`), which the recipient's period of the pass points at.
 */
export type GiftClaim =
  | { outcome: 'claimed'; gift: GiftRow; owned: number[]; credited: number; balance: number; item: { lineId: number; amount: number } | null }
  | { outcome: 'gone'; gift: GiftRow | null };

/** The gift's sale lines (kind 'gift'): one per video given, or one of no video for a pass given. */
const giftLines = (tx: Database, g: GiftRow) =>
  tx
    .select()
    .from(saleLines)
    .where(and(eq(saleLines.ledgerKind, 'gift'), eq(saleLines.reference, g.reference), eq(saleLines.kind, 'gift')))
    .orderBy(saleLines.id);
const videoLines = (lines: SaleLine[]) => lines.filter((l): l is SaleLine & { videoId: number } => l.videoId !== null);

/** Negative lines returning `lines` under a ledger entry (a credit note for receipts, earnings taken back for DJs). */
async function returnLines(tx: Database, lines: SaleLine[], o: { ledgerKind: 'gift_credit' | 'gift_return'; reference: string; userId: number }) {
  if (lines.length === 0) return;
  await tx.insert(saleLines).values(lines.map((l) => ({ ledgerKind: o.ledgerKind, reference: o.reference, kind: 'refund' as const, userId: o.userId, videoId: l.videoId, djId: l.djId, title: l.title, listPrice: l.listPrice, amount: -l.amount, refundsLineId: l.id })));
}

/**
 * Gifts' money, part of the ledger service (CONTRACT §11). Paying for a gift is a sale like any
 * other (a 'gift' entry debiting the giver, sale lines kind 'gift', no purchases); these move it on:
 * to the recipient when they claim, or back to the giver when nobody did in time. The gift row is
 * locked first, so a claim and a return (or two claims) of one gift never both happen.
 */
export const giftLedger = {
  /**
   * The recipient claims: each video they lack becomes theirs (a purchase at what the giver paid for
   * it, pointing at its gift line, so a later refund returns that share), and what was paid for the
   * ones they already own goes to their balance ('gift_credit', with negative lines). Once only.
   */
  async claimGift(tx: Database, o: { giftId: number; recipientId: number }): Promise<GiftClaim> {
    const [g] = await tx.select().from(gifts).where(eq(gifts.id, o.giftId)).for('update');
    if (!g || g.state !== 'sent' || g.expiresAt.getTime() <= Date.now()) return { outcome: 'gone', gift: g ?? null };
    // The recipient's purchases do not race this claim: buy_videos locks the same profile row first.
    const [profile] = await tx.select({ balance: profiles.account }).from(profiles).where(eq(profiles.userId, o.recipientId)).for('update');
    if (!profile) return { outcome: 'gone', gift: g };
    const all = await giftLines(tx, g);
    const lines = videoLines(all);
    const itemLine = all.find((l) => l.videoId === null);
    const ids = lines.map((l) => l.videoId);
    const ownedBefore = new Set(
      ids.length === 0
        ? []
        : (await tx.select({ videoId: purchases.videoId }).from(purchases).where(and(eq(purchases.userId, o.recipientId), inArray(purchases.videoId, ids), isNull(purchases.refundedAt)))).map((r) => r.videoId),
    );
    const fresh = lines.filter((l) => !ownedBefore.has(l.videoId));
    const already = lines.filter((l) => ownedBefore.has(l.videoId));
    if (fresh.length > 0) {
      await tx.insert(purchases).values(fresh.map((l) => ({ userId: o.recipientId, videoId: l.videoId, price: l.amount, saleLineId: l.id })));
      const freshIds = fresh.map((l) => l.videoId);
      await purchaseCounts.add(tx, freshIds, 1);
      await tx.delete(cartItems).where(and(eq(cartItems.userId, o.recipientId), inArray(cartItems.videoId, freshIds)));
    }
    let balance = profile.balance;
    const credited = already.reduce((s, l) => s + l.amount, 0);
    if (already.length > 0) {
      const reference = `gift-credit-${g.id}`;
      balance = await postLedgerEntry(tx, { userId: o.recipientId, kind: 'gift_credit', amount: credited, reference, note: `Gift already owned: ${already.map((l) => l.title).join(', ')}` });
      await returnLines(tx, already, { ledgerKind: 'gift_credit', reference, userId: o.recipientId });
    }
    const [claimed] = await tx.update(gifts).set({ state: 'claimed', recipientId: o.recipientId, claimedAt: sql`now()` }).where(eq(gifts.id, g.id)).returning();
    return { outcome: 'claimed', gift: claimed!, owned: lines.map((l) => l.videoId), credited, balance, item: itemLine ? { lineId: itemLine.id, amount: itemLine.amount } : null };
  },

  /**
   * A gift nobody claimed by its expiry: what the giver paid goes back to their balance
   * ('gift_return', with negative lines; a pass given: one of no video). False when it was claimed or returned meanwhile, or is not due.
   */
  async returnGift(tx: Database, giftId: number): Promise<{ gift: GiftRow; balance: number } | null> {
    const [g] = await tx.select().from(gifts).where(eq(gifts.id, giftId)).for('update');
    if (!g || g.state !== 'sent' || g.expiresAt.getTime() > Date.now()) return null;
    const reference = `gift-return-${g.id}`;
    const balance = await postLedgerEntry(tx, { userId: g.giverId, kind: 'gift_return', amount: g.amount, reference, note: `Gift not claimed: ${g.title}` });
    await returnLines(tx, await giftLines(tx, g), { ledgerKind: 'gift_return', reference, userId: g.giverId });
    const [returned] = await tx.update(gifts).set({ state: 'returned', returnedAt: sql`now()` }).where(eq(gifts.id, g.id)).returning();
    return { gift: returned!, balance };
  },
};
