/** Passes (CONTRACT §14, migration 0028): written by modules/selling/passes. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { djs, videos } from './catalog.ts';
import { saleLines } from './wallet.ts';

/** What staff sell: a scope (everything, a DJ, a genre, a category), how many hours, at what price. */
export const passProducts = pgTable('pass_products', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  scopeKind: text('scope_kind', { enum: ['all', 'dj', 'genre', 'category'] }).notNull(),
  /** The DJ's or genre's id as text, or the category; null for everything. */
  scopeValue: text('scope_value'),
  hours: integer('hours').notNull(),
  price: integer('price').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's pass: one row per product, its window stretched by each purchase or renewal. */
export const customerPasses = pgTable(
  'customer_passes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    passId: integer('pass_id')
      .notNull()
      .references(() => passProducts.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    renewal: text('renewal', { enum: ['off', 'prompt', 'standing_order'] })
      .notNull()
      .default('off'),
    /** The payments module's standing order that renews it, while renewal is 'standing_order'. */
    standingOrderId: integer('standing_order_id'),
    /** The ends_at a reminder, a renewal prompt and an "ended" notice were last sent for: each once per period. */
    remindedFor: timestamp('reminded_for', { withTimezone: true }),
    promptedFor: timestamp('prompted_for', { withTimezone: true }),
    endedNoticedFor: timestamp('ended_noticed_for', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_passes_one_per_product').on(t.userId, t.passId), index('customer_passes_user_live_idx').on(t.userId, t.endsAt), index('customer_passes_renewal_due_idx').on(t.endsAt).where(sql`${t.renewal} <> 'off'`)],
);

/** Each sale of a pass (a purchase, a renewal): the window it paid for and what it brought in. */
export const passPeriods = pgTable(
  'pass_periods',
  {
    id: serial('id').primaryKey(),
    customerPassId: integer('customer_pass_id')
      .notNull()
      .references(() => customerPasses.id, { onDelete: 'restrict' }),
    /** The sale's ledger reference: one period per sale. */
    reference: text('reference').notNull(),
    saleLineId: integer('sale_line_id')
      .notNull()
      .references(() => saleLines.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Ksh paid, VAT included. */
    amount: integer('amount').notNull(),
    /** When its DJ shares were written (after ends_at). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pass_periods_reference_unique').on(t.reference), index('pass_periods_pass_idx').on(t.customerPassId, t.endsAt), index('pass_periods_unsettled_idx').on(t.endsAt).where(sql`${t.settledAt} IS NULL`)],
);

/** A segment the store served under a period (counted once however often it is fetched). */
export const passViews = pgTable(
  'pass_views',
  {
    periodId: integer('period_id')
      .notNull()
      .references(() => passPeriods.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    segment: integer('segment').notNull(),
    seconds: integer('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.periodId, t.videoId, t.segment] })],
);

/** A DJ's part of a settled period: their seconds' share of the price less VAT, in cents that sum exactly. */
export const passDjShares = pgTable(
  'pass_dj_shares',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => passPeriods.id, { onDelete: 'restrict' }),
    djId: integer('dj_id')
      .notNull()
      .references(() => djs.id, { onDelete: 'restrict' }),
    /** The pass's title, for the DJ's statement. */
    title: text('title').notNull(),
    seconds: integer('seconds').notNull(),
    amountCents: integer('amount_cents').notNull(),
    djSharePercent: integer('dj_share_percent').notNull(),
    earnedCents: integer('earned_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pass_dj_shares_once').on(t.periodId, t.djId), index('pass_dj_shares_dj_idx').on(t.djId, t.createdAt)],
);
