import { randomUUID } from 'node:crypto';
import { RENT_THEN_OWN_DAYS } from '@store/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { profiles, purchases, saleLines, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { payoutLedger } from './payout-ledger.ts';
import { giftLedger } from './gift-ledger.ts';
import { postLedgerEntry } from './wallet.ts';
import { purchaseCounts } from './purchase-counts.ts';
import { words } from '../../lib/words.ts';
import type { QuickSaleInput, QuickSaleOutcome } from './quick-sale-types.ts';

/** One video of a sale: its list price and what is charged for it (after any promo code or rent credit). */
export interface SaleLineInput {
  videoId: number;
  listPrice: number;
  amount: number;
  /** The promo code that lowered this line (promo-codes/rules.ts sets it), kept on its sale line for the receipt. */
  promoCode?: string | null | undefined;
}

/** A sale (CONTRACT §11): the ledger entry's kind and reference, and the kind its sale lines carry. */
export interface Sale {
  userId: number;
  ledgerKind: 'purchase' | 'rental' | 'gift' | 'pass';
  saleKind: 'purchase' | 'rental' | 'bundle' | 'gift' | 'pass';
  reference: string;
  note: string;
  lines: SaleLineInput[];
  /**
   * A sale of something that is no one video (a pass, CONTRACT §14): its one line, whose videoId is
   * NOT_A_VIDEO, is written with no video, no DJ and this title; DJs are paid later by what was watched.
   */
  item?: { title: string } | undefined;
}

/** The videoId of a line that sells no one video (a pass): promo rules find no facts for it. */
export const NOT_A_VIDEO = 0;

/** What sell_pass answers. */
export type PassSaleOutcome =
  | {
      outcome: 'sold';
      balance: number;
      total: number;
      pass: { id: number; startsAt: string; endsAt: string; renewal: 'off' | 'prompt' | 'standing_order' };
      product: { id: number; title: string; scopeKind: 'all' | 'dj' | 'genre' | 'category'; scopeValue: string | null; hours: number; price: number; active: boolean; scopeName: string | null };
    }
  | { outcome: 'short'; balance: number; total: number }
  | { outcome: 'gone' }
  | { outcome: 'no_profile' };

export type SellOutcome = { outcome: 'short'; balance: number; total: number } | { outcome: 'sold'; balance: number; total: number; lineIds: number[] };

/** How a ledger note names videos, as sell (db/functions/sell_checked.sql) writes them: "Title (Season), Title". */
export const videosNote = (vs: { id: number; title: string; season: string | null }[]) =>
  [...vs]
    .sort((a, b) => a.id - b.id)
    .map((v) => (v.season ? `${v.title} (${v.season})` : v.title))
    .join(', ');

/** sell_checked as one named statement, as sale_facts is (selling/quick-sale-repository.ts). */
function prepareSellChecked(db: Database) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({ r: sql<unknown>`t.r` })
    .from(sql`sell_checked(${p('userId')}::int, ${p('ids')}::int[], ${p('code')}::text, ${sql.raw(String(RENT_THEN_OWN_DAYS))}, ${p('facts')}::jsonb, ${p('sale')}::jsonb) AS t(r)`)
    .prepare('sell_checked');
}
const sellCheckedStatement = preparedPerDatabase(prepareSellChecked);

/**
 * The store's money rules, in one place: every way a balance changes (a paid deposit, a purchase, a
 * refund, a staff adjustment) is a call here, in the caller's transaction, and each writes the balance
 * and its ledger entry together (postLedgerEntry; a quick sale's one statement, sell_checked, in
 * SQL: db/functions/sell_checked.sql). Routes and other services never write ledger rows or
 * balances themselves, in TypeScript or SQL (ledger-boundary.test.ts checks both), so `ledger:verify` holds.
 */
