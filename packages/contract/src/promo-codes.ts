import { z } from './zod.ts';
import { idSchema, kshAmount, queryFlagSchema } from './common.ts';

/** The ways of selling a code may be limited to (CONTRACT §11). */
export const PROMO_KINDS = ['purchase', 'rental', 'bundle', 'gift', 'pass'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** A redemption's life: held while its M-Pesa payment is open, used once paid, released if it fails or is cancelled. */
export const PROMO_REDEMPTION_STATES = ['held', 'used', 'released'] as const;
export type PromoRedemptionState = (typeof PROMO_REDEMPTION_STATES)[number];

const CODE_WORDS = 'A code is 4 to 32 letters and digits.';
/** A code as typed: letters and digits, 4 to 32; case does not matter (kept and compared in capitals). */
export const promoCodeSchema = z
  .string({ error: CODE_WORDS })
  .trim()
  .regex(/^[A-Za-z0-9]{4,32}$/, CODE_WORDS)
  .transform((s) => s.toUpperCase());

/** The optional `promo_code` of every way to pay (purchase, checkout, rental, bundle, gift). */
export const promoCodeField = z.string().trim().max(32).optional();

/** Comma-separated ids in a query string: "1,2,3". */
const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Give the videos as ids separated by commas, like 1,2.')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/**
 * GET /api/promo-codes/{code}/: what the code would take off `video_ids` (a purchase; `rental=1` a
 * rental of the one video; `gift=1` a gift of them) or off `bundle_id`. Read only: nothing is held.
 */
export const promoPreviewQuerySchema = z.object({
  video_ids: idList.optional(),
  bundle_id: idSchema().optional(),
  rental: queryFlagSchema,
  gift: queryFlagSchema,
});
export type PromoPreviewQuery = z.infer<typeof promoPreviewQuerySchema>;

/** The preview's answer; a code that does not apply is a 400 `{"promo_code": ["one plain sentence why"]}`. */
export const promoCodePreviewSchema = z
  .object({
    code: z.string().describe('The code, in capitals'),
    discount: z.number().int().describe('Ksh taken off'),
    total_before: z.number().int(),
    total_after: z.number().int().describe('What would be paid: total_before less discount, 0 or more'),
  })
  .meta({ id: 'PromoCodePreview' });
export type PromoCodePreview = z.infer<typeof promoCodePreviewSchema>;

/** What a code is limited to: any of these videos, DJs' videos, genres' videos or bundles; all empty means everything. */
export const promoAppliesToSchema = z.object({
  video_ids: z.array(idSchema()).max(500).default([]),
  dj_ids: z.array(idSchema()).max(100).default([]),
  genre_ids: z.array(idSchema()).max(100).default([]),
  bundle_ids: z.array(idSchema()).max(100).default([]),
});
export type PromoAppliesTo = z.infer<typeof promoAppliesToSchema>;

const when = z.iso.datetime({ offset: true, error: 'Enter a date and time.' }).nullable().default(null);
const kinds = z.array(z.enum(PROMO_KINDS)).min(1, 'Choose at least one way of selling.').default([...PROMO_KINDS]);

/** The terms a code and a batch share: what it takes off, when, how often and on what. */
const promoTermsShape = {
  percent_off: z.number().int().min(1, 'A percent from 1 to 100.').max(100, 'A percent from 1 to 100.').nullable().default(null),
  amount_off: kshAmount(1, 250_000).nullable().default(null),
  valid_from: when,
  valid_until: when,
  min_total: kshAmount(0, 250_000).default(0),
  applies_to: promoAppliesToSchema.default({ video_ids: [], dj_ids: [], genre_ids: [], bundle_ids: [] }),
  kinds,
  first_purchase_only: z.boolean().default(false),
  active: z.boolean().default(true),
  note: z.string().trim().max(200, 'At most 200 characters.').nullable().default('').transform((s) => s ?? ''),
};

type Terms = { percent_off: number | null; amount_off: number | null; valid_from: string | null; valid_until: string | null };
/** Exactly one of percent_off and amount_off; valid_until after valid_from. Applied to whole inputs (a partial PUT is checked against the stored code). */
export function checkPromoTerms(t: Partial<Terms>, ctx: { addIssue: (i: { code: 'custom'; message: string; path: string[] }) => void }) {
  if ((t.percent_off == null) === (t.amount_off == null)) ctx.addIssue({ code: 'custom', message: 'Give a percent off or an amount off, not both.', path: ['percent_off'] });
  if (t.valid_from && t.valid_until && Date.parse(t.valid_until) <= Date.parse(t.valid_from)) ctx.addIssue({ code: 'custom', message: 'The end must come after the start.', path: ['valid_until'] });
}

/** Back office: a code as staff write it. `max_redemptions` null means no total limit. */
export const adminPromoCodeInputSchema = z.object({
  code: promoCodeSchema,
  ...promoTermsShape,
  max_redemptions: z.number().int().min(1, 'Ensure this value is greater than or equal to 1.').nullable().default(null),
  per_customer: z.number().int().min(1, 'Ensure this value is greater than or equal to 1.').max(1000).default(1),
});
export type AdminPromoCodeInput = z.infer<typeof adminPromoCodeInputSchema>;

/** Back office: a code with its use (Stripe's times_redeemed: held and used redemptions). */
export const adminPromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off: z.number().int().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  max_redemptions: z.number().int().nullable(),
  per_customer: z.number().int(),
  min_total: z.number().int(),
  applies_to: z.object({ video_ids: z.array(z.number().int()), dj_ids: z.array(z.number().int()), genre_ids: z.array(z.number().int()), bundle_ids: z.array(z.number().int()) }),
  kinds: z.array(z.enum(PROMO_KINDS)),
  first_purchase_only: z.boolean(),
  active: z.boolean(),
  note: z.string(),
  batch_id: z.number().int().nullable(),
  times_redeemed: z.number().int().describe('Redemptions held or used'),
  total_discount: z.number().int().describe('Ksh taken off by used redemptions'),
  created_at: z.string(),
});
export type AdminPromoCode = z.infer<typeof adminPromoCodeSchema>;

