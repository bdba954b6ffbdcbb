import { describe, expect, it, vi } from 'vitest';
import { t } from '../lib/i18n.ts';
import { rentalTimeLeft } from './rental-time-left.tsx';

const NOW = Date.parse('2026-11-24T10:00:00Z');
const at = (hoursFromNow: number) => new Date(NOW + hoursFromNow * 3_600_000).toISOString();

describe('a rental’s time left', () => {
  it('counts whole hours left once the first play started the clock', () => {
    expect(rentalTimeLeft(t, { started_at: at(-17), expires_at: at(31.5) }, NOW)).toBe('Ends in 31 h');
  });
  it('counts minutes in the last hour, never 0', () => {
    expect(rentalTimeLeft(t, { started_at: at(-47.5), expires_at: at(0.5) }, NOW)).toBe('Ends in 30 min');
    expect(rentalTimeLeft(t, { started_at: at(-48), expires_at: at(0.001) }, NOW)).toBe('Ends in 1 min');
  });
  it('says a rental not yet played starts at the first play, with the days left to start it', () => {
    expect(rentalTimeLeft(t, { started_at: null, expires_at: at(30 * 24 - 1) }, NOW)).toBe('Starts when you press play · 29 days to start');
    expect(rentalTimeLeft(t, { started_at: null, expires_at: at(5) }, NOW)).toBe('Starts when you press play · 1 day to start');
  });
  it('says when it has ended', () => {
    expect(rentalTimeLeft(t, { started_at: at(-49), expires_at: at(-1) }, NOW)).toBe('Rental ended');
  });
});

describe('the time left on screen', () => {
  it('measures a rental that has just started from now, not from when it was first shown', async () => {
    const { render, screen } = await import('@testing-library/react');
    const { createElement } = await import('react');
    const { RentalTimeLeft } = await import('./rental-time-left.tsx');
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    try {
      const view = render(createElement(RentalTimeLeft, { rental: { started_at: null, expires_at: at(30 * 24) } }));
      // Ten minutes later the first play started the clock, a few seconds before the answer: 48 h from then.
      const started = NOW + 10 * 60_000;
      vi.setSystemTime(started + 5_000);
      view.rerender(createElement(RentalTimeLeft, { rental: { started_at: new Date(started).toISOString(), expires_at: new Date(started + 48 * 3_600_000).toISOString() } }));
      expect(screen.getByTestId('rental-time-left')).toHaveTextContent('Ends in 47 h');
    } finally {
      vi.useRealTimers();
    }
  });
});
