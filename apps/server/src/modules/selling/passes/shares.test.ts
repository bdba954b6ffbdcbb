import { describe, expect, it } from 'vitest';
import { splitVat } from '../../receipts/index.ts';
import { passShares, splitByWeight } from './shares.ts';

/** A small seeded generator, so a failure names a pattern that can be run again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('DJ shares of a pass (CONTRACT §14)', () => {
  it('over 5,000 random passes and viewing patterns: whole cents summing exactly to the price less VAT, each within a cent of its exact share', () => {
    const next = random(20261128);
    for (let n = 0; n < 5000; n++) {
      const amount = 1 + Math.floor(next() * 5000);
      const djs = Math.floor(next() * 8);
      const watched = Array.from({ length: djs }, (_, i) => ({ djId: i + 1, seconds: next() < 0.2 ? 0 : Math.floor(next() * 2_600_000), percent: Math.floor(next() * 101) }));
      const shares = passShares(amount, watched);
      const totalSeconds = watched.reduce((a, w) => a + w.seconds, 0);
      const net = splitVat([{ amount }]).net;
      if (totalSeconds === 0) {
        expect(shares, `pattern ${n}`).toEqual([]);
        continue;
      }
      expect(shares.reduce((a, s) => a + s.amountCents, 0), `pattern ${n}`).toBe(net);
      for (const s of shares) {
        expect(Number.isInteger(s.amountCents) && Number.isInteger(s.earnedCents)).toBe(true);
        expect(Math.abs(s.amountCents - (net * s.seconds) / totalSeconds)).toBeLessThan(1);
        expect(s.earnedCents).toBe(Math.round((s.amountCents * s.djSharePercent) / 100));
      }
      expect(shares.every((s) => s.seconds > 0)).toBe(true);
    }
  });

  it('a DJ nobody watched gets nothing, and ties give the odd cent to the earlier DJ', () => {
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeight(100, [0, 0])).toEqual([0, 0]);
    // Ksh 20 holds 17.24 without VAT; two DJs watched equally.
    expect(passShares(20, [{ djId: 1, seconds: 60, percent: 50 }, { djId: 2, seconds: 60, percent: 70 }, { djId: 3, seconds: 0, percent: 50 }]).map((s) => [s.djId, s.amountCents, s.earnedCents])).toEqual([
      [1, 862, 431],
      [2, 862, 603],
    ]);
  });
});