/** Back office: one use of a code, by whom, for which order. */
export const adminPromoRedemptionSchema = z.object({
  id: z.number().int(),
  promo_code_id: z.number().int(),
  code: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  kind: z.enum(PROMO_KINDS),
  order_reference: z.string(),
  discount: z.number().int(),
  state: z.enum(PROMO_REDEMPTION_STATES),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type AdminPromoRedemption = z.infer<typeof adminPromoRedemptionSchema>;

/** Batches: N single-use codes, prefix + an unguessable suffix, for a DJ to read out on radio. */
export const MAX_PROMO_BATCH = 1000;
export const adminPromoBatchInputSchema = z.object({
  prefix: z
    .string({ error: 'A prefix is 2 to 12 letters and digits.' })
    .trim()
    .regex(/^[A-Za-z0-9]{2,12}$/, 'A prefix is 2 to 12 letters and digits.')
    .transform((s) => s.toUpperCase()),
  count: z.number().int().min(1, 'From 1 to 1,000 codes.').max(MAX_PROMO_BATCH, 'From 1 to 1,000 codes.'),
  ...promoTermsShape,
});
export type AdminPromoBatchInput = z.infer<typeof adminPromoBatchInputSchema>;

export const adminPromoBatchSchema = z.object({
  id: z.number().int(),
  prefix: z.string(),
  count: z.number().int(),
  percent_off: z.number().int().nullable(),
  amount_off: z.number().int().nullable(),
  valid_until: z.string().nullable(),
  note: z.string(),
  used: z.number().int().describe('Codes of the batch used at least once'),
  created_at: z.string(),
});
export type AdminPromoBatch = z.infer<typeof adminPromoBatchSchema>;
