/** Every way of selling (modules/selling): purchases and the cart, rentals, bundles, gifts, promo codes, idempotency keys. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { videos } from './catalog.ts';
import { passProducts } from './passes.ts';
import { saleLines } from './wallet.ts';

/** A video a customer bought. Refunded purchases keep their row; ownership is the unrefunded one. */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'restrict' }),
    /** The catalogue price when bought, in Ksh. */
    price: integer('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The sale line that brought it in (migration 0016); refunding it writes the line's refund. */
    saleLineId: integer('sale_line_id').references((): AnyPgColumn => saleLines.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('purchases_owned_unique').on(t.userId, t.videoId).where(sql`${t.refundedAt} IS NULL`), index('purchases_user_idx').on(t.userId, t.createdAt.desc())],
);

/** A signed-in customer's cart; a visitor's lives in the browser until login. */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

/** The first successful answer to a request sent with an Idempotency-Key, replayed for its retries. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** The discount a new "all seasons" bundle starts with (migration 0019); one row. */
export const bundleSettings = pgTable(
  'bundle_settings',
  {
    id: boolean('id').primaryKey().default(true),
    allSeasonsDiscountPercent: integer('all_seasons_discount_percent').notNull().default(20),
  },
  (t) => [check('bundle_settings_one_row', sql`${t.id}`), check('bundle_settings_discount_range', sql`${t.allSeasonsDiscountPercent} BETWEEN 0 AND 90`)],
);

/**
 * Bundles and season passes (migration 0019): staff's, or the store's "all seasons" bundle of a
 * series, whose videos a trigger on videos keeps in step with the series' seasons on sale.
 */
export const bundles = pgTable(
  'bundles',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['all_seasons', 'staff'] }).notNull(),
    /** An all-seasons bundle's series: lower(title) of its videos. */
    seriesKey: text('series_key'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    discountPercent: integer('discount_percent').notNull().default(20),
    /** A price staff fixed; null: the videos' list total less the discount. */
    price: integer('price'),
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bundles_series_unique').on(t.seriesKey).where(sql`${t.seriesKey} IS NOT NULL`),
    check('bundles_kind_known', sql`${t.kind} IN ('all_seasons', 'staff')`),
    check('bundles_series_of_all_seasons', sql`(${t.kind} = 'all_seasons') = (${t.seriesKey} IS NOT NULL)`),
    check('bundles_discount_range', sql`${t.discountPercent} BETWEEN 0 AND 90`),
    check('bundles_price_not_negative', sql`${t.price} IS NULL OR ${t.price} >= 0`),
  ],
);

export const bundleVideos = pgTable(
  'bundle_videos',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.videoId] }), index('bundle_videos_video_idx').on(t.videoId)],
);

/**
 * A gift (migration 0019): paid by its giver under `reference` (a 'gift' ledger entry and its sale
 * lines), claimed once with a token kept only as its SHA-256, or returned at `expiresAt`.
 */
export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    giverId: integer('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    tokenHash: text('token_hash').notNull(),
    toPhone: text('to_phone'),
    toEmail: text('to_email'),
    message: text('message').notNull().default(''),
    bundleId: integer('bundle_id').references(() => bundles.id, { onDelete: 'set null' }),
    videoIds: integer('video_ids').array().notNull(),
    /** A pass given (migration 0032): no videos, no bundle; claimed as one period of it. */
    passId: integer('pass_id').references(() => passProducts.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    amount: integer('amount').notNull(),
    reference: text('reference').notNull(),
    state: text('state', { enum: ['sent', 'claimed', 'returned'] })
      .notNull()
      .default('sent'),
    recipientId: integer('recipient_id').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gifts_token_hash_unique').on(t.tokenHash),
    uniqueIndex('gifts_reference_unique').on(t.reference),
    index('gifts_giver_idx').on(t.giverId, t.createdAt),
    index('gifts_recipient_idx').on(t.recipientId, t.createdAt),
    index('gifts_unclaimed_idx').on(t.expiresAt).where(sql`${t.state} = 'sent'`),
    check('gifts_state_known', sql`${t.state} IN ('sent', 'claimed', 'returned')`),
    check('gifts_one_recipient_address', sql`(${t.toPhone} IS NULL) <> (${t.toEmail} IS NULL)`),
    check('gifts_pass_alone', sql`${t.passId} IS NULL OR (${t.bundleId} IS NULL AND cardinality(${t.videoIds}) = 0)`),
    check('gifts_claimed_has_recipient', sql`(${t.state} = 'claimed') = (${t.recipientId} IS NOT NULL)`),
    check('gifts_amount_not_negative', sql`${t.amount} >= 0`),
  ],
);

