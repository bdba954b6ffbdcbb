import { z } from './zod.ts';
import { kshAmount } from './common.ts';
import { kenyanPhoneSchema } from './phone.ts';
import { promoCodeField } from './promo-codes.ts';
import { ageConfirmedField } from './ratings.ts';

/** What a pass covers (CONTRACT §14): every video, one DJ's, one genre's or one category's. */
export const PASS_SCOPE_KINDS = ['all', 'dj', 'genre', 'category'] as const;
export type PassScopeKind = (typeof PASS_SCOPE_KINDS)[number];

/** How a customer's pass renews: never without their word (CONTRACT §14). */
export const PASS_RENEWALS = ['off', 'prompt', 'standing_order'] as const;
export type PassRenewal = (typeof PASS_RENEWALS)[number];

/** What a scope names: a DJ's or genre's id, a category ('movie', 'series', 'anime', 'guide'), or null for everything. */
const scopeValue = z.union([z.number().int().positive(), z.string().trim().min(1).max(40)]).nullable();

/** A pass's scope: `value` is the DJ's or genre's id or the category; null for everything. */
export const passScopeSchema = z
  .object({
    kind: z.enum(PASS_SCOPE_KINDS),
    value: scopeValue,
    /** The DJ's, genre's or category's name, for the page (null for everything). */
    name: z.string().nullable().optional(),
  })
  .meta({ id: 'PassScope' });
export type PassScope = z.infer<typeof passScopeSchema>;

/** GET /api/passes/: a pass product on sale. */
export const passProductSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    scope: passScopeSchema,
    hours: z.number().int().describe('How long one purchase runs'),
    price: z.number().int().describe('Whole Ksh'),
    active: z.boolean(),
    video_count: z.number().int().describe('Playable videos in its scope'),
  })
  .meta({ id: 'PassProduct' });
export type PassProduct = z.infer<typeof passProductSchema>;

/** GET /api/passes/mine/: a customer's pass (one per product; buying it again while live stacks its hours). */
export const customerPassSchema = z
  .object({
    id: z.number().int(),
    pass_id: z.number().int(),
    title: z.string(),
    scope: passScopeSchema,
    starts_at: z.string().describe('ISO 8601, UTC'),
    ends_at: z.string().describe('ISO 8601, UTC: no streams after this'),
    live: z.boolean(),
    renewal: z.enum(PASS_RENEWALS),
    price: z.number().int().describe('What the next period costs, whole Ksh'),
    hours: z.number().int(),
  })
  .meta({ id: 'CustomerPass' });
export type CustomerPass = z.infer<typeof customerPassSchema>;

/** POST /api/passes/{id}/buy/: as every way to pay, a phone for a shortfall and one promo code (kind `pass`). */
export const passBuyInputSchema = z.looseObject({
  phone_number: kenyanPhoneSchema().optional(),
  promo_code: promoCodeField,
  ...ageConfirmedField,
});
export type PassBuyInput = z.infer<typeof passBuyInputSchema>;

/** POST /api/passes/{id}/buy/ paid from the balance (201). */
export const passBoughtSchema = z.object({ pass: customerPassSchema, balance: z.number().int() }).meta({ id: 'PassBought' });
export type PassBought = z.infer<typeof passBoughtSchema>;

/** PUT /api/passes/mine/{id}/renewal */
export const passRenewalInputSchema = z.object({
  renewal: z.enum(PASS_RENEWALS, { error: 'Renewal is off, prompt or standing_order.' }),
  /** For a standing order: the M-Pesa number that approves it (the account's phone when left out). */
  phone_number: kenyanPhoneSchema().optional(),
});
export type PassRenewalInput = z.infer<typeof passRenewalInputSchema>;

/** On a video, with a token: the customer's live pass that covers it, or null (CONTRACT §14). */
export const videoPassSchema = z.object({ id: z.number().int(), ends_at: z.string() }).nullable();

/** Staff: /api/admin/passes/ */
export const adminPassProductInputSchema = z.object({
  title: z.string().trim().min(1, 'Give the pass a title.').max(120),
  scope: z.object({ kind: z.enum(PASS_SCOPE_KINDS), value: scopeValue.optional() }),
  hours: z.number().int().min(1, 'A pass runs at least an hour.').max(24 * 366),
  price: kshAmount(1, 100_000),
  active: z.boolean().default(true),
});
export type AdminPassProductInput = z.infer<typeof adminPassProductInputSchema>;
