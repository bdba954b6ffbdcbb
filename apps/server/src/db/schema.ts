import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Key-value facts about this store's data (e.g. that the demo catalogue was created). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const djs = pgTable(
  'djs',
  {
    id: serial('id').primaryKey(),
    djName: text('dj_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('djs_name_unique').on(sql`lower(${t.djName})`)],
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
    /** Content hash of the poster; its WebP widths live under media/posters/. */
    posterKey: text('poster_key'),
    /** Folder of the main video's renditions under media/private/, set by the media pipeline. */
    videoPath: text('video_path'),
    /** What the pipeline made: duration, rungs, the download's size (see media/renditions.ts). */
    mediaInfo: jsonb('media_info'),
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
    index('videos_date_uploaded_idx').on(t.dateUploaded.desc(), t.id.desc()),
    index('videos_cartegory_date_idx').on(t.cartegory, t.dateUploaded.desc()),
    index('videos_dj_date_idx').on(t.djId, t.dateUploaded.desc()),
    index('videos_genre_date_idx').on(t.genreId, t.dateUploaded.desc()),
    index('videos_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** Extras that come with a video: subtitles, bonus clips, guides' attachments. */
export const videoFiles = pgTable(
  'video_files',
  {
    id: serial('id').primaryKey(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    path: text('path').notNull(),
    size: integer('size'),
  },
  (t) => [index('video_files_video_idx').on(t.videoId)],
);

/** The CEO and the team shown on /about. */
export const people = pgTable('people', {
  id: serial('id').primaryKey(),
  role: text('role', { enum: ['ceo', 'team'] }).notNull(),
  fullName: text('full_name').notNull(),
  title: text('title').notNull(),
  message: text('message').notNull().default(''),
  imageKey: text('image_key'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  message: text('message').notNull(),
  dateNotified: timestamp('date_notified', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  message: text('message').notNull(),
  senderIp: text('sender_ip'),
  isRead: boolean('is_read').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isStaff: boolean('is_staff').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Bumped to end every session at once (password reset): access tokens carry it. */
    tokenVersion: integer('token_version').notNull().default(0),
    dateJoined: timestamp('date_joined', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_unique').on(sql`lower(${t.username})`), uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const profiles = pgTable(
  'profiles',
  {
    buyerid: serial('buyerid').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number'),
    /** The balance in Ksh. Written only by the wallet, never from a client. */
    account: integer('account').notNull().default(0),
    country: text('country').notNull().default('Kenya'),
    city: text('city').notNull().default(''),
    pictureKey: text('picture_key'),
    /** 'en' or 'sw' once the customer chooses (CONTRACT §9); null until then. */
    language: text('language'),
  },
  (t) => [
    uniqueIndex('profiles_user_unique').on(t.userId),
    check('profiles_account_not_negative', sql`${t.account} >= 0`),
    check('profiles_language_known', sql`${t.language} IN ('en', 'sw')`),
  ],
);

/** One row per issued refresh token; a family is one login, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    family: text('family').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: the token itself exists only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash)],
);

/** Every change of a balance, written in the same transaction as the balance itself. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['deposit', 'purchase', 'adjustment', 'refund'] }).notNull(),
    /** Ksh; positive credits, negative debits. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** What the entry is for (a receipt, a purchase); unique per kind, so a retry cannot write it twice. */
    reference: text('reference').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_kind_reference_unique').on(t.kind, t.reference), index('ledger_user_idx').on(t.userId), check('ledger_balance_not_negative', sql`${t.balanceAfter} >= 0`)],
);

/** An M-Pesa STK push and what became of it. */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    phone: text('phone').notNull(),
    state: text('state', { enum: ['pending', 'completed', 'failed', 'cancelled', 'review'] })
      .notNull()
      .default('pending'),
    /** This deposit's own secret in its callback address. */
    callbackSecret: text('callback_secret').notNull(),
    checkoutRequestId: text('checkout_request_id'),
    merchantRequestId: text('merchant_request_id'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    receipt: text('receipt'),
    /** When the reconciler next asks M-Pesa about it, and how often it has. */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    checks: integer('checks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** Checkout with M-Pesa (migration 0008): the videos this payment buys once M-Pesa confirms it. */
    purchaseVideoIds: integer('purchase_video_ids').array(),
    purchaseState: text('purchase_state', { enum: ['pending', 'completed', 'failed'] }),
    purchaseDetail: text('purchase_detail'),
  },
  (t) => [
    uniqueIndex('deposits_checkout_unique').on(t.checkoutRequestId),
    uniqueIndex('deposits_receipt_unique').on(t.receipt),
    uniqueIndex('deposits_secret_unique').on(t.callbackSecret),
    index('deposits_user_idx').on(t.userId, t.createdAt.desc()),
    index('deposits_pending_idx').on(t.state, t.nextCheckAt),
    check('deposits_amount_range', sql`${t.amount} BETWEEN 1 AND 250000`),
  ],
);

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

/**
 * Durable background work: transcoding, M-Pesa reconciliation, mail, upload clean-up, pruning. A job
 * survives a restart: a worker leases it, and a lease that runs out (the worker died) lets another
 * worker take it again. Failures retry with backoff. (The table kept its first name: transcoding
 * was its only kind.)
 */
export const mediaJobs = pgTable(
  'media_jobs',
  {
    id: serial('id').primaryKey(),
    /** The video a transcoding job makes; null for the other kinds. */
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['transcode', 'reconcile-deposits', 'mail', 'sweep-uploads', 'prune-jobs'] }).notNull(),
    /** A recurring job's name: one row per task, rescheduled after each run instead of finished. */
    singletonKey: text('singleton_key').unique('media_jobs_singleton_key_unique'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Higher runs first: the demo's newest videos, which the home page shows, are made first. */
    priority: integer('priority').notNull().default(0),
    /** 0 to 100 while running. */
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(4),
    /** The source under media/sources/, and how to make it when it is a generated demo clip ('' for other kinds). */
    sourcePath: text('source_path').notNull().default(''),
    payload: jsonb('payload'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('media_jobs_ready_idx').on(t.state, t.priority.desc(), t.id), index('media_jobs_video_idx').on(t.videoId), index('media_jobs_kind_idx').on(t.kind, t.state)],
);

/** Where a customer stopped watching, so the player resumes there on any device. */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

/** Every write made through the back office: who, when, what, and the record before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action', { enum: ['create', 'update', 'delete'] }).notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_record_idx').on(t.resource, t.recordId)],
);
