import { describe, expect, it } from 'vitest';
import { demoRentPrice, planDemoVideos } from './seed.ts';

describe('the demo’s rent prices (CONTRACT §2, §11)', () => {
  it('rents most videos at about a quarter of their price, to the nearest 5 shillings', () => {
    const planned = planDemoVideos(Date.parse('2026-11-01T00:00:00Z'));
    const rents = planned.map((v, i) => ({ price: v.price, rent: demoRentPrice(v.price, i) }));
    const rentable = rents.filter((r) => r.rent !== null);
    expect(rentable.length / rents.length).toBeGreaterThan(0.8);
    expect(rentable.length).toBeLessThan(rents.length);
    for (const r of rentable) {
      expect(r.rent! % 5).toBe(0);
      expect(Math.abs(r.rent! - r.price / 4)).toBeLessThanOrEqual(Math.max(2.5, 10 - r.price / 4));
    }
  });
});
