/**
 * A promo code's rules, without a database: whether it applies, to which lines, how much it takes
 * off, and how that discount is spread over the lines (CONTRACT §11). promo-service.ts reads the
 * facts and holds the redemption; everything decided about money is decided here.
 */
import type { PromoKind } from '@store/contract';
import { groupDigits } from '@store/contract';

/** One line of a sale: a video, its list price, and what the customer would pay for it before the code. */
export interface PromoLine {
  videoId: number;
  listPrice: number;
  amount: number;
  /** Set on the lines a code lowered, to its name: the sale line keeps it and the receipt shows it. */
  promoCode?: string | null | undefined;
}

/** What a line's video is, for `applies_to`: its DJ and genre. */
export interface LineFacts {
  videoId: number;
  djId: number | null;
  genreId: number | null;
}

/** A code's terms as stored (promo_codes). */
export interface PromoTerms {
  code: string;
  percentOff: number | null;
  amountOff: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  perCustomer: number;
  minTotal: number;
  appliesVideoIds: number[];
  appliesDjIds: number[];
  appliesGenreIds: number[];
  appliesBundleIds: number[];
  kinds: PromoKind[];
  firstPurchaseOnly: boolean;
  active: boolean;
}

/** Why a code does not apply, each said in one plain sentence (refusalSentence). */
export type Refusal =
  | { why: 'unknown' }
  | { why: 'inactive' }
  | { why: 'not_yet' }
  | { why: 'expired' }
  | { why: 'kind'; kind: PromoKind }
  | { why: 'not_for_these' }
  | { why: 'below_min'; min: number }
  | { why: 'first_only' }
  | { why: 'used_up' }
  | { why: 'used_by_you' };

const NOT_FOR_KIND: Record<PromoKind, string> = {
  purchase: 'This code is not for purchases.',
  rental: 'This code is not for rentals.',
  bundle: 'This code is not for bundles.',
  gift: 'This code is not for gifts.',
  pass: 'This code is not for passes.',
};

/** The English sentence (a catalog entry: the error handler says it in the reader's language). */
export function refusalSentence(r: Refusal): string {
  switch (r.why) {
    case 'unknown':
      return 'There is no such code.';
    case 'inactive':
      return 'This code is no longer valid.';
    case 'not_yet':
      return 'This code is not valid yet.';
    case 'expired':
      return 'This code has expired.';
    case 'kind':
      return NOT_FOR_KIND[r.kind];
    case 'not_for_these':
      return 'This code is not for these videos.';
    case 'below_min':
      return `This code needs an order of at least Ksh ${groupDigits(r.min)}.`;
    case 'first_only':
      return 'This code is only for a first purchase.';
    case 'used_up':
      return 'This code has been used up.';
    case 'used_by_you':
      return 'You have already used this code.';
  }
}

/** Codes are letters and digits, 4 to 32, in any case: the stored form is in capitals; anything else is no code. */
export const normalizeCode = (typed: string): string | null => {
  const code = typed.trim().toUpperCase();
  return /^[A-Z0-9]{4,32}$/.test(code) ? code : null;
};

/** The refusals that need nothing but the code and the moment: inactive, dates, kind. */
export function termsRefusal(t: PromoTerms, kind: PromoKind, now: Date): Refusal | null {
  if (!t.active) return { why: 'inactive' };
  if (t.validFrom && now < t.validFrom) return { why: 'not_yet' };
  if (t.validUntil && now >= t.validUntil) return { why: 'expired' };
  if (!t.kinds.includes(kind)) return { why: 'kind', kind };
  return null;
}

/**
 * The lines the code takes off: all of them when it names nothing, else those whose video, DJ or
 * genre it names, or every line of a bundle it names.
 */
export function eligibleLines(t: PromoTerms, facts: readonly LineFacts[], bundleId: number | undefined): Set<number> {
  const everything = !t.appliesVideoIds.length && !t.appliesDjIds.length && !t.appliesGenreIds.length && !t.appliesBundleIds.length;
  if (everything || (bundleId !== undefined && t.appliesBundleIds.includes(bundleId))) return new Set(facts.map((f) => f.videoId));
  return new Set(
    facts
      .filter((f) => t.appliesVideoIds.includes(f.videoId) || (f.djId !== null && t.appliesDjIds.includes(f.djId)) || (f.genreId !== null && t.appliesGenreIds.includes(f.genreId)))
      .map((f) => f.videoId),
  );
}

/** What the code takes off lines worth `eligibleTotal`: a percent rounded to the shilling, or a fixed amount; never more than they cost. */
export function discountOn(t: Pick<PromoTerms, 'percentOff' | 'amountOff'>, eligibleTotal: number): number {
  const off = t.percentOff !== null ? Math.round((eligibleTotal * t.percentOff) / 100) : (t.amountOff ?? 0);
  return Math.max(0, Math.min(off, eligibleTotal));
}

/**
 * Takes `discount` off the eligible lines in proportion to what each costs, with no shilling lost or
 * made: each gets the floor of its share, and the shillings left go one each to the largest
 * remainders (the earlier line on a tie). No line goes below 0, and the lines still add up:
 * sum(after) = sum(before) - discount.
 */
export function spreadDiscount<L extends { videoId: number; amount: number }>(lines: readonly L[], eligible: ReadonlySet<number>, discount: number): L[] {
  const idx = lines.map((l, i) => i).filter((i) => eligible.has(lines[i]!.videoId));
  const total = idx.reduce((s, i) => s + lines[i]!.amount, 0);
  const take = Math.min(discount, total);
  if (take <= 0) return lines.map((l) => ({ ...l }));
  const exact = idx.map((i) => (take * lines[i]!.amount) / total);
  const shares = exact.map(Math.floor);
  let left = take - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, k) => ({ k, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.k - b.k);
  for (const { k } of order) {
    if (left <= 0) break;
    shares[k]! += 1;
    left -= 1;
  }
  const out = lines.map((l) => ({ ...l }));
  idx.forEach((i, k) => (out[i]!.amount -= shares[k]!));
  return out;
}

/**
 * Everything about a code that needs no count: terms, eligible lines, minimum, discount. Answers the
 * refusal, or the discounted lines. `firstPurchase` is whether the customer has bought nothing yet
 * (null: not known, a visitor's preview, and then not refused for it).
 */
export function price(
  t: PromoTerms,
  o: { kind: PromoKind; lines: readonly PromoLine[]; facts: readonly LineFacts[]; bundleId?: number | undefined; now: Date; firstPurchase: boolean | null },
): { refusal: Refusal } | { lines: PromoLine[]; discount: number; totalBefore: number } {
  const terms = termsRefusal(t, o.kind, o.now);
  if (terms) return { refusal: terms };
  const eligible = eligibleLines(t, o.facts, o.bundleId);
  const eligibleTotal = o.lines.filter((l) => eligible.has(l.videoId)).reduce((s, l) => s + l.amount, 0);
  if (eligible.size === 0) return { refusal: { why: 'not_for_these' } };
  const totalBefore = o.lines.reduce((s, l) => s + l.amount, 0);
  if (totalBefore < t.minTotal) return { refusal: { why: 'below_min', min: t.minTotal } };
  if (t.firstPurchaseOnly && o.firstPurchase === false) return { refusal: { why: 'first_only' } };
  const discount = discountOn(t, eligibleTotal);
  const lines = spreadDiscount(o.lines, eligible, discount).map((l, i) => (l.amount < o.lines[i]!.amount ? { ...l, promoCode: t.code } : l));
  return { lines, discount, totalBefore };
}
