import { describe, expect, it } from 'vitest';
import { formatDate, groupDigits } from './format.ts';

describe('formatDate', () => {
  it('writes YYYY-MM-DD HH:mm:ss in Nairobi time, across midnight and the year', () => {
    expect(formatDate('2026-01-31T22:30:05Z')).toBe('2026-02-01 01:30:05');
    expect(formatDate(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(formatDate('2026-11-22T09:05:00Z')).toBe('2026-11-22 12:05:00');
  });

  it('says what Intl says in Africa/Nairobi, for any moment since 1970', () => {
    const nairobi = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Africa/Nairobi', dateStyle: 'short', timeStyle: 'medium' });
    for (let i = 0; i < 1000; i++) {
      const when = new Date(Math.floor(Math.random() * Date.UTC(2100, 0, 1)));
      expect(formatDate(when), when.toISOString()).toBe(nairobi.format(when));
    }
  });

  it('refuses a value that is not a date, as Intl did', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });

  it('keeps the day alone when asked', () => {
    expect(formatDate('2026-11-22T22:05:00Z', { dateOnly: true })).toBe('2026-11-23');
  });
});

describe('groupDigits', () => {
  it('writes numbers as en-KE does, without loading Intl', () => {
    expect(groupDigits(1250)).toBe('1,250');
    expect(groupDigits(150_000)).toBe('150,000');
    expect(groupDigits(1_583.25, 1)).toBe('1,583.3');
    expect(groupDigits(-1_000_000)).toBe('-1,000,000');
    expect(groupDigits(-0.04)).toBe('0');
  });

  it('rounds and groups exactly as Intl.NumberFormat en-KE, across signs, halves and sizes', () => {
    const values = [0, -0, 0.05, 0.4, 0.45, 0.5, 1, -1, 999, 1000, -1000, 2.5, -2.5, 12.34, 64.8, 999.95, 1600, 12_345.678, 2_147_483_647, -0.04];
    for (let i = 0; i < 500; i++) values.push(Math.round((Math.random() - 0.3) * 10 ** (i % 10) * 1000) / 1000);
    for (const digits of [0, 1]) {
      const intl = new Intl.NumberFormat('en-KE', { maximumFractionDigits: digits });
      // Intl writes "-0" for a negative that rounds to nothing; a price or balance never shows that.
      for (const v of values) expect(groupDigits(v, digits), `${v} with ${digits}`).toBe(intl.format(v).replace(/^-0$/, '0'));
    }
  });
});
