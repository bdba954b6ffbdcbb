import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    senderIp: text('sender_ip'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The storefront's language when it was sent ('en' or 'sw'), for the reply; null if not said. */
    language: text('language'),
    /** The back office's last reply (each one is in the audit log too): its text, when, and who wrote it. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('contact_messages_language_known', sql`${t.language} IN ('en', 'sw')`)],
);

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
    /** Role dj: this login sees only this DJ's sales, statements and payouts (migration 0023). */
    djId: integer('dj_id').references((): AnyPgColumn => djs.id, { onDelete: 'set null' }),
    /** When the customer confirmed being old enough for 16 and 18 (asked once; migration 0021). */
    ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true }),
    /** The family lock's PIN, hashed as a password, while the lock is on. */
    familyLockPinHash: text('family_lock_pin_hash'),
    /** When the lock was turned on or its PIN last set: unlock values made before it open nothing. */
    familyLockSince: timestamp('family_lock_since', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_dj_unique').on(t.djId).where(sql`${t.djId} IS NOT NULL`),
    check('users_family_lock_whole', sql`(${t.familyLockPinHash} IS NULL) = (${t.familyLockSince} IS NULL)`),
  ],
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
    /** The token that replaced this one: a renewal whose answer was lost is answered again with it, for a short while. */
    replacedBy: text('replaced_by'),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.family),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} IS NOT NULL`),
  ],
);

/** A one-time sign-in link mailed from the checkout's sign-up; only its SHA-256 is kept. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Where the storefront carries on after signing in (a path of the store), and what was being bought. */
    next: text('next'),
    videoIds: integer('video_ids').array().notNull().default(sql`'{}'`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sign_in_links_token_unique').on(t.tokenHash)],
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
    kind: text('kind', { enum: ['deposit', 'purchase', 'adjustment', 'refund', 'rental', 'gift', 'gift_credit', 'gift_return', 'mpesa_refund', 'mpesa_refund_return'] }).notNull(),
    /** Ksh; positive credits, negative debits. */
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** What the entry is for (a receipt, a purchase); unique per kind, so a retry cannot write it twice. */
    reference: text('reference').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_kind_reference_unique').on(t.kind, t.reference), index('ledger_user_idx').on(t.userId), index('ledger_deposit_user_time_idx').on(t.userId, t.createdAt).where(sql`${t.kind} = 'deposit'`), check('ledger_balance_not_negative', sql`${t.balanceAfter} >= 0`)],
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
    /** Any order this payment carries (migration 0017, decision 0039): {kind, reference, video_ids, ...}. */
    purchaseOrder: jsonb('purchase_order'),
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
    kind: text('kind', { enum: ['transcode', 'reconcile-deposits', 'mail', 'sweep-uploads', 'prune-jobs', 'check-payouts', 'make-preview', 'sms', 'return-gifts', 'etims-submit'] }).notNull(),
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
    /** When the current (or last) attempt began: with progress, how long it is expected to take. */
    startedAt: timestamp('started_at', { withTimezone: true }),
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

/**
 * What each sale brought in, one line per video, written by every way of selling in the transaction
 * that debits the buyer, under its ledger entry's (kind, reference); a refund is a negative line that
 * points at the line it returns (migration 0016). Receipts and DJ earnings are read from these.
 */
export const saleLines = pgTable(
  'sale_lines',
  {
    id: serial('id').primaryKey(),
    ledgerKind: text('ledger_kind').notNull(),
    reference: text('reference').notNull(),
    kind: text('kind', { enum: ['purchase', 'rental', 'bundle', 'gift', 'refund'] }).notNull(),
    /** Who paid: the buyer (the giver, for a gift); for a refund, who gets the money back. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'restrict' }),
    /** The video's DJ at the time of the sale. */
    djId: integer('dj_id').references(() => djs.id, { onDelete: 'set null' }),
    /** The video's title (and season) at the time of the sale. */
    title: text('title').notNull(),
    listPrice: integer('list_price').notNull(),
    /** Ksh this line brought in, VAT included: >= 0 for a sale, <= 0 for a refund. */
    amount: integer('amount').notNull(),
    refundsLineId: integer('refunds_line_id').references((): AnyPgColumn => saleLines.id, { onDelete: 'restrict' }),
    /**
     * The DJ's revenue share in force at the sale (migration 0024): left out, a BEFORE INSERT trigger
     * fills it from the DJ (a refund: from the line it refunds), so sellers need not know of it.
     */
    djSharePercent: integer('dj_share_percent')
      .notNull()
      .$defaultFn(() => sql`DEFAULT`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sale_lines_reference_idx').on(t.ledgerKind, t.reference),
    index('sale_lines_dj_idx').on(t.djId, t.createdAt),
    index('sale_lines_created_idx').on(t.createdAt),
    // "First purchase only" (migration 0026).
    index('sale_lines_user_idx').on(t.userId),
    uniqueIndex('sale_lines_one_refund').on(t.refundsLineId).where(sql`${t.refundsLineId} IS NOT NULL`),
    check('sale_lines_dj_share_range', sql`${t.djSharePercent} BETWEEN 0 AND 100`),
  ],
);

/**
 * Money sent out by Daraja's B2C payment request (migration 0023): a DJ's payout, or a customer's
 * refund to M-Pesa. Written only by wallet/ledger.ts; the result (or the transaction status query)
 * settles a pending row exactly once, and a failed DJ payout is owed again.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: ['dj', 'refund'] }).notNull(),
    djId: integer('dj_id').references(() => djs.id, { onDelete: 'restrict' }),
    /** A refund's customer, and the refund's ledger reference it sends to M-Pesa. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    reference: text('reference'),
    amount: integer('amount').notNull(),
    phone: text('phone').notNull(),
    state: text('state', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    /** Daraja's idempotency key for this payment: a request sent again with it pays once. */
    originatorConversationId: text('originator_conversation_id').notNull(),
    conversationId: text('conversation_id'),
    /** The secret path segment of this payout's ResultURL. */
    resultSecret: text('result_secret').notNull(),
    mpesaReceipt: text('mpesa_receipt'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payouts_originator_unique').on(t.originatorConversationId),
    uniqueIndex('payouts_secret_unique').on(t.resultSecret),
    uniqueIndex('payouts_receipt_unique').on(t.mpesaReceipt),
    uniqueIndex('payouts_refund_once').on(t.reference).where(sql`${t.purpose} = 'refund'`),
    uniqueIndex('payouts_idempotency_unique').on(t.requestedBy, t.idempotencyKey).where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('payouts_dj_idx').on(t.djId, t.createdAt),
    index('payouts_pending_idx').on(t.state, t.nextCheckAt),
  ],
);

/**
 * A tax invoice or credit note (migration 0022): made from a sale's lines when its transaction
 * commits (a deferred trigger), unnumbered; the etims-submit job (modules/receipts) numbers it from
 * etims_counter just before KRA's control unit signs it (migration 0025, decision 0047). The control
 * unit's answer is kept here.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    /** Null until the submitter numbers it, a few seconds after the sale. */
    invoiceNo: integer('invoice_no'),
    kind: text('kind', { enum: ['sale', 'credit_note'] }).notNull(),
    ledgerKind: text('ledger_kind').notNull(),
    reference: text('reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    originalReceiptId: integer('original_receipt_id').references((): AnyPgColumn => receipts.id, { onDelete: 'restrict' }),
    /** Whole Ksh, VAT included; a credit note's is what it gives back (positive). */
    total: integer('total').notNull(),
    paidWith: text('paid_with', { enum: ['balance', 'mpesa'] }).notNull(),
    mpesaReceipt: text('mpesa_receipt'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    etimsState: text('etims_state', { enum: ['pending', 'signed', 'failed'] })
      .notNull()
      .default('pending'),
    etimsAttempts: integer('etims_attempts').notNull().default(0),
    etimsNextAt: timestamp('etims_next_at', { withTimezone: true }).notNull().defaultNow(),
    etimsResultCode: text('etims_result_code'),
    etimsError: text('etims_error'),
    cuId: text('cu_id'),
    cuReceiptNo: integer('cu_receipt_no'),
    cuTotalReceiptNo: integer('cu_total_receipt_no'),
    internalData: text('internal_data'),
    signature: text('signature'),
    sdcDateTime: text('sdc_date_time'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('receipts_invoice_no_unique').on(t.invoiceNo),
    uniqueIndex('receipts_sale_unique').on(t.ledgerKind, t.reference),
    index('receipts_user_idx').on(t.userId, t.issuedAt),
    index('receipts_unsigned_idx').on(t.invoiceNo).where(sql`${t.etimsState} <> 'signed' AND ${t.invoiceNo} IS NOT NULL`),
    index('receipts_unnumbered_idx').on(t.id).where(sql`${t.invoiceNo} IS NULL`),
    check('receipts_kind_known', sql`${t.kind} IN ('sale', 'credit_note')`),
    check('receipts_credit_note_points_back', sql`(${t.kind} = 'credit_note') = (${t.originalReceiptId} IS NOT NULL)`),
    check('receipts_paid_with_known', sql`${t.paidWith} IN ('balance', 'mpesa')`),
    check('receipts_total_positive', sql`${t.total} > 0`),
    check('receipts_state_known', sql`${t.etimsState} IN ('pending', 'signed', 'failed')`),
    check('receipts_signed_has_signature', sql`(${t.etimsState} = 'signed') = (${t.signature} IS NOT NULL)`),
  ],
);

/** The one row that numbers the store's invoices (migration 0022), locked only by the submitter (0025). */
export const etimsCounter = pgTable('etims_counter', {
  id: integer('id').primaryKey().default(1),
  lastInvoiceNo: integer('last_invoice_no').notNull().default(0),
});

/** The OSCU device as KRA initialised it: the communication key is asked for once and kept. */
export const etimsDevices = pgTable(
  'etims_devices',
  {
    id: serial('id').primaryKey(),
    tin: text('tin').notNull(),
    branchId: text('branch_id').notNull(),
    deviceSerial: text('device_serial').notNull(),
    cuId: text('cu_id').notNull(),
    cmcKey: text('cmc_key').notNull(),
    sellerName: text('seller_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('etims_devices_unique').on(t.tin, t.branchId, t.deviceSerial)],
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
    kinds: text('kinds', { enum: ['purchase', 'rental', 'bundle', 'gift'] })
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
    kind: text('kind', { enum: ['purchase', 'rental', 'bundle', 'gift'] }).notNull(),
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
