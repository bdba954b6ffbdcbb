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
