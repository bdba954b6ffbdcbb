import { z } from './zod.ts';
import { idSchema, optionalText, requiredText } from './common.ts';
import { imageVariantSchema } from './catalog.ts';
import { kenyanPhoneSchema } from './phone.ts';
import { ageConfirmedField } from './ratings.ts';

/** What a bundle is: made by the store for a series with two or more seasons, or by staff. */
export const BUNDLE_KINDS = ['all_seasons', 'staff'] as const;
export type BundleKind = (typeof BUNDLE_KINDS)[number];

/** One video of a bundle, enough for an offer to list its parts and mark those the customer owns. */
export const bundleVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  season: z.string().nullable(),
  price: z.number().int().describe('Its list price in Ksh'),
  image: z.string().nullable(),
});
export type BundleVideo = z.infer<typeof bundleVideoSchema>;

/**
 * A bundle (CONTRACT §11). `price` is what the whole set costs; `list_total` the sum of its videos'
 * list prices (the saving is the difference). With a token, `owned_video_ids` and `price_for_you`:
 * round(price x list prices of the videos not owned / list_total), "complete the set".
 */
export const bundleSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    image: z.string().nullable().describe('Poster address (the 480 px WebP) of its first video, or null'),
    image_set: z.array(imageVariantSchema),
    kind: z.enum(BUNDLE_KINDS),
    video_ids: z.array(z.number().int()),
    videos: z.array(bundleVideoSchema),
    price: z.number().int().describe('Whole Ksh for the whole set'),
    list_total: z.number().int().describe('The sum of its videos’ list prices'),
    owned_video_ids: z.array(z.number().int()).optional(),
    price_for_you: z.number().int().optional(),
  })
  .meta({ id: 'Bundle' });
export type Bundle = z.infer<typeof bundleSchema>;

export const bundleListQuerySchema = z.object({
  /** Only the bundles holding this video. */
  video_id: idSchema().optional(),
});

/** POST /api/bundles/{id}/buy/: like a purchase, with an optional phone for a shortfall and one promo code. */
export const bundleBuyInputSchema = z.looseObject({
  phone_number: kenyanPhoneSchema().optional(),
  promo_code: z.string().trim().max(32).optional(),
  /** A bundle holding a 16 or 18 video asks it once (CONTRACT §13). */
  ...ageConfirmedField,
});
export type BundleBuyInput = z.infer<typeof bundleBuyInputSchema>;

/** Back office: a bundle as staff edit it. */
export const adminBundleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  kind: z.enum(BUNDLE_KINDS),
  /** The series an automatic bundle follows (its title), else null. */
  series: z.string().nullable(),
  discount_percent: z.number().int(),
  video_ids: z.array(z.number().int()),
  price: z.number().int(),
  list_total: z.number().int(),
  published: z.boolean(),
  sold: z.number().int().describe('Sales of this bundle'),
  created_at: z.string(),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;

const percent = z
  .union([z.number(), z.string().regex(/^\d{1,3}$/).transform(Number)], { error: 'Enter a whole percent from 0 to 90.' })
  .pipe(z.number().int('Enter a whole percent from 0 to 90.').min(0, 'Enter a whole percent from 0 to 90.').max(90, 'Enter a whole percent from 0 to 90.'));

/**
 * A staff bundle as the back office sends it: its videos and a discount off their list total (the
 * price follows the videos' prices). An automatic bundle takes only `discount_percent`, `published`
 * and its words; its videos follow the series.
 */
export const adminBundleInputSchema = z.object({
  title: requiredText('The title', 200),
  description: optionalText(5000, 'At most 5,000 characters.'),
  video_ids: z.array(idSchema()).max(100, 'At most 100 videos at once.').default([]),
  discount_percent: percent.default(20),
  published: z.boolean().default(true),
});
export type AdminBundleInput = z.infer<typeof adminBundleInputSchema>;

/** The discount every new or re-made "all seasons" bundle starts with (staff change it). */
export const adminBundleSettingsSchema = z.object({ all_seasons_discount_percent: percent });
export type AdminBundleSettings = z.infer<typeof adminBundleSettingsSchema>;
