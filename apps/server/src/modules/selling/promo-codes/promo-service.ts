import type { PromoCodePreview, PromoKind } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { FieldError, HttpError } from '../../../lib/http-errors.ts';
import { type PromoCodeRow, type RedemptionRef, promoRepository as repo } from './promo-repository.ts';
import { type PromoLine, type PromoTerms, type Refusal, normalizeCode, price, refusalSentence } from './rules.ts';

export type { PromoLine } from './rules.ts';
export type { RedemptionRef } from './promo-repository.ts';

/** A code that does not apply: 400 `{"promo_code": ["one plain sentence why"]}`, in the reader's language. */
export const promoRefused = (r: Refusal) => new FieldError({ promo_code: [refusalSentence(r)] });

export interface PromoOrder {
  /** As the customer typed it: case and surrounding spaces do not matter. */
  code: string;
  userId: number;
  kind: PromoKind;
  /** What the customer would pay per video before the code (list price, price_for_you, a bundle's share). */
  lines: PromoLine[];
  /** The bundle being bought, for a code limited to bundles. */
  bundleId?: number | undefined;
  /** The sale's ledger reference (or its M-Pesa payment's): one live redemption per order. */
  orderReference: string;
  /** True while an M-Pesa payment is open: the redemption is held until confirmRedemption or releaseRedemption. */
  hold?: boolean;
  /** The moment the dates are checked at (tests); now by default. */
  now?: Date;
}

export interface AppliedPromo {
  code: string;
  /** The same lines, discounted: they add up to totalBefore - discount exactly, none below 0. */
  lines: PromoLine[];
  discount: number;
  totalBefore: number;
  totalAfter: number;
  redemptionId: number;
}

const terms = (row: PromoCodeRow): PromoTerms => row;

/**
 * Redeems a promo code inside the caller's sale transaction (purchase, cart, rental, bundle, gift:
 * CONTRACT §11) and answers the discounted lines to charge and write as sale lines. Throws a 400
 * `{"promo_code": [...]}` when the code does not apply, which rolls the sale back with it.
 *
 * Limits hold under any concurrency: the customer's profile row is locked first (the lock order of
 * buy_videos), so their per-customer count is exact; then one conditional UPDATE raises the code's
 * times_redeemed only below max_redemptions and keeps its row locked until the sale ends, for every
 * code, limited or not, so staff setting or lowering a limit meanwhile wait and count this use. A
 * sale that rolls back takes its redemption with it. A second call for the same orderReference (the
 * sale made once its M-Pesa payment is confirmed) answers the live redemption again, on the terms it
 * was held with, instead of counting twice.
 *
 * `hold: true` for a sale waiting on M-Pesa: then confirmRedemption(tx, orderReference) in the
 * transaction that buys once paid, or releaseRedemption(tx, orderReference) when the payment fails,
 * is cancelled, or the purchase cannot be made, which gives the redemption back.
 */
export async function applyPromo(tx: Database, o: PromoOrder): Promise<AppliedPromo> {
  const code = normalizeCode(o.code);
  if (!code) throw promoRefused({ why: 'unknown' });
  await repo.lockCustomer(tx, o.userId);
  const row = await repo.byCode(tx, code);
  if (!row) throw promoRefused({ why: 'unknown' });
  const again = await repo.liveForOrder(tx, o.orderReference);
  if (again && (again.promoCodeId !== row.id || again.userId !== o.userId)) throw new HttpError(409, 'This order already carries another code.');
  if (again) {
    // Held for this order while M-Pesa was asked, and now paid: the code keeps the terms it was
    // given then (its dates, its switch, "first purchase") and is not counted again.
    const kept = await priceFor(tx, { ...row, active: true }, { ...o, now: again.createdAt }, null);
    if ('refusal' in kept) throw promoRefused(kept.refusal);
    if (kept.discount !== again.discount) await repo.setDiscount(tx, again.id, kept.discount);
    return applied(code, kept, again.id);
  }
  const priced = await priceFor(tx, row, o, o.userId);
  if ('refusal' in priced) throw promoRefused(priced.refusal);
  if ((await repo.liveCount(tx, row.id, o.userId)) >= row.perCustomer) throw promoRefused({ why: 'used_by_you' });
  if (!(await repo.takeOne(tx, row.id))) {
    // Said as it stands now: staff may have switched it off while this sale waited for its row.
    const now = await repo.byCode(tx, code);
    throw promoRefused({ why: now?.active === false ? 'inactive' : 'used_up' });
  }
  const redemption = await repo.insertRedemption(tx, { codeId: row.id, userId: o.userId, kind: o.kind, orderReference: o.orderReference, discount: priced.discount, hold: o.hold ?? false });
  return applied(code, priced, redemption.id);
}

/** Gives a redemption back (by its id, or the order it was made for): its payment failed or was cancelled. False when none was live. */
export function releaseRedemption(tx: Database, ref: RedemptionRef): Promise<boolean> {
  return repo.release(tx, ref);
}

/** A held redemption becomes used: its payment went through and the sale was made. */
export function confirmRedemption(tx: Database, ref: RedemptionRef): Promise<boolean> {
  return repo.confirm(tx, ref);
}

/**
 * What a code would take off, read only (GET /api/promo-codes/{code}/): the same rules as applyPromo,
 * with the counts as they stand (a later sale still checks them atomically). `userId` null: a
 * visitor, whose per-customer and first-purchase limits are not known yet.
 */
export async function previewPromo(db: Database, o: Omit<PromoOrder, 'userId' | 'orderReference' | 'hold'> & { userId: number | null }): Promise<PromoCodePreview> {
  const code = normalizeCode(o.code);
  if (!code) throw promoRefused({ why: 'unknown' });
  const row = await repo.byCode(db, code);
  if (!row) throw promoRefused({ why: 'unknown' });
  const priced = await priceFor(db, row, o, o.userId);
  if ('refusal' in priced) throw promoRefused(priced.refusal);
  if (row.maxRedemptions !== null && row.timesRedeemed >= row.maxRedemptions) throw promoRefused({ why: 'used_up' });
  if (o.userId !== null && (await repo.liveCount(db, row.id, o.userId)) >= row.perCustomer) throw promoRefused({ why: 'used_by_you' });
  return { code, discount: priced.discount, total_before: priced.totalBefore, total_after: priced.totalBefore - priced.discount };
}

async function priceFor(db: Database, row: PromoCodeRow, o: Pick<PromoOrder, 'kind' | 'lines' | 'bundleId' | 'now'>, userId: number | null) {
  const facts = await repo.facts(
    db,
    o.lines.map((l) => l.videoId),
  );
  const firstPurchase = row.firstPurchaseOnly && userId !== null ? !(await repo.hasBought(db, userId)) : null;
  return price(terms(row), { kind: o.kind, lines: o.lines, facts, bundleId: o.bundleId, now: o.now ?? new Date(), firstPurchase });
}

function applied(code: string, p: { lines: PromoLine[]; discount: number; totalBefore: number }, redemptionId: number): AppliedPromo {
  return { code, lines: p.lines, discount: p.discount, totalBefore: p.totalBefore, totalAfter: p.totalBefore - p.discount, redemptionId };
}
