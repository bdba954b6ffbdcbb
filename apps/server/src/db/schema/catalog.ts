/** The catalogue (modules/catalog; staff edit it through modules/admin). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const djs = pgTable(
  'djs',
  {
    id: serial('id').primaryKey(),
    djName: text('dj_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The DJ's share of what their videos bring in less VAT, 0 to 100 (migration 0023). */
    revenueSharePercent: integer('revenue_share_percent').notNull().default(0),
    /** Where B2C payouts go, 254XXXXXXXXX; null: not paid until staff set it. */
    payoutPhone: text('payout_phone'),
  },
  (t) => [
    uniqueIndex('djs_name_unique').on(sql`lower(${t.djName})`),
    check('djs_revenue_share_range', sql`${t.revenueSharePercent} BETWEEN 0 AND 100`),
    check('djs_payout_phone_daraja', sql`${t.payoutPhone} IS NULL OR ${t.payoutPhone} ~ '^254[17][0-9]{8}$'`),
  ],
);

export const genres = pgTable(
  'genres',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('genres_title_unique').on(sql`lower(${t.title})`)],
);

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    season: text('season'),
    djId: integer('dj_id')
      .notNull()
      .references(() => djs.id, { onDelete: 'restrict' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'restrict' }),
    cartegory: text('cartegory').notNull(),
    type: text('type').notNull(),
    price: integer('price').notNull(),
    synopsis: text('synopsis').notNull().default(''),
    /** The synopsis in Kiswahili, or null: a Kiswahili reader gets the English one (migration 0039). */
    synopsisSw: text('synopsis_sw'),
    /** Content hash of the poster; its WebP widths live under media/posters/. */
    posterKey: text('poster_key'),
    /** Folder of the main video's renditions under media/private/, set by the media pipeline. */
    videoPath: text('video_path'),
    /** What the pipeline made: duration, rungs, the download's size (see media/renditions.ts). */
    mediaInfo: jsonb('media_info'),
    /** Folder of the public first-minute preview under media/, e.g. previews/12/r5-1 (migration 0020). */
    previewPath: text('preview_path'),
    /** KFCB age rating: GE, PG, 16 or 18 (migration 0021). */
    rating: text('rating').notNull().default('PG'),
    /** Whole Ksh to rent it, or null: not for rent; a rental runs rental_hours from its first play (migration 0017). */
    rentPrice: integer('rent_price'),
    rentalHours: integer('rental_hours').notNull().default(48),
    /** Times bought, as folded so far: what readers show adds purchase_count_changes (wallet/purchase-counts.ts). */
    purchaseTimes: integer('purchase_times').notNull().default(0),
    dateUploaded: timestamp('date_uploaded', { withTimezone: true }).notNull().defaultNow(),
    suggest: boolean('suggest').notNull().default(false),
    popular: boolean('popular').notNull().default(false),
    /** Unpublished videos stay for their owners but leave the catalogue. */
    published: boolean('published').notNull().default(true),
  },
  (t) => [
    check('videos_price_not_negative', sql`${t.price} >= 0`),
    check('videos_purchase_times_not_negative', sql`${t.purchaseTimes} >= 0`),
    check('videos_rating_known', sql`${t.rating} IN ('GE', 'PG', '16', '18')`),
    index('videos_date_uploaded_idx').on(t.dateUploaded.desc(), t.id.desc()),
    index('videos_cartegory_date_idx').on(t.cartegory, t.dateUploaded.desc()),
    index('videos_dj_date_idx').on(t.djId, t.dateUploaded.desc()),
    index('videos_genre_date_idx').on(t.genreId, t.dateUploaded.desc()),
    index('videos_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('videos_rating_date_idx').on(t.rating, t.dateUploaded.desc()),
  ],
);

/**
 * Each sale's, gift's or refund's change to a video's purchase_times, appended in its transaction
 * (migration 0043, decision 0055): sales of one video never wait on its row. fold_purchase_times()
 * moves them into videos.purchase_times; until then readers add them. No foreign key: the sale's
 * purchase and sale line already check that the video exists.
 */
export const purchaseCountChanges = pgTable('purchase_count_changes', { videoId: integer('video_id').notNull(), delta: integer('delta').notNull() }, (t) => [
  index('purchase_count_changes_video_idx').on(t.videoId),
]);
