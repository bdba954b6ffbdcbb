import { describe, expect, it } from 'vitest';
import { splitVat } from './vat.ts';

describe('VAT at 16% inside the price', () => {
  it('finds the VAT inside odd prices to the cent (Ksh 1, 7, 199, 250,000)', () => {
    expect(splitVat([{ amount: 1 }])).toEqual({ lines: [14], vat: 14, total: 100, net: 86 });
    expect(splitVat([{ amount: 7 }]).vat).toBe(97); // 7 x 16/116 = 0.9655
    expect(splitVat([{ amount: 199 }]).vat).toBe(2745); // 27.448
    expect(splitVat([{ amount: 250_000 }]).vat).toBe(3_448_276); // 34,482.758
  });

  it('loses no cent across a cart: the lines add up to the VAT of the whole', () => {
    const cart = [1, 7, 199, 250_000, 7, 7, 1].map((amount) => ({ amount }));
    const split = splitVat(cart);
    const total = cart.reduce((a, l) => a + l.amount, 0) * 100;
    expect(split.total).toBe(total);
    expect(split.vat).toBe(Math.round((total * 16) / 116));
    expect(split.lines.reduce((a, b) => a + b, 0)).toBe(split.vat);
    // Each line is within a cent of its exact share.
    split.lines.forEach((v, i) => expect(Math.abs(v - (cart[i]!.amount * 100 * 16) / 116)).toBeLessThan(1));
  });

  it('gives three lines of Ksh 7 the 2.90 of Ksh 21, not 0.97 three times', () => {
    const split = splitVat([{ amount: 7 }, { amount: 7 }, { amount: 7 }]);
    expect(split.vat).toBe(290);
    expect(split.lines).toEqual([97, 97, 96]);
  });

  it('keeps the VAT a line already has (a credit note mirroring its invoice line) and splits the others among themselves', () => {
    // Two lines of Ksh 200 share 55.17 as 27.59 and 27.58; a credit note of the second gives back 27.58, not 27.59.
    expect(splitVat([{ amount: 200 }, { amount: 200 }]).lines).toEqual([2759, 2758]);
    expect(splitVat([{ amount: 200, vat: 2758 }])).toEqual({ lines: [2758], vat: 2758, total: 20_000, net: 17_242 });
    expect(splitVat([{ amount: 200, vat: 2758 }, { amount: 7 }, { amount: 7 }])).toEqual({ lines: [2758, 97, 96], vat: 2951, total: 21_400, net: 18_449 });
  });
});
