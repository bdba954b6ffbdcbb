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
