import { z } from './zod.ts';
import { emailSchema } from './accounts.ts';
import { kenyanPhoneSchema } from './phone.ts';

/**
 * Sign-up at checkout: a new customer gives only an e-mail and the M-Pesa phone that pays, and is
 * signed in at once; a link to choose a password arrives by e-mail (issue 13: six taps from a store
 * page to a playing video).
 */
export const quickSignupInputSchema = z.object({ email: emailSchema, phone_number: kenyanPhoneSchema() });
export type QuickSignupInput = z.infer<typeof quickSignupInputSchema>;

export const EMAIL_HAS_ACCOUNT = 'This e-mail already has an account. Log in to buy.';
