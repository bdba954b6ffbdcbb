import { z } from './zod.ts';
import { CATEGORIES } from './catalog.ts';
import { idSchema, optionalText, optionalTranslation, requiredText } from './common.ts';
import { ratingSchema } from './ratings.ts';

/** Every field of seed §3 staff may set; `type` (dj_{name}), counters, files and dates belong to the server. */
export const adminVideoInputSchema = z.object({
  title: requiredText('The title', 200),
  season: z.string().trim().max(60, 'At most 60 characters.').nullable().optional().transform((s) => (s ? s : null)),
  dj_id: idSchema('Choose a DJ.'),
  genre_id: idSchema('Choose a genre.'),
  cartegory: z.enum(CATEGORIES, { error: `Choose one of: ${CATEGORIES.join(', ')}.` }),
  price: z.number({ error: 'The price is required.' }).int('Whole Ksh only.').min(0, 'The price cannot be negative.').max(100_000, 'At most Ksh 100,000.'),
  synopsis: optionalText(5000, 'At most 5,000 characters.'),
  /** The synopsis in Kiswahili; left empty, a Kiswahili reader gets the English one. */
  synopsis_sw: optionalTranslation(5000, 'At most 5,000 characters.'),
  suggest: z.boolean().default(false),
  popular: z.boolean().default(false),
  published: z.boolean().default(true),
  /** KFCB rating: required in the back office's form; a client that leaves it out gets PG (migration 0021's default). */
  rating: ratingSchema.optional(),
  /** Rentals (CONTRACT §11): whole Ksh to rent it, or null (not for rent); the hours a rental runs from its first play. */
  rent_price: z.number({ error: 'Whole Ksh only.' }).int('Whole Ksh only.').min(1, 'The rent must be at least Ksh 1, or empty: not for rent.').max(100_000, 'At most Ksh 100,000.').nullable().optional(),
  rental_hours: z.number({ error: 'Give the hours as a whole number.' }).int('Give the hours as a whole number.').min(1, 'At least 1 hour.').max(2160, 'At most 2,160 hours (90 days).').optional(),
});
export type AdminVideoInput = z.infer<typeof adminVideoInputSchema>;

/** The newest transcoding job of a video, as the back office shows it. */
export const adminJobSchema = z.object({
  id: z.number().int(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  updated_at: z.string(),
  /** While it runs: about how many seconds are left, from its progress so far (null until it can tell). */
  seconds_left: z.number().int().nullable(),
  /** While it waits: about how many seconds it will take, from its source's length and the store's recent transcodes. */
  expected_seconds: z.number().int().nullable(),
});

/**
 * A main video that ends before it should (an upload or copy cut off): what plays is sold, and
 * staff are told. `shorter_than_declared`: the container declares more than decodes;
 * `cut_mid_packet`: an MPEG-TS file, which declares no length, stops in the middle of a packet.
 */
export const endsEarlySchema = z.object({
  reason: z.enum(['shorter_than_declared', 'cut_mid_packet']),
  declared_seconds: z.number().nullable(),
  playable_seconds: z.number(),
});

export const adminVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  season: z.string().nullable(),
  dj_id: z.number().int(),
  genre_id: z.number().int(),
  cartegory: z.string(),
  type: z.string(),
  price: z.number().int(),
  synopsis: z.string(),
  synopsis_sw: z.string().nullable(),
  suggest: z.boolean(),
  popular: z.boolean(),
  published: z.boolean(),
  rating: ratingSchema,
  rent_price: z.number().int().nullable(),
  rental_hours: z.number().int(),
  purchase_times: z.number().int(),
  date_uploaded: z.string(),
  /** The 320 px poster, or null. */
  poster: z.string().nullable(),
  /** Whether the main video has renditions customers can play. */
  playable: z.boolean(),
  duration: z.number().nullable(),
  /** Set when the file that plays ends early (null for a whole one, or none). */
  ends_early: endsEarlySchema.nullable(),
  job: adminJobSchema.nullable(),
  files: z.array(z.object({ id: z.number().int(), name: z.string(), size: z.number().int().nullable() })),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

/** The CEO and the team on /about. */
export const adminPersonInputSchema = z.object({
  role: z.enum(['ceo', 'team'], { error: 'Choose CEO or team.' }),
  full_name: requiredText('The full name', 100),
  title: requiredText('The job title', 100),
  message: optionalText(2000, 'At most 2,000 characters.'),
  /** In Kiswahili; left empty, a Kiswahili reader of /about gets the English. */
  title_sw: optionalTranslation(100, 'At most 100 characters.'),
  message_sw: optionalTranslation(2000, 'At most 2,000 characters.'),
  sort_order: z.number().int().min(0).max(1000).default(0),
});
// As answered: the message is plain text (the input's null-to-'' is for forms, not for answers).
export const adminPersonSchema = adminPersonInputSchema.extend({ message: z.string(), title_sw: z.string().nullable(), message_sw: z.string().nullable(), id: z.number().int(), picture: z.string().nullable() });
export type AdminPerson = z.infer<typeof adminPersonSchema>;

/** Uploads (tus): what the client says about a file when it starts one. */
export const UPLOAD_KINDS = ['main', 'extra'] as const;
export const MAX_MAIN_VIDEO_BYTES = 8 * 1024 ** 3;
export const MAX_EXTRA_FILE_BYTES = 2 * 1024 ** 3;
export const MAX_PICTURE_BYTES = 10 * 1024 ** 2;
export const MAIN_VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'mkv', 'webm', 'avi', 'ts', 'mpg', 'mpeg', '3gp'] as const;
export const EXTRA_FILE_EXTENSIONS = ['vtt', 'srt', 'ass', 'pdf', 'txt', 'epub', 'zip', 'mp3', 'm4a', 'mp4', 'mkv', 'jpg', 'jpeg', 'png', 'webp'] as const;
