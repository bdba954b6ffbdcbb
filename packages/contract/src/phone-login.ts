import { z } from './zod.ts';
import { kenyanPhoneSchema } from './phone.ts';

/**
 * Signing in by phone (CONTRACT §16): a 6-digit code by SMS to an account's verified phone, single
 * use, 5 minutes, at most 3 an hour per number; the same 202 whether or not the number has an account.
 */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 5;
export const PHONE_CODES_PER_HOUR = 3;
export const PHONE_CODE_WRONG_TRIES = 5;

export const PHONE_CODE_SENT = 'If this number has an account, we sent it a code by SMS. It works for 5 minutes.';
export const PHONE_CODE_INVALID = 'Enter the 6-digit code from the SMS.';
export const PHONE_CODE_WRONG = 'That code is not right. Check the SMS and try again.';
export const PHONE_CODE_USED_OR_EXPIRED = 'This code has expired or was already used. Ask for a new one.';
export const PHONE_CODE_NEEDED = 'Your account has no password: confirm with the code we send to your phone by SMS.';
export const PHONE_CODE_SENT_SIGNED_IN = 'We sent a code by SMS to your phone. It works for 5 minutes.';
export const NO_VERIFIED_PHONE = 'Your account has no verified phone to send a code to. Sign in with your password, or pay once with M-Pesa from your phone.';

/** A code as typed: spaces allowed ("123 456"), six digits kept. */
export const phoneCodeSchema = z
  .string({ error: 'This field is required.' })
  .max(20, PHONE_CODE_INVALID)
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, PHONE_CODE_INVALID));

/** POST /api/login/phone/ (and, signed in, POST /api/me/phone-code/ takes no body). */
export const phoneLoginInputSchema = z.object({ phone_number: kenyanPhoneSchema() });
/** POST /api/login/phone/verify/: answers the login response. */
export const phoneLoginVerifySchema = z.object({ phone_number: kenyanPhoneSchema(), code: phoneCodeSchema });

/** POST /api/me/phone-code/: a code to confirm with, sent to the account's verified phone (shown masked). */
export const phoneCodeSentSchema = z.object({ detail: z.string(), phone_number: z.string().describe('The verified phone, masked: 2547•••••678') });
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;
