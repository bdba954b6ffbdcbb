import { describe, expect, it } from 'vitest';
import { formatDate } from './format.ts';

describe('formatDate', () => {
  it('writes YYYY-MM-DD HH:mm:ss in Nairobi time, across midnight and the year', () => {
    expect(formatDate('2026-01-31T22:30:05Z')).toBe('2026-02-01 01:30:05');
    expect(formatDate(new Date('2026-12-31T21:00:00Z'))).toBe('2027-01-01 00:00:00');
    expect(formatDate('2026-11-22T09:05:00Z')).toBe('2026-11-22 12:05:00');
  });

  it('keeps the day alone when asked', () => {
    expect(formatDate('2026-11-22T22:05:00Z', { dateOnly: true })).toBe('2026-11-23');
  });
});
