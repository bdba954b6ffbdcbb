import { z } from './zod.ts';
import { groupDigits } from './format.ts';

/** Every non-field error of the API: `{"detail": "..."}` (CONTRACT §3). */
export const errorDetailSchema = z.object({ detail: z.string() }).meta({ id: 'ErrorDetail' });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** Field errors: `{"field": ["message", ...]}` (CONTRACT §3). */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string())).meta({ id: 'FieldErrors' });
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The largest id the database holds (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

const PLAIN_INTEGER = /^-?\d{1,16}$/;

/**
 * A whole number as JSON sends it, or as plain digits where a form or a query string sends text
 * ("250"). Nothing else passes for a number: not `true`, "0x10", "1e3", "", " 5 " or [100], which
 * z.coerce.number() would all have turned into numbers. `check` adds the ranges and their messages.
 */
export function wholeNumber<T extends z.ZodType<number, number>>(check: (n: z.ZodNumber) => T, message = 'A valid integer is required.') {
  const number = z.number({ error: message });
  return z.union([number, z.string().regex(PLAIN_INTEGER).transform(Number)], { error: message }).pipe(check(number.int(message)));
}

/** An id in a body or a query: a whole number from 1 to MAX_ID. */
export const idSchema = (message = 'A valid integer is required.') => wholeNumber((n) => n.min(1, message).max(MAX_ID, message), message);

/** Whole Ksh within a range, as a number or plain digits (a form's field). */
export const kshAmount = (min: number, max: number) =>
  wholeNumber((n) => n.min(min, `Ensure this value is greater than or equal to ${groupDigits(min)}.`).max(max, `Ensure this value is less than or equal to ${groupDigits(max)}.`), 'Enter a whole number of shillings.');

/**
 * A name or title staff type in the back office: missing, null (react-admin sends an emptied field
 * as null), not text or blank are all "{label} is required.", so each refusal is a catalog sentence.
 */
export function requiredText(label: string, max: number) {
  const required = `${label} is required.`;
  return z.string({ error: required }).trim().min(1, required).max(max, `${label} must be at most ${max} characters.`);
}

/** Free text staff may leave empty: an emptied field (null) is saved as ''. */
export const optionalText = (max: number, message: string) =>
  z.string().trim().max(max, message).nullable().default('').transform((s) => s ?? '');

/** A Kiswahili version of what staff write: null (or emptied) means none, and the English is shown. */
export const optionalTranslation = (max: number, message: string) =>
  z.string().trim().max(max, message).nullable().optional().transform((s) => (s ? s : null));

export const MAX_PAGE_SIZE = 1000;

/** The list envelope of every collection: page-number pagination as Django REST framework answers it. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** page_size: a whole number from 1 to 1000; omitted means the endpoint's default. */
export const pageSizeSchema = wholeNumber((n) => n.min(1, 'Ensure this value is greater than or equal to 1.').max(MAX_PAGE_SIZE, `Ensure this value is less than or equal to ${MAX_PAGE_SIZE}.`)).optional();

/** `true`/`false` as a query string flag (1/0 accepted too). */
export const queryFlagSchema = z
  .enum(['true', 'false', '1', '0', 'True', 'False'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true' || v === '1' || v === 'True')
  .optional();

/** Page is kept as text: a page that is not a positive number is a 404 "Invalid page.", as in DRF. */
export const pageParamSchema = z.string().max(20).optional();

/** A 400 is either field errors or, for a body that is not JSON at all, a detail. */
export const badRequestSchema = z.union([fieldErrorsSchema, errorDetailSchema]).meta({ id: 'BadRequest' });
