import { splitVat } from '../../receipts/index.ts';

/**
 * Splits `totalCents` among parties by weight to the cent: each gets its exact share rounded down,
 * and the cents left go one each to the largest remainders (ties to the earlier party), so the
 * parts always sum to the whole. No weight at all: nobody gets anything.
 */
export function splitByWeight(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || totalCents <= 0) return weights.map(() => 0);
  const parts = weights.map((w, i) => ({ i, floor: Math.floor((totalCents * w) / sum), rem: (totalCents * w) % sum }));
  let left = totalCents - parts.reduce((a, p) => a + p.floor, 0);
  const out = parts.map((p) => p.floor);
  for (const p of [...parts].sort((a, b) => b.rem - a.rem || a.i - b.i)) {
    if (left <= 0) break;
    out[p.i]! += 1;
    left -= 1;
  }
  return out;
}

export interface PassShare {
  djId: number;
  seconds: number;
  /** The DJ's part of the price less VAT, in cents. */
  amountCents: number;
  djSharePercent: number;
  /** What the DJ earns of it at their revenue share, in cents (half up). */
  earnedCents: number;
}

/**
 * A pass period's price less VAT (the receipt's own split), shared among DJs by the seconds of their
 * videos the store served under it (CONTRACT §14): whole cents summing exactly to the whole; a
 * period nobody watched pays nobody. Each DJ then earns their revenue share of their part, as on a sale.
 */
export function passShares(amount: number, watched: readonly { djId: number; seconds: number; percent: number }[]): PassShare[] {
  const seen = watched.filter((w) => w.seconds > 0);
  const { net } = splitVat([{ amount }]);
  const parts = splitByWeight(net, seen.map((w) => w.seconds));
  return seen.map((w, i) => ({ djId: w.djId, seconds: w.seconds, amountCents: parts[i]!, djSharePercent: w.percent, earnedCents: Math.floor((parts[i]! * w.percent + 50) / 100) }));
}
