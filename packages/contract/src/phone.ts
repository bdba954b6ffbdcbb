import { z } from './zod.ts';

/**
 * Kenyan mobile numbers in every form people type them (CONTRACT §4):
 * 07XXXXXXXX, 7XXXXXXXX, 01XXXXXXXX, 1XXXXXXXX, 2547..., +2547..., with spaces or dashes.
 * Answers the 12-digit form M-Pesa wants (254XXXXXXXXX), or null.
 */
export function normaliseKenyanPhone(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?254|0)?([71]\d{8})$/.exec(compact);
  return match ? `254${match[1]}` : null;
}

export const KENYAN_PHONE_HINT = 'Enter a Kenyan mobile number, e.g. 0712 345 678.';

/** A Kenyan mobile number as text or digits, normalised to 254XXXXXXXXX. */
export const kenyanPhoneSchema = (requiredMessage = 'This field is required.') =>
  z.union([z.string(), z.number()], { error: requiredMessage }).transform((v, ctx) => {
    const phone = normaliseKenyanPhone(String(v));
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: KENYAN_PHONE_HINT });
      return z.NEVER;
    }
    return phone;
  });