/** A batch of single-use codes made at once with one prefix (migration 0018), for a radio giveaway. */
export const promoBatches = pgTable(
  'promo_batches',
  {
    id: serial('id').primaryKey(),
    prefix: text('prefix').notNull(),
    count: integer('count').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('promo_batches_prefix_letters', sql`prefix ~ '^[A-Z0-9]{2,12}$'`), check('promo_batches_count_range', sql`count BETWEEN 1 AND 1000`)],
);

/**
 * A promo code (migration 0018, decision 0040): what it takes off (percent or Ksh), when, on what and
 * how often. `timesRedeemed` counts held and used redemptions and is raised only by the conditional
 * UPDATE that checks `maxRedemptions` (selling/promo-codes/promo-repository.ts).
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** In capitals: codes are case-insensitive. */
    code: text('code').notNull(),
    percentOff: integer('percent_off'),
    amountOff: integer('amount_off'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    timesRedeemed: integer('times_redeemed').notNull().default(0),
    perCustomer: integer('per_customer').notNull().default(1),
    minTotal: integer('min_total').notNull().default(0),
    appliesVideoIds: integer('applies_video_ids').array().notNull().default(sql`'{}'`),
    appliesDjIds: integer('applies_dj_ids').array().notNull().default(sql`'{}'`),
    appliesGenreIds: integer('applies_genre_ids').array().notNull().default(sql`'{}'`),
    appliesBundleIds: integer('applies_bundle_ids').array().notNull().default(sql`'{}'`),
    kinds: text('kinds', { enum: ['purchase', 'rental', 'bundle', 'gift', 'pass'] })
      .array()
      .notNull()
      .default(sql`'{purchase,rental,bundle,gift}'`),
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    note: text('note').notNull().default(''),
    batchId: integer('batch_id').references(() => promoBatches.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(t.code),
    index('promo_codes_batch_idx').on(t.batchId),
    check('promo_codes_one_discount', sql`(${t.percentOff} IS NULL) <> (${t.amountOff} IS NULL)`),
    check('promo_codes_within_max', sql`${t.timesRedeemed} >= 0 AND (${t.maxRedemptions} IS NULL OR ${t.timesRedeemed} <= ${t.maxRedemptions})`),
  ],
);

/** One use of a code by a customer for one order: held while its payment is open, then used or released. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: serial('id').primaryKey(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['purchase', 'rental', 'bundle', 'gift', 'pass'] }).notNull(),
    /** The sale's ledger reference (or its payment's), as the seller names the order. */
    orderReference: text('order_reference').notNull(),
    discount: integer('discount').notNull(),
    state: text('state', { enum: ['held', 'used', 'released'] })
      .notNull()
      .default('held'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('promo_redemptions_one_per_order').on(t.orderReference).where(sql`${t.state} <> 'released'`),
    index('promo_redemptions_customer_idx').on(t.promoCodeId, t.userId).where(sql`${t.state} <> 'released'`),
    index('promo_redemptions_code_idx').on(t.promoCodeId, t.createdAt),
    index('promo_redemptions_user_idx').on(t.userId),
  ],
);

/** Rentals (migration 0017): until the first fetch of its media a rental expires 30 days after renting; then rental hours after it. */
export const rentals = pgTable(
  'rentals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'restrict' }),
    pricePaid: integer('price_paid').notNull(),
    /** The video's rental_hours when rented: how long it runs once started. */
    hours: integer('hours').notNull(),
    /** Its 'rental' ledger entry's reference. */
    reference: text('reference').notNull(),
    saleLineId: integer('sale_line_id').references(() => saleLines.id, { onDelete: 'restrict' }),
    rentedAt: timestamp('rented_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('rentals_reference_unique').on(t.reference),
    index('rentals_user_video_idx').on(t.userId, t.videoId, t.expiresAt),
    index('rentals_rented_idx').on(t.rentedAt),
    check('rentals_price_paid_not_negative', sql`${t.pricePaid} >= 0`),
    check('rentals_hours_positive', sql`${t.hours} > 0`),
  ],
);
