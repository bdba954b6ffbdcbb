import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { profiles, purchases, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { postLedgerEntry } from './wallet.ts';
import { words } from '../../lib/words.ts';

const intArray = (xs: number[]) => sql`ARRAY[${sql.join(
  xs.map((x) => sql`${x}`),
  sql`, `,
)}]::int[]`;

export interface FoundVideo {
  id: number;
  price: number;
  title: string;
  posterKey: string | null;
}

/** What buy_videos did, as migration 0007 words it. */
export type BuyOutcome =
  | { outcome: 'no_profile' }
  | { outcome: 'seen'; seen: { requestHash: string; status: number; body: unknown } }
  | { outcome: 'missing'; found: FoundVideo[] }
  | { outcome: 'owned'; owned: number[] }
  | { outcome: 'short'; balance: number; total: number }
  | Bought;

export interface Bought {
  outcome: 'bought';
  balance: number;
  total: number;
  found: FoundVideo[];
  bought: { videoId: number; createdAt: string }[];
}

/** How a ledger note names videos, as buy_videos (migration 0008) writes it: "Title (Season), Title". */
export const videosNote = (vs: { id: number; title: string; season: string | null }[]) =>
  [...vs]
    .sort((a, b) => a.id - b.id)
    .map((v) => (v.season ? `${v.title} (${v.season})` : v.title))
    .join(', ');

/**
 * The store's money rules, in one place: every way a balance changes (a paid deposit, a purchase, a
 * refund, a staff adjustment) is a call here, in the caller's transaction, and each writes the balance
 * and its ledger entry together (postLedgerEntry; buy_videos in SQL for purchases, migrations
 * 0007/0008, one statement so one round trip). Routes and other services never write ledger rows or
 * balances themselves (ledger-boundary.test.ts checks the source), so `ledger:verify` holds.
 */
export const ledger = {
  /** A paid M-Pesa deposit: its amount onto the balance, once per receipt (a unique reference). */
  creditDeposit(tx: Database, d: { userId: number; amount: number; reference: string; phone: string }): Promise<number> {
    return postLedgerEntry(tx, { userId: d.userId, kind: 'deposit', amount: d.amount, reference: d.reference, note: `M-Pesa ${d.phone}` });
  },

  /**
   * Buys `ids` for a customer, all or nothing, at the catalogue's prices: the debit, its ledger entry
   * naming the videos, the purchases and purchase_times (buy_videos). The customer's profile row is
   * locked first, so one customer's purchases never race.
   */
  async buyVideos(db: Database, o: { userId: number; ids: number[]; idempotencyKey: string | undefined; requestHash: string; reference: string }): Promise<BuyOutcome> {
    const result = (await db.execute(
      sql`SELECT buy_videos(${o.userId}, ${intArray(o.ids)}, ${o.idempotencyKey ?? null}, ${o.requestHash}, ${o.reference}) AS r`,
    )) as unknown as { rows: { r: BuyOutcome | string }[] };
    const r = result.rows[0]!.r;
    return typeof r === 'string' ? (JSON.parse(r) as BuyOutcome) : r;
  },

  /**
   * Refunds a purchase: the price it was bought at back to the balance, the video out of the
   * customer's reach (refunded_at) and off its purchase count. A purchase is refunded once (409).
   */
  async refundPurchase(tx: Database, purchaseId: number, reason: string): Promise<{ userId: number; videoId: number; price: number; balance: number }> {
    const [row] = await tx.select().from(purchases).where(eq(purchases.id, purchaseId)).for('update');
    if (!row) throw new HttpError(404, 'No such purchase.');
    if (row.refundedAt) throw new HttpError(409, 'This purchase was already refunded.');
    await tx.update(purchases).set({ refundedAt: sql`now()` }).where(eq(purchases.id, purchaseId));
    const [video] = await tx
      .update(videos)
      .set({ purchaseTimes: sql`greatest(${videos.purchaseTimes} - 1, 0)` })
      .where(eq(videos.id, row.videoId))
      .returning({ id: videos.id, title: videos.title, season: videos.season });
    // The note names the video, as a purchase's does, then says why.
    const note = `${videosNote([video!])}: ${reason}`;
    const balance = await postLedgerEntry(tx, { userId: row.userId, kind: 'refund', amount: row.price, reference: `refund-${purchaseId}`, note });
    return { userId: row.userId, videoId: row.videoId, price: row.price, balance };
  },

  /** A staff credit (amount > 0) or debit (< 0) with its reason; never takes a balance below zero (409). */
  async adjustBalance(tx: Database, a: { userId: number; amount: number; reason: string; reference?: string }): Promise<{ reference: string; before: number; balance: number }> {
    const [profile] = await tx.select({ balance: profiles.account }).from(profiles).where(eq(profiles.userId, a.userId)).for('update');
    if (!profile) throw new HttpError(404, 'No such customer.');
    if (profile.balance + a.amount < 0) throw new HttpError(409, words('This would take the balance below zero: it is Ksh {balance}.', { balance: profile.balance }));
    const reference = a.reference ?? `adjustment-${randomUUID()}`;
    const balance = await postLedgerEntry(tx, { userId: a.userId, kind: 'adjustment', amount: a.amount, reference, note: a.reason });
    return { reference, before: profile.balance, balance };
  },
};