export const ledger = {
  /** A paid M-Pesa deposit: its amount onto the balance, once per receipt (a unique reference). */
  creditDeposit(tx: Database, d: { userId: number; amount: number; reference: string; phone: string }): Promise<number> {
    return postLedgerEntry(tx, { userId: d.userId, kind: 'deposit', amount: d.amount, reference: d.reference, note: `M-Pesa ${d.phone}` });
  },

  /**
   * A quick sale (decision 0048) in one statement: sell_checked sells only if the facts it was priced
   * from (sale_facts) still hold under the profile lock, counts the code's total limit where it checks
   * it, and writes the debit, the ledger entry, the sale lines and the purchases or rental.
   */
  async sellChecked(db: Database, o: { userId: number; ids: number[]; code: string | null; facts: string; sale: QuickSaleInput }): Promise<QuickSaleOutcome> {
    const [{ r }] = (await sellCheckedStatement(db).execute({ userId: o.userId, ids: o.ids, code: o.code, facts: o.facts, sale: JSON.stringify(o.sale) })) as [{ r: unknown }];
    return (typeof r === 'string' ? JSON.parse(r) : r) as QuickSaleOutcome;
  },

  /**
   * A pass sold from the balance in one statement (sell_pass, db/functions/sell_pass.sql): the debit,
   * its ledger entry, the sale line of no video and the pass's new period, or 'short' or 'gone'.
   */
  async sellPass(db: Database, o: { userId: number; passId: number; reference: string }): Promise<PassSaleOutcome> {
    const result = (await db.execute(sql`SELECT sell_pass(${o.userId}, ${o.passId}, ${o.reference}) AS r`)) as unknown as { rows: { r: unknown }[] };
    const r = result.rows[0]!.r;
    return (typeof r === 'string' ? JSON.parse(r) : r) as PassSaleOutcome;
  },

  /** Locks the customer's profile row for the rest of the transaction (the lock every sale takes first); 404 without one. */
  async lockProfile(tx: Database, userId: number): Promise<number> {
    const [profile] = await tx.select({ balance: profiles.account }).from(profiles).where(eq(profiles.userId, userId)).for('update');
    if (!profile) throw new HttpError(404, 'Not found.');
    return profile.balance;
  },

  /**
   * Sells `lines` to a customer in the caller's transaction, the one door for every new way of
   * selling (rentals, bundles, gifts, priced purchases): locks the profile row (the lock order of
   * sell_checked and applyPromo), answers 'short' when the balance does not cover sum(amount), else
   * debits the total (0 is allowed: a promo code can bring it there) with one ledger entry and writes
   * one sale line per line, its DJ and title as they are now. `lineIds` are in the order of `lines`.
   * What was sold (purchases, a rental, a gift) is the caller's to write, in the same transaction.
   */
  async sell(tx: Database, s: Sale): Promise<SellOutcome> {
    const before = await ledger.lockProfile(tx, s.userId);
    const total = s.lines.reduce((sum, l) => sum + l.amount, 0);
    if (s.lines.some((l) => l.amount < 0 || !Number.isInteger(l.amount))) throw new Error('a sale line must be a whole, non-negative amount');
    if (before < total) return { outcome: 'short', balance: before, total };
    const balance = await postLedgerEntry(tx, { userId: s.userId, kind: s.ledgerKind, amount: -total, reference: s.reference, note: s.note });
    if (s.lines.length === 0) return { outcome: 'sold', balance, total, lineIds: [] };
    if (s.item) {
      if (s.lines.length !== 1 || s.lines[0]!.videoId !== NOT_A_VIDEO) throw new Error('an item sale has one line, of no video');
      const l = s.lines[0]!;
      const [line] = await tx
        .insert(saleLines)
        .values({ ledgerKind: s.ledgerKind, reference: s.reference, kind: s.saleKind, userId: s.userId, videoId: null, djId: null, djSharePercent: 0, title: s.item.title, listPrice: l.listPrice, amount: l.amount, promoCode: l.promoCode ?? null })
        .returning({ id: saleLines.id });
      return { outcome: 'sold', balance, total, lineIds: [line!.id] };
    }
    const vs = await tx.select({ id: videos.id, djId: videos.djId, title: videos.title, season: videos.season }).from(videos).where(inArray(videos.id, s.lines.map((l) => l.videoId)));
    const byId = new Map(vs.map((v) => [v.id, v]));
    const rows = s.lines.map((l) => {
      const v = byId.get(l.videoId);
      if (!v) throw new Error(`no video ${l.videoId}`);
      return { ledgerKind: s.ledgerKind, reference: s.reference, kind: s.saleKind, userId: s.userId, videoId: v.id, djId: v.djId, title: v.season ? `${v.title} (${v.season})` : v.title, listPrice: l.listPrice, amount: l.amount, promoCode: l.promoCode ?? null };
    });
    // A sale names each video once, so the video finds its line's id (RETURNING promises no order).
    const written = await tx.insert(saleLines).values(rows).returning({ id: saleLines.id, videoId: saleLines.videoId });
    const lineIds = s.lines.map((l) => written.find((w) => w.videoId === l.videoId)!.id);
    return { outcome: 'sold', balance, total, lineIds };
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
    await purchaseCounts.add(tx, [row.videoId], -1);
    const [video] = await tx.select({ id: videos.id, title: videos.title, season: videos.season }).from(videos).where(eq(videos.id, row.videoId));
    // The note names the video, as a purchase's does, then says why.
    const note = `${videosNote([video!])}: ${reason}`;
    const reference = `refund-${purchaseId}`;
    const balance = await postLedgerEntry(tx, { userId: row.userId, kind: 'refund', amount: row.price, reference, note });
    // The sale line it returns, as a negative line (receipts issue a credit note from it, DJ statements take it back).
    const [sold] = row.saleLineId ? await tx.select().from(saleLines).where(eq(saleLines.id, row.saleLineId)) : [];
    if (sold) {
      await tx.insert(saleLines).values({ ledgerKind: 'refund', reference, kind: 'refund', userId: row.userId, videoId: sold.videoId, djId: sold.djId, title: sold.title, listPrice: sold.listPrice, amount: -row.price, refundsLineId: sold.id });
    }
    return { userId: row.userId, videoId: row.videoId, price: row.price, balance };
  },

  /** Money out by M-Pesa B2C: DJ payouts and refunds sent to M-Pesa (payout-ledger.ts). */
  ...payoutLedger,

  /** Gifts moved on: claimed by their recipient, or returned to their giver (gift-ledger.ts). */
  ...giftLedger,

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
