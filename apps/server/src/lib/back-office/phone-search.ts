import { ilike, type AnyColumn, type SQL } from 'drizzle-orm';
import { likePattern } from './list-query.ts';

/**
 * A phone number as staff type it, whole or its start, in the form phones are stored (254 and nine
 * digits): `0722000111`, `+254 722 000 111`, `254-722-000-111` and `0722 000` become `254722000111`
 * and `254722000`; `722000111` stays as it is (found inside the stored number). Null for anything
 * that is not a phone number (a name, an e-mail, fewer than three digits).
 */
export function storedPhoneDigits(q: string): string | null {
  const compact = q.trim().replace(/[\s\-().]/g, '');
  if (!/^\+?\d{3,}$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
}

/** A search for a stored phone column: the number as typed, and as stored when it is one. */
export function phoneMatches(column: AnyColumn, q: string): SQL[] {
  const digits = storedPhoneDigits(q);
  return [ilike(column, likePattern(q)), ...(digits ? [ilike(column, likePattern(digits))] : [])];
}
