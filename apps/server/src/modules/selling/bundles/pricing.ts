/**
 * A bundle's money, in whole shillings (CONTRACT §11). Kept apart from the SQL so the rules are read
 * in one place and tested without a database.
 */

/** The whole set's price: what staff fixed, else the list total less the discount, rounded. */
export function bundlePrice(listTotal: number, discountPercent: number, fixedPrice: number | null): number {
  if (fixedPrice !== null) return fixedPrice;
  return Math.round((listTotal * (100 - discountPercent)) / 100);
}

/**
 * "Complete the set": the bundle's price scaled to the list prices of the videos not yet owned,
 * round(price x unowned / list_total). Owning nothing pays the price; owning all pays 0.
 */
export function priceForYou(price: number, listTotal: number, unownedListTotal: number): number {
  if (listTotal <= 0) return 0;
  return Math.round((price * unownedListTotal) / listTotal);
}

/**
 * Splits `total` over lines in proportion to their list prices, with no shilling lost or made: each
 * line gets the floor of its share, and the shillings left go one each to the lines with the largest
 * remainders (the earlier line on a tie). Lines that list at 0 share equally when all do.
 */
export function splitByListPrice<T extends { listPrice: number }>(lines: readonly T[], total: number): (T & { amount: number })[] {
  if (lines.length === 0) return [];
  const weights = lines.map((l) => Math.max(0, l.listPrice));
  const sum = weights.reduce((a, b) => a + b, 0);
  const w = sum > 0 ? weights : lines.map(() => 1);
  const weightSum = sum > 0 ? sum : lines.length;
  const exact = w.map((x) => (total * x) / weightSum);
  const amounts = exact.map(Math.floor);
  let left = total - amounts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    amounts[i]! += 1;
    left -= 1;
  }
  return lines.map((l, i) => ({ ...l, amount: amounts[i]! }));
}

/**
 * Rent, then own (CONTRACT §11), the one copy of the rule: a video's line costs its amount less the
 * rent the customer paid for it within RENT_THEN_OWN_DAYS, never below 0. Purchases, cart checkouts
 * and bundles all price through it.
 */
export function lessRentCredit<T extends { videoId: number; amount: number }>(lines: readonly T[], credits: ReadonlyMap<number, number>): T[] {
  return lines.map((l) => ({ ...l, amount: Math.max(0, l.amount - (credits.get(l.videoId) ?? 0)) }));
}

/**
 * A bundle's lines for one customer: its complete-the-set price over the videos they do not own,
 * split by list price, each less its rent credit. What the bundle sale charges, what its page shows
 * as price_for_you (their sum), and what a promo code preview prices.
 */
export function bundleLines(b: { price: number; listTotal: number; videos: readonly { id: number; price: number }[] }, owned: ReadonlySet<number>, credits: ReadonlyMap<number, number>) {
  const unowned = b.videos.filter((v) => !owned.has(v.id));
  const due = priceForYou(b.price, b.listTotal, unowned.reduce((s, v) => s + v.price, 0));
  return lessRentCredit(
    splitByListPrice(
      unowned.map((v) => ({ videoId: v.id, listPrice: v.price })),
      due,
    ),
    credits,
  );
}
