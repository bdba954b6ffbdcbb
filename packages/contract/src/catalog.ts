import { z } from './zod.ts';
import { idSchema, pageParamSchema, pageSizeSchema, queryFlagSchema, wholeNumber } from './common.ts';
import { ownedMediaSchema } from './media.ts';
import { kenyanPhoneSchema } from './phone.ts';
import { promoCodeField } from './promo-codes.ts';
import { ageConfirmedField, ratingFilterSchema, ratingSchema } from './ratings.ts';
import { rentalSchema } from './rentals.ts';
import { videoPassSchema } from './passes.ts';

export const CATEGORIES = ['movie', 'series', 'anime', 'guide'] as const;

/** One responsive rendition of a poster: the browser picks from these with srcset. */
export const imageVariantSchema = z.object({ width: z.number().int(), url: z.string() });

export const additionalFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** A signed address for owners and staff, otherwise null. */
  file: z.string().nullable(),
  size: z.number().int().nullable(),
});

/** How a video names a bundle it is part of (CONTRACT §11: `bundles` on a video). */
export const videoBundleSchema = z.object({ id: z.number().int(), title: z.string(), price: z.number().int() }).meta({ id: 'VideoBundle' });
export type VideoBundle = z.infer<typeof videoBundleSchema>;

/** A video as seed §3 names its fields (misspellings included) plus responsive poster variants. */
export const videoSchema = z
  .object({
    vidId: z.number().int(),
    title: z.string(),
    season: z.string().nullable(),
    dj: z.string(),
    genre: z.string(),
    cartegory: z.string(),
    type: z.string(),
    price: z.number().int().describe('Whole Ksh'),
    synopsis: z.string(),
    /** The synopsis in Kiswahili as staff wrote it, or null: show `synopsis` instead. The same for every reader (answers are cached per address). */
    synopsis_sw: z.string().nullable(),
    image: z.string().nullable().describe('Poster address (the 480 px WebP)'),
    image_set: z.array(imageVariantSchema).describe('Every poster width, for srcset'),
    /** The main video's address: only ever signed, only for owners and staff; otherwise null. */
    video: z.string().nullable(),
    additional_files: z.array(additionalFileSchema),
    purchase_times: z.number().int(),
    date_uploaded: z.string().describe('ISO 8601, UTC'),
    suggest: z.boolean(),
    popular: z.boolean(),
    /** KFCB age rating (CONTRACT §13): GE, PG, 16 or 18. */
    rating: ratingSchema,
    /** Only in the answer to the video's owner (or staff) at /videoDetails/{id}/: see OwnedMedia. */
    media: ownedMediaSchema.optional(),
    /** False while the video has no playable file: it cannot be bought yet (CONTRACT §8). */
    for_sale: z.boolean(),
    /** Try before you buy (CONTRACT §11): what the video costs in time and data, for anyone; null until it plays. */
    duration: z.number().nullable().describe('Seconds'),
    download_size: z.number().int().nullable().describe('Bytes of the MP4 download'),
    data_saver_size: z.number().int().nullable().describe('Bytes of the whole video at the data-saver rung'),
    /** A public HLS playlist of the first minute at the data-saver rung; none of its segments reach past it. */
    preview: z.string().nullable(),
    /** With a token at /videoDetails/{id}/: whether this customer may watch it (bought, or staff). */
    owned: z.boolean().optional(),
    /** True when the family lock withheld this 16 or 18 video's media addresses: send X-Family-Unlock (CONTRACT §13). */
    family_locked: z.boolean().optional(),
    /** The bundles this video is part of (CONTRACT §11), published ones only. */
    bundles: z.array(videoBundleSchema).optional(),
    /** Rentals (CONTRACT §11): whole Ksh to rent it, or null when it is not for rent (the server always sends it). */
    rent_price: z.number().int().nullable().optional(),
    /** Hours a rental runs from its first play (the server always sends it). */
    rental_hours: z.number().int().optional(),
    /** With a token at /videoDetails/{id}/: the customer's live rental of it, or null. */
    rental: rentalSchema.nullable().optional(),
    /** With a token at /videoDetails/{id}/: the price less the rent of a rental live or ended under 7 days ago. */
    price_for_you: z.number().int().optional(),
    /** With a token at /videoDetails/{id}/: the customer's live pass that covers it, or null (CONTRACT §14). */
    pass: videoPassSchema.optional(),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof videoSchema>;

export const VIDEO_ORDERINGS = ['date_uploaded', 'purchase_times', 'price', 'title'] as const;
const orderingValues = VIDEO_ORDERINGS.flatMap((f) => [f, `-${f}`] as const);
export type VideoOrdering = (typeof orderingValues)[number];

export const MAX_SEARCH_LENGTH = 100;

export const videoListQuerySchema = z.object({
  page: pageParamSchema,
  page_size: pageSizeSchema,
  ordering: z
    .enum(orderingValues as [VideoOrdering, ...VideoOrdering[]], {
      error: `Must be one of: ${orderingValues.join(', ')}.`,
    })
    .optional(),
  genre: z.string().max(100).optional(),
  cartegory: z.string().max(50).optional(),
  type: z.string().max(100).optional(),
  dj: z.string().max(100).optional(),
  suggest: queryFlagSchema,
  popular: queryFlagSchema,
  /** Free text: any length and character is accepted; only the first 100 characters are searched. */
  title: z.string().optional(),
  /** KFCB ratings to keep, comma-separated: `rating=GE,PG`. */
  rating: ratingFilterSchema,
});
export type VideoListQuery = z.infer<typeof videoListQuerySchema>;

export const djSchema = z
  .object({
    id: z.number().int(),
    dj_name: z.string(),
    video_count: z.number().int(),
    /** Only in /dj_Total: the DJ's newest videos, at most `videos` of them. */
    video_details: z.array(videoSchema).optional(),
  })
  .meta({ id: 'DJ' });
export type DJ = z.infer<typeof djSchema>;

export const genreSchema = z
  .object({
    cartId: z.number().int(),
    title: z.string(),
    video_count: z.number().int(),
    /** Only in /genreTotal: the genre's newest videos, at most `videos` of them. */
    video_details: z.array(videoSchema).optional(),
  })
  .meta({ id: 'Genre' });
export type Genre = z.infer<typeof genreSchema>;

export const MAX_VIDEOS_PER_GROUP = 20;
export const groupListQuerySchema = z.object({
  page: pageParamSchema,
  page_size: pageSizeSchema,
  videos: wholeNumber((n) => n.min(0, 'Ensure this value is greater than or equal to 0.').max(MAX_VIDEOS_PER_GROUP, `Ensure this value is less than or equal to ${MAX_VIDEOS_PER_GROUP}.`))
    .optional()
    .describe('How many newest videos each group carries in video_details (default 10)'),
});

/** A purchase record as seed §3 names it. */
export const purchaseRecordSchema = z
  .object({
    video_id: z.number().int(),
    video_name: z.string(),
    image_url: z.string().nullable(),
    price: z.number().int(),
    username: z.string(),
    purchase_time: z.string(),
    /** The video's KFCB rating, in the account's list: a phone under the family lock leaves 16 and 18 out of it. */
    rating: ratingSchema.optional(),
  })
  .meta({ id: 'PurchaseRecord' });
export type PurchaseRecord = z.infer<typeof purchaseRecordSchema>;

/** POST /purchased/: only video_id counts; a price or a name sent along is ignored (CONTRACT §3). */
/** Checkout with M-Pesa (CONTRACT §8): with a phone, a short balance is paid for by one STK push. */
// With one promo code (CONTRACT §11), taken off before the balance or M-Pesa is asked.
const payingPhone = { phone_number: kenyanPhoneSchema().optional(), promo_code: promoCodeField };

export const purchaseInputSchema = z.looseObject({ video_id: idSchema(), ...payingPhone, ...ageConfirmedField });

export const checkoutInputSchema = z.object({
  video_ids: z
    .array(idSchema(), { error: 'A list of video ids is required.' })
    .min(1, 'The cart is empty.')
    .max(100, 'At most 100 videos at once.'),
  ...payingPhone,
  ...ageConfirmedField,
});

export const purchaseResultSchema = z.object({ purchases: z.array(purchaseRecordSchema), total: z.number().int(), balance: z.number().int() });

/** A cart item as seed §3 names it. */
export const cartItemSchema = z
  .object({
    video_id: z.number().int(),
    video_name: z.string(),
    image_url: z.string().nullable(),
    price: z.number().int(),
    purchase_times: z.number().int(),
    season: z.string().nullable(),
    dj: z.string(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof cartItemSchema>;
