import { describe, expect, it } from 'vitest';
import { normaliseKenyanPhone } from './phone.ts';

describe('Kenyan phone numbers', () => {
  it.each(['0712345678', '712345678', '254712345678', '+254712345678', '+254 712 345 678', '0712-345-678'])(
    'reads %s as 254712345678',
    (input) => expect(normaliseKenyanPhone(input)).toBe('254712345678'),
  );
  it.each(['0112345678', '112345678', '+254112345678'])('reads the 01 range %s', (input) =>
    expect(normaliseKenyanPhone(input)).toBe('254112345678'),
  );
  it.each(['', '12345', '0812345678', '+255712345678', '07123456789', 'O712345678', '25471234567'])('refuses %s', (input) =>
    expect(normaliseKenyanPhone(input)).toBeNull(),
  );
});
