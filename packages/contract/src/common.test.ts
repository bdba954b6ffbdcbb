import { describe, expect, it } from 'vitest';
import { idSchema, kshAmount, MAX_ID, pageSizeSchema, wholeNumber } from './common.ts';

describe('number fields', () => {
  it('take a JSON number or plain digits, and nothing that merely coerces to a number', () => {
    const n = wholeNumber((x) => x);
    expect(n.parse(250)).toBe(250);
    expect(n.parse('250')).toBe(250);
    expect(n.parse('-7')).toBe(-7);
    for (const bad of [true, false, '0x10', '1e3', [100], '', ' 5', '5 ', '1.5', 1.5, '+5', null, undefined, {}, 'Infinity', Number.NaN, '١٢']) {
      expect(n.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('keep ids within the database integer range', () => {
    const id = idSchema();
    expect(id.parse(MAX_ID)).toBe(MAX_ID);
    expect(id.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of [MAX_ID + 1, String(MAX_ID + 1), 0, -1, '99999999999999999999', [55]]) {
      expect(id.safeParse(bad).error?.issues.map((i) => i.message), JSON.stringify(bad)).toEqual(['A valid integer is required.']);
    }
  });

  it('say what is wrong with an amount', () => {
    const amount = kshAmount(1, 250_000);
    expect(amount.parse('150')).toBe(150);
    expect(amount.safeParse(true).error?.issues[0]?.message).toBe('Enter a whole number of shillings.');
    expect(amount.safeParse(0).error?.issues[0]?.message).toBe('Ensure this value is greater than or equal to 1.');
    expect(amount.safeParse(250_001).error?.issues[0]?.message).toBe('Ensure this value is less than or equal to 250,000.');
    expect(pageSizeSchema.safeParse('1e3').success).toBe(false);
    expect(pageSizeSchema.parse('20')).toBe(20);
    expect(pageSizeSchema.parse(undefined)).toBeUndefined();
  });
});
