import { describe, expect, it } from 'vitest';
import { bundlePrice, priceForYou, splitByListPrice } from './pricing.ts';

describe('bundle pricing', () => {
  it('takes the discount off the list total, unless staff fixed a price', () => {
    expect(bundlePrice(450, 20, null)).toBe(360);
    expect(bundlePrice(333, 20, null)).toBe(266);
    expect(bundlePrice(450, 20, 300)).toBe(300);
  });

  it('charges an owner of some seasons only the share of the rest ("complete the set")', () => {
    expect(priceForYou(360, 450, 250)).toBe(200);
    expect(priceForYou(360, 450, 450)).toBe(360);
    expect(priceForYou(360, 450, 0)).toBe(0);
  });

  it('splits a price over the videos by list price without losing or making a shilling', () => {
    const lines = [{ listPrice: 100 }, { listPrice: 100 }, { listPrice: 100 }];
    expect(splitByListPrice(lines, 200).map((l) => l.amount)).toEqual([67, 67, 66]);
    expect(splitByListPrice([{ listPrice: 200 }, { listPrice: 250 }], 360).map((l) => l.amount)).toEqual([160, 200]);
    for (const total of [0, 1, 7, 99, 1001]) {
      const split = splitByListPrice([{ listPrice: 30 }, { listPrice: 70 }, { listPrice: 0 }, { listPrice: 13 }], total);
      expect(split.reduce((s, l) => s + l.amount, 0)).toBe(total);
      expect(split[2]!.amount).toBe(0);
    }
    expect(splitByListPrice([{ listPrice: 0 }, { listPrice: 0 }], 5).map((l) => l.amount)).toEqual([3, 2]);
  });
});
