import { z } from './zod.ts';
import { phoneCodeSchema } from './phone-login.ts';

/**
 * The Kenya Film Classification Board's ratings (CONTRACT §13): GE general exhibition, PG parental
 * guidance, 16 and 18 not for viewers under that age. A video always carries one. The list and the
 * lock's rule live in rating-rules.ts (no zod there).
 */
import { RATINGS, type Rating } from './rating-rules.ts';
export * from './rating-rules.ts';
export const ratingSchema = z.enum(RATINGS, { error: `Choose one of: ${RATINGS.join(', ')}.` });

/** `rating=GE,PG` on a list: one or more ratings, comma-separated, in any case; a wrong one is a 400. */
export const ratingFilterSchema = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const parts = s.split(',').map((p) => p.trim().toUpperCase()).filter(Boolean);
    const wrong = parts.filter((p) => !(RATINGS as readonly string[]).includes(p));
    if (wrong.length || parts.length === 0) {
      ctx.addIssue({ code: 'custom', message: `Choose one of: ${RATINGS.join(', ')}.` });
      return z.NEVER;
    }
    return [...new Set(parts)].sort((a, b) => RATINGS.indexOf(a as Rating) - RATINGS.indexOf(b as Rating)) as Rating[];
  })
  .optional();

/** What a seller adds to a sale of a 16 or 18 video once (CONTRACT §13): the customer says they are old enough. */
export const ageConfirmedField = { age_confirmed: z.boolean().optional() };

/**
 * A sale of a 16 or 18 video refused (403): until the customer has confirmed their age once
 * (`age_confirmation_required`), or while the family lock is on and the request carries no unlock
 * value (`family_lock`).
 */
export const ratedSaleRefusalSchema = z
  .object({ detail: z.string(), age_confirmation_required: z.literal(true).optional(), family_lock: z.literal(true).optional() })
  .meta({ id: 'RatedSaleRefusal' });
export const AGE_CONFIRMATION_NEEDED = 'This video is rated 16 or 18. Confirm that you are 18 or older to buy it.';
export const FAMILY_LOCK_ON = 'The family lock is on. Enter the PIN to buy or watch videos rated 16 or 18.';

/** The family lock's PIN: exactly four digits. */
export const familyPinSchema = z.string({ error: 'Enter a 4-digit PIN.' }).regex(/^\d{4}$/, 'Enter a 4-digit PIN.');

/**
 * PUT /family-lock/: turn it on, or set a new PIN (a forgotten one too), with the account's password,
 * or, for an account with no password, a code sent by SMS (`code`, CONTRACT §16; the server says
 * which one is missing).
 */
export const familyLockOnSchema = z.object({
  pin: familyPinSchema,
  password: z.string({ error: 'This field is required.' }).min(1, 'This field is required.').max(128).optional(),
  code: phoneCodeSchema.optional(),
});
/** DELETE /family-lock/: off, with the password or the SMS code. */
export const familyLockOffSchema = familyLockOnSchema.omit({ pin: true });
/** POST /family-lock/unlock/. */
export const familyUnlockSchema = z.object({ pin: familyPinSchema });

/** The header that carries an unlock value (valid 4 hours, for the account that made it). */
export const FAMILY_UNLOCK_HEADER = 'X-Family-Unlock';
export const FAMILY_UNLOCK_HOURS = 4;

/** GET/PUT/DELETE /family-lock/: whether the lock is on, and whether this request's unlock value opens it. */
export const familyLockStateSchema = z
  .object({
    enabled: z.boolean(),
    unlocked_until: z.string().nullable(),
    age_confirmed: z.boolean(),
    /** What turns it on or off: the password, or for an account with none an SMS code (POST /me/phone-code/). */
    confirm_with: z.enum(['password', 'code']).optional(),
  })
  .meta({ id: 'FamilyLockState' });
export type FamilyLockState = z.infer<typeof familyLockStateSchema>;

export const familyUnlockResultSchema = z
  .object({ unlock: z.string().describe('Send it as X-Family-Unlock'), expires_at: z.string() })
  .meta({ id: 'FamilyUnlock' });
export type FamilyUnlockResult = z.infer<typeof familyUnlockResultSchema>;

/**
 * CONTRACT §16, "the family lock names nothing it hides": a list answered to an account under the
 * lock (no valid X-Family-Unlock) leaves out every row naming a 16 or 18 video and says here how many
 * it left out; 0 when nothing is hidden (lock off, unlocked, or nothing rated so). A bare array in
 * the seed's shape (GET /api/purchases/) says it in the X-Family-Hidden header instead.
 */
export const hiddenByLockSchema = z
  .number()
  .int()
  .describe('How many rows the family lock leaves out of this answer (rows naming a 16 or 18 video, CONTRACT §16); 0 when none');
export const FAMILY_HIDDEN_HEADER = 'x-family-hidden';
