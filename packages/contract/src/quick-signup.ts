import { z } from './zod.ts';
import { emailSchema, loginResponseSchema } from './accounts.ts';
import { kenyanPhoneSchema } from './phone.ts';
import { MAX_ID } from './common.ts';

/**
 * Sign-up at checkout: a new customer gives only an e-mail and the M-Pesa phone that pays (issue 13),
 * and carries on through a sign-in link mailed to that address (issue 24 item 13: the answer is the
 * same whether or not the e-mail has an account).
 */
export const quickSignupInputSchema = z.object({ email: emailSchema, phone_number: kenyanPhoneSchema() });
/**
 * What the storefront sends: the fields, and the purchase to carry on after the mailed sign-in link
 * (`next`, a path of the store, and the videos being bought).
 */
const INVALID_ID = 'A valid integer is required.';
export const NOT_A_STORE_PATH = 'Give a page of this store to carry on at.';
/** A path of this store in printable ASCII (the storefront sends its own, percent-encoded): never `//host` nor `/\\host`. */
const STORE_PATH = /^\/(?![/\\])[\x21-\x7e]*$/;
export const quickSignupRequestSchema = quickSignupInputSchema.extend({
  // Refused here, in the answer, what the link could not store after it (a NUL, an id beyond the column).
  next: z.string().max(500).regex(STORE_PATH, NOT_A_STORE_PATH).optional(),
  video_ids: z.array(z.number().int(INVALID_ID).min(1, INVALID_ID).max(MAX_ID, INVALID_ID)).max(100).optional(),
});
export type QuickSignupInput = z.infer<typeof quickSignupRequestSchema>;

/**
 * The answer to every sign-up at checkout, whether or not the e-mail has an account (issue 24 item
 * 13): a sign-in link goes to the address either way, and nobody learns who has an account.
 */
export const CHECK_EMAIL_TO_CARRY_ON = 'Check your e-mail: we sent you a link to carry on with your purchase.';
export const SIGN_IN_LINK_INVALID = 'This sign-in link is invalid, used or expired. Ask for a new one.';
export const signInLinkInputSchema = z.object({ token: z.string({ error: 'This field is required.' }).min(1, 'This field is required.').max(200, SIGN_IN_LINK_INVALID) });
/** Signing in through the link: the login answer, and where the purchase carries on. */
export const signInLinkResponseSchema = loginResponseSchema.extend({ next: z.string().nullable(), video_ids: z.array(z.number().int()) });
export type SignInLinkResponse = z.infer<typeof signInLinkResponseSchema>;
/**
 * A live link looked at before it is used (not claimed): whose it is, its address masked, and whether
 * this browser asked for it. Only there does it carry the purchase on; elsewhere the page asks first.
 */
export const signInLinkCheckSchema = z.object({ email: z.string(), same_browser: z.boolean() });
export type SignInLinkCheck = z.infer<typeof signInLinkCheckSchema>;
