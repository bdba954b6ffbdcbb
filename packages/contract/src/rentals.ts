import { z } from './zod.ts';
import { idSchema } from './common.ts';
import { kenyanPhoneSchema } from './phone.ts';
import { promoCodeField } from './promo-codes.ts';
import { ageConfirmedField } from './ratings.ts';

/** Days a rental waits for its first play before it lapses (CONTRACT §11). */
export const RENTAL_START_DAYS = 30;
/** Hours a rental runs once played, unless the video says otherwise. */
export const DEFAULT_RENTAL_HOURS = 48;
/** Days after a rental ends during which buying the video still takes its rent off. */
export const RENT_THEN_OWN_DAYS = 7;

/**
 * A rental (CONTRACT §11): until its first play it expires 30 days after `rented_at`; the first fetch
 * of its media sets `started_at`, and it then ends `rental_hours` later (`expires_at`).
 */
export const rentalSchema = z
  .object({
    id: z.number().int(),
    video_id: z.number().int(),
    title: z.string().describe('The video’s title, with its season'),
    image: z.string().nullable().describe('Poster address (the 480 px WebP)'),
    price_paid: z.number().int().describe('Whole Ksh'),
    rented_at: z.string().describe('ISO 8601, UTC'),
    started_at: z.string().nullable().describe('The first play; null until then'),
    expires_at: z.string().describe('ISO 8601, UTC: no media after this'),
  })
  .meta({ id: 'Rental' });
export type Rental = z.infer<typeof rentalSchema>;

/** POST /api/rentals/: the video, and as every way to pay, a phone for a shortfall and one promo code. */
export const rentalInputSchema = z.looseObject({
  video_id: idSchema(),
  phone_number: kenyanPhoneSchema().optional(),
  promo_code: promoCodeField,
  ...ageConfirmedField,
});
export type RentalInput = z.infer<typeof rentalInputSchema>;

/** POST /api/rentals/ paid from the balance (201). */
export const rentalResultSchema = z.object({ rental: rentalSchema, balance: z.number().int() }).meta({ id: 'RentalResult' });
export type RentalResult = z.infer<typeof rentalResultSchema>;

/** Back office: one rental, read only. */
export const adminRentalSchema = rentalSchema.extend({ user_id: z.number().int(), username: z.string(), live: z.boolean() }).meta({ id: 'AdminRental' });
export type AdminRental = z.infer<typeof adminRentalSchema>;
