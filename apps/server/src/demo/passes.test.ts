import { describe, expect, it } from 'vitest';
import { demoRentPrice, planDemoVideos } from './seed.ts';
import { DEMO_PASSES } from './passes.ts';

describe('the demo’s passes (CONTRACT §14)', () => {
  it('sell a week of everything for less than renting or buying the three cheapest films, and a month for less than four weeks', () => {
    const planned = planDemoVideos(Date.parse('2026-11-01T00:00:00Z'));
    const films = planned.map((v, i) => ({ v, rent: demoRentPrice(v.price, i) })).filter((f) => f.v.cartegory === 'movie');
    const cheapest = (xs: number[]) => [...xs].sort((a, b) => a - b).slice(0, 3).reduce((a, b) => a + b, 0);
    const week = DEMO_PASSES.find((p) => p.hours === 168)!;
    const month = DEMO_PASSES.find((p) => p.hours === 720)!;
    expect(week.price).toBeLessThan(cheapest(films.flatMap((f) => (f.rent === null ? [] : [f.rent]))));
    expect(week.price).toBeLessThan(cheapest(films.map((f) => f.v.price)));
    expect(month.price).toBeLessThan(4 * week.price);
    expect(DEMO_PASSES.find((p) => p.hours === 24)).toMatchObject({ scope: 'dj', price: 20 });
  });
});
