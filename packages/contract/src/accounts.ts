import { z } from './zod.ts';
import { purchaseRecordSchema } from './catalog.ts';
import { hiddenByLockSchema } from './ratings.ts';
import { depositSchema } from './deposits.ts';
import { kenyanPhoneSchema } from './phone.ts';
import { phoneCodeSchema } from './phone-login.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_HINT = 'Password must be at least 8 characters';

/** Length only: no composition rules (NIST 800-63B). The server also refuses common passwords. */
export const passwordSchema = z
  .string({ error: 'This field is required.' })
  .min(PASSWORD_MIN, 'Password minimum, 8 characters!')
  .max(PASSWORD_MAX, `Password maximum, ${PASSWORD_MAX} characters.`);

/** Django's username rule, as the seed's server had it. */
export const usernameSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field is required.')
  .max(150, 'Ensure this field has no more than 150 characters.')
  .regex(/^[\w.@+-]+$/, 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.');

export const emailSchema = z
  .string({ error: 'This field is required.' })
  .trim()
  .toLowerCase()
  .min(1, 'This field is required.')
  .max(254, 'Ensure this field has no more than 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const registerInputSchema = z
  .object({ username: usernameSchema, email: emailSchema, password1: passwordSchema, password2: z.string({ error: 'This field is required.' }) })
  .refine((v) => v.password1 === v.password2, { path: ['password2'], message: "The two password fields didn't match." });

export const loginInputSchema = z.object({
  email: emailSchema,
  // Every issue of a string with `error` takes that message unless it has its own: a too-long password said 'required'.
  password: z.string({ error: 'This field is required.' }).min(1, 'This field is required.').max(PASSWORD_MAX, `Password maximum, ${PASSWORD_MAX} characters.`),
});

/** The languages of the store (CONTRACT §9): English, the default, and Kiswahili. */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageSchema = z.enum(LANGUAGES, { error: 'Select a valid choice.' });

export const tokensSchema = z.object({ access: z.string(), refresh: z.string() });

export const profileSchema = z
  .object({
    buyerid: z.number().int(),
    phone_number: z.string().nullable(),
    account: z.number().int().describe('Balance in Ksh; changes only through deposits and purchases'),
    country: z.string(),
    city: z.string(),
    profile_pic: z.string().nullable(),
    language: languageSchema.nullable().describe('The language the customer chose (en or sw); null until they choose one'),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const userSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    date_joined: z.string(),
    is_staff: z.boolean(),
    profile: profileSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** The seed's login response (seed §3). */
export const loginResponseSchema = z.object({
  is_staff: z.boolean(),
  tokens: tokensSchema,
  username: z.string(),
  purchase: z.array(purchaseRecordSchema),
  profile: z.object({ profile_pic: z.string().nullable(), language: languageSchema.nullable() }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const infoSchema = z.object({ user: userSchema, deposit_history: z.array(depositSchema), purchase: z.array(purchaseRecordSchema), hidden: hiddenByLockSchema });
export type Info = z.infer<typeof infoSchema>;

export const refreshInputSchema = z.object({ refresh: z.string().max(2000).optional() });
// An empty POST arrives as null: logging out needs no body when the cookie carries the token.
export const logoutInputSchema = z.object({ refresh_token: z.string().max(2000).optional() }).nullish();
export const resetRequestInputSchema = z.object({ email: emailSchema });
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired. Ask for a new one.';
export const resetInputSchema = z.object({
  token: z.string({ error: 'This field is required.' }).min(1, 'This field is required.').max(200, RESET_LINK_INVALID),
  new_password: passwordSchema,
});

/** PATCH /profile/{buyerid}/: `account` is accepted by the schema only to be refused with a 403. */
export const profileUpdateSchema = z.object({
  phone_number: kenyanPhoneSchema().optional(),
  username: usernameSchema.optional(),
  country: z.string().trim().max(100, 'Ensure this field has no more than 100 characters.').optional(),
  city: z.string().trim().max(100, 'Ensure this field has no more than 100 characters.').optional(),
  language: languageSchema.optional(),
  account: z.unknown().optional(),
});

export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your e-mail.';
export const CURRENT_PASSWORD_WRONG = 'That is not your current password.';
/** A new e-mail needs the current password (CONTRACT §3): a session alone must not move the account elsewhere. */
export const memberUpdateSchema = z.object({
  email: emailSchema.optional(),
  username: usernameSchema.optional(),
  current_password: z.string().max(PASSWORD_MAX).optional(),
  /** For an account with no password: a code sent by SMS to its verified phone (CONTRACT §16). */
  code: phoneCodeSchema.optional(),
});

/** A username this short may still be chosen once (seed §5). */
export const USERNAME_EDITABLE_MAX = 2;
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** The storefront's register form: the same fields and rules, the password typed once (sent as password1 and password2). */
export const registerFormSchema = z.object({ username: usernameSchema, email: emailSchema, password: passwordSchema });

/** The storefront's new-password form: the password twice, in the seed's words (CONTRACT §6); `new_password` is what the server checks. */
export const newPasswordFormSchema = z
  .object({ new_password: passwordSchema, confirm: z.string() })
  .refine((v) => v.new_password === v.confirm, { path: ['confirm'], message: "Passwords don't match!" });

/**
 * The storefront's profile form: the profile update's own rules, an empty phone meaning "not given",
 * and the e-mail (PATCH /members/) with the current password a new one needs.
 */
export const profileFormSchema = profileUpdateSchema
  .omit({ account: true })
  .extend({ phone_number: z.literal('').or(kenyanPhoneSchema()), email: emailSchema, current_password: memberUpdateSchema.shape.current_password });
