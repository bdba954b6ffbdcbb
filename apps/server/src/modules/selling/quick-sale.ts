import { ADULT_RATINGS, RENTAL_START_DAYS, type PromoKind, type Rating } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { ledger, type QuickSaleOutcome, type SaleLineInput } from '../wallet/index.ts';
import { normalizeCode, price, type PromoTerms } from './promo-codes/rules.ts';
import type { PaidOrder, SellAttempt, Seller } from './paid-orders.ts';
import { quickSaleRepository as repo, type FactCode, type SaleFacts } from './quick-sale-repository.ts';

export type { SaleFacts } from './quick-sale-repository.ts';
export type QuickSold = Extract<QuickSaleOutcome, { outcome: 'sold' }>;

/**
 * A seller's quick way (decision 0048): its price and its 201 body from sale_facts, without the
 * database. plan answers null whenever the sale cannot be made as asked; the selling core then
 * sells it or says exactly why, so the quick way never has to word a refusal.
 */
export interface QuickSeller<O extends PaidOrder, T> {
  plan(facts: SaleFacts, order: O): { lines: SaleLineInput[]; note: string } | null;
  answer(facts: SaleFacts, order: O, sold: QuickSold): T;
}

const terms = (c: FactCode): PromoTerms => ({
  ...c,
  validFrom: c.validFrom ? new Date(c.validFrom) : null,
  validUntil: c.validUntil ? new Date(c.validUntil) : null,
  // Not read by price(); the total limit is counted by sell_checked.
  timesRedeemed: 0,
  kinds: c.kinds as PromoKind[],
});

/**
 * Sells a purchase or a rental in two round trips: sale_facts, priced here with the promo code's
 * rules (rules.ts, as applyPromo prices it), then sell_checked, which sells only if the facts are
 * unchanged under the customer's profile lock and counts the code's total limit where it checks it.
 * Answers null when the selling core must do it (a refusal, facts changed meanwhile, a code used up):
 * nothing has been written then.
 */
export async function quickSell<O extends PaidOrder, T>(db: Database, seller: Seller<O, T>, userId: number, order: O): Promise<SellAttempt<T> | null> {
  const quick = seller.quick;
  if (!quick || (seller.saleKind !== 'purchase' && seller.saleKind !== 'rental') || (seller.ledgerKind !== 'purchase' && seller.ledgerKind !== 'rental')) return null;
  const code = order.promo_code ? normalizeCode(order.promo_code) : null;
  if (order.promo_code && !code) return null;
  const { raw, facts } = await repo.facts(db, userId, order.video_ids, code);
  // A 16 or 18 video only where requireAgeConfirmation would have nothing to ask or refuse.
  if (facts.videos.some((v) => ADULT_RATINGS.includes(v.rating as Rating)) && (!facts.ageConfirmed || facts.familyLocked)) return null;
  const planned = quick.plan(facts, order);
  if (!planned) return null;
  let lines = planned.lines;
  let discount = 0;
  if (code) {
    if (!facts.code) return null;
    const firstPurchase = facts.code.firstPurchaseOnly ? !facts.hasBought : null;
    const lineFacts = facts.videos.map((v) => ({ videoId: v.id, djId: v.djId, genreId: v.genreId }));
    const priced = price(terms(facts.code), { kind: seller.saleKind, lines, facts: lineFacts, now: new Date(), firstPurchase });
    if ('refusal' in priced || (facts.liveCount ?? 0) >= facts.code.perCustomer) return null;
    lines = priced.lines;
    discount = priced.discount;
  }
  const sale = { ledgerKind: seller.ledgerKind, saleKind: seller.saleKind, reference: order.reference, note: planned.note, lines, discount, rentalStartDays: RENTAL_START_DAYS };
  const r = await ledger.sellChecked(db, { userId, ids: order.video_ids, code, facts: raw, sale });
  if (r.outcome === 'short') return r;
  if (r.outcome !== 'sold') return null;
  return { outcome: 'sold', body: quick.answer(facts, order, r) };
}
