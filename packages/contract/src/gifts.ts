import { z } from './zod.ts';
import { idSchema } from './common.ts';
import { emailSchema } from './accounts.ts';
import { imageVariantSchema } from './catalog.ts';
import { kenyanPhoneSchema } from './phone.ts';
import { customerPassSchema } from './passes.ts';
import { ageConfirmedField } from './ratings.ts';

/** A gift's life: paid and told to its recipient (`sent`), claimed by them, or back with its giver after 30 days. */
export const GIFT_STATES = ['sent', 'claimed', 'returned'] as const;
export type GiftState = (typeof GIFT_STATES)[number];

/** The longest message a giver may write. */
export const MAX_GIFT_MESSAGE = 300;

/**
 * POST /api/gifts/ (CONTRACT §11, §14): videos, a bundle or a pass, for a phone or an e-mail address, paid like a
 * purchase (balance, else `phone_number` for one M-Pesa prompt for the shortfall; one promo code).
 */
export const giftInputSchema = z
  .object({
    video_ids: z.array(idSchema()).min(1, 'Choose at least one video.').max(100, 'At most 100 videos at once.').optional(),
    bundle_id: idSchema().optional(),
    /** A pass (CONTRACT §14): the recipient's claim gives them one period of it. */
    pass_id: idSchema().optional(),
    to_phone: kenyanPhoneSchema().optional(),
    to_email: emailSchema.optional(),
    message: z.string().trim().max(MAX_GIFT_MESSAGE, 'The message must be at most 300 characters.').optional().default(''),
    promo_code: z.string().trim().max(32).optional(),
    phone_number: kenyanPhoneSchema().optional(),
    /** A gift of a 16 or 18 video asks the giver once (CONTRACT §13). */
    ...ageConfirmedField,
  })
  .superRefine((g, ctx) => {
    if ([g.video_ids, g.bundle_id, g.pass_id].filter((x) => x !== undefined).length !== 1) ctx.addIssue({ code: 'custom', path: ['video_ids'], message: 'Give either videos, a bundle or a pass.' });
    if ((g.to_phone === undefined) === (g.to_email === undefined)) ctx.addIssue({ code: 'custom', path: ['to_phone'], message: 'Give the recipient’s phone number or e-mail address.' });
  });
export type GiftInput = z.input<typeof giftInputSchema>;

/**
 * A gift in GET /api/gifts/: one the customer sent (`to` says whom, masked; `amount` what they paid)
 * or received (`from` says who). `expires_at`: when an unclaimed gift goes back to its giver.
 */
export const giftSchema = z
  .object({
    id: z.number().int(),
    direction: z.enum(['sent', 'received']),
    state: z.enum(GIFT_STATES),
    video_ids: z.array(z.number().int()),
    bundle_id: z.number().int().nullable(),
    pass_id: z.number().int().nullable().describe('A pass given (CONTRACT §14): no videos'),
    title: z.string().describe('The bundle’s or pass’s title, or the videos’ titles'),
    image: z.string().nullable(),
    from: z.string().describe('The giver’s name'),
    to: z.string().nullable().describe('The recipient’s phone or e-mail, masked; only to the giver'),
    message: z.string(),
    amount: z.number().int().nullable().describe('What the giver paid; only to the giver'),
    created_at: z.string(),
    expires_at: z.string(),
    claimed_at: z.string().nullable(),
    returned_at: z.string().nullable(),
  })
  .meta({ id: 'Gift' });
export type Gift = z.infer<typeof giftSchema>;

/** The answer to a gift paid at once (201). */
export const giftCreatedSchema = z.object({ gift: giftSchema, total: z.number().int(), balance: z.number().int() });
export type GiftCreated = z.infer<typeof giftCreatedSchema>;

/** What the claim page (/gift/{token}) shows before signing in: no prices, no recipient. */
export const giftClaimPreviewSchema = z
  .object({
    state: z.enum(GIFT_STATES),
    from: z.string(),
    message: z.string(),
    title: z.string(),
    expires_at: z.string(),
    videos: z.array(z.object({ id: z.number().int(), title: z.string(), season: z.string().nullable(), image: z.string().nullable(), image_set: z.array(imageVariantSchema) })),
  })
  .meta({ id: 'GiftClaimPreview' });
export type GiftClaimPreview = z.infer<typeof giftClaimPreviewSchema>;

export const giftClaimInputSchema = z.object({ token: z.string({ error: 'This field is required.' }).trim().min(1, 'This field is required.').max(200) });

/** A claimed gift: the videos now owned, and what went to the balance for those already owned. */
export const giftClaimResultSchema = z.object({
  gift: giftSchema,
  video_ids: z.array(z.number().int()).describe('Videos the recipient owns from this gift'),
  credited: z.number().int().describe('Ksh put on the balance for videos already owned'),
  balance: z.number().int(),
  pass: customerPassSchema.nullable().optional().describe('A pass given: the recipient’s pass, one period longer'),
});
export type GiftClaimResult = z.infer<typeof giftClaimResultSchema>;

/** Back office: a gift with its state, giver and recipient. */
export const adminGiftSchema = z.object({
  id: z.number().int(),
  state: z.enum(GIFT_STATES),
  giver_id: z.number().int(),
  giver: z.string(),
  to_phone: z.string().nullable(),
  to_email: z.string().nullable(),
  recipient_id: z.number().int().nullable(),
  recipient: z.string().nullable(),
  title: z.string(),
  video_ids: z.array(z.number().int()),
  bundle_id: z.number().int().nullable(),
  pass_id: z.number().int().nullable(),
  amount: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  claimed_at: z.string().nullable(),
  returned_at: z.string().nullable(),
});
export type AdminGift = z.infer<typeof adminGiftSchema>;
