import { z } from './zod.ts';
import { idSchema, kshAmount, requiredText, wholeNumber } from './common.ts';
import { KENYAN_PHONE_HINT, kenyanPhoneSchema, normaliseKenyanPhone } from './phone.ts';
import { languageSchema } from './accounts.ts';

/**
 * DJ earnings and payouts (CONTRACT §12): the staff DJ resource with its revenue share and M-Pesa
 * phone, a DJ's monthly statement, and payouts through M-Pesa B2C.
 */

/** An M-Pesa phone in any Kenyan form, normalised to 254XXXXXXXXX; empty or null clears it. */
const payoutPhoneSchema = z
  .union([z.string(), z.number(), z.null()])
  .transform((v, ctx) => {
    if (v === null || String(v).trim() === '') return null;
    const phone = normaliseKenyanPhone(String(v));
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: KENYAN_PHONE_HINT });
      return z.NEVER;
    }
    return phone;
  });

export const adminDjWriteSchema = z.object({
  dj_name: requiredText('The DJ name', 60),
  revenue_share_percent: wholeNumber((n) => n.min(0, 'Enter a share from 0 to 100 percent.').max(100, 'Enter a share from 0 to 100 percent.'), 'Enter a share from 0 to 100 percent.').default(0),
  payout_phone: payoutPhoneSchema.default(null),
});
export type AdminDjWrite = z.infer<typeof adminDjWriteSchema>;

export const adminDjSchema = z.object({
  id: z.number().int(),
  dj_name: z.string(),
  created_at: z.string(),
  revenue_share_percent: z.number().int(),
  payout_phone: z.string().nullable(),
  /** The login of role dj linked to this DJ, if any. */
  login_username: z.string().nullable(),
});
export type AdminDj = z.infer<typeof adminDjSchema>;

/** YYYY-MM, a month of Nairobi time, within the years the store can have traded (no dates past what a clock can hold). */
export const statementMonthSchema = z
  .string({ error: 'Give the month as YYYY-MM.' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM.')
  // Only a month already in form is told the range: one message at a time.
  .refine((m) => !/^\d{4}-\d{2}$/.test(m) || (m >= '2000-01' && m <= '2099-12'), 'Give a month from 2000-01 to 2099-12.');

export const statementQuerySchema = z.object({
  month: statementMonthSchema,
  format: z.enum(['json', 'csv']).default('json'),
});

export const statementLineSchema = z.object({
  date: z.string(),
  kind: z.string(),
  title: z.string(),
  /** Ksh paid for the video, VAT included; negative for a refund. */
  paid: z.number().int(),
  vat: z.number().int(),
  earned: z.number().int(),
  /** The DJ's share (%) in force at the sale, which `earned` is of what was paid less VAT. */
  share_percent: z.number().int(),
});

export const statementSchema = z.object({
  dj_id: z.number().int(),
  month: z.string(),
  lines: z.array(statementLineSchema),
  /**
   * The month adds up: brought_forward + earned − refunds − withholding_tax − payouts = carried_forward.
   * brought_forward is what was owed at the month's start, carried_forward what was owed at its end.
   */
  brought_forward: z.number().int(),
  /** What the month's sales, rentals and pass shares earned. */
  earned: z.number().int(),
  /** What the month's refunds and credit notes took back (a positive number). */
  refunds: z.number().int(),
  /** earned − refunds. */
  earnings: z.number().int(),
  /** The month's part of the tax withheld on all earnings to date (so months add up to the shilling). */
  withholding_tax: z.number().int(),
  payouts: z.number().int(),
  carried_forward: z.number().int(),
  /** All earnings to date less withholding tax, less payouts sent or on their way. */
  owed: z.number().int(),
});
export type Statement = z.infer<typeof statementSchema>;

export const payoutInputSchema = z.object({
  dj_id: idSchema(),
  amount: kshAmount(10, 250_000),
});

export const payoutSchema = z.object({
  id: z.number().int(),
  dj_id: z.number().int(),
  amount: z.number().int(),
  state: z.enum(['pending', 'completed', 'failed']),
  mpesa_receipt: z.string().nullable(),
  phone: z.string(),
  result_desc: z.string().nullable(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * Staff invite a DJ to a login of their own (issue 32 item 16): by the DJ's e-mail or phone, one of
 * them, and in the DJ's language. The login has no password; a sign-in link goes by mail or SMS.
 */
export const djInviteInputSchema = z
  .object({
    email: z.email({ error: 'Enter a valid email address.' }).optional(),
    phone_number: kenyanPhoneSchema().optional(),
    language: languageSchema.default('en'),
  })
  .refine((v) => v.email !== undefined || v.phone_number !== undefined, { message: 'Give the DJ’s e-mail or phone number.', path: ['email'] })
  .refine((v) => v.email === undefined || v.phone_number === undefined, { message: 'Give the e-mail or the phone number, not both.', path: ['phone_number'] });
export type DjInviteInput = z.infer<typeof djInviteInputSchema>;

export const djInviteSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  dj_id: z.number().int(),
  /** How the sign-in link went. */
  sent_by: z.enum(['email', 'sms']),
});
export type DjInvite = z.infer<typeof djInviteSchema>;

export const djLoginInputSchema = z.object({
  username: requiredText('The username', 150),
  email: z.email({ error: 'Enter a valid email address.' }),
  password: z.string({ error: 'This field is required.' }).min(8, 'This password is too short. It must contain at least 8 characters.'),
});
