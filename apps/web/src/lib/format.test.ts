import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatKsh, truncateSynopsis } from './format.ts';

describe('formatting', () => {
  it('writes prices as Ksh with thousands separators', () => {
    expect(formatKsh(1250)).toBe('Ksh 1,250');
    expect(formatKsh(50)).toBe('Ksh 50');
  });
  it('writes dates in Nairobi time, whatever the device zone', () => {
    expect(formatDate('2026-01-31T22:30:05Z')).toBe('2026-02-01 01:30:05');
  });
  it('cuts a synopsis at 100 characters with [...]', () => {
    expect(truncateSynopsis('a'.repeat(120))).toBe(`${'a'.repeat(100)}[...]`);
    expect(truncateSynopsis('short')).toBe('short');
  });
  it('writes file sizes as a customer reads them before spending data', () => {
    expect(formatBytes(136)).toBe('136 B');
    expect(formatBytes(630_632)).toBe('631 KB');
    expect(formatBytes(4_200_000)).toBe('4.2 MB');
    expect(formatBytes(1_460_000_000)).toBe('1.5 GB');
  });
});
