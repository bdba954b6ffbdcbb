/** Follows, a customer's own notifications, their settings and Web Push (modules/notifications, migration 0030). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { djs, videos } from './catalog.ts';

/** A customer follows a DJ or a series (a series: videos of cartegory 'series' by lower(title), as the all-seasons bundles). */
export const follows = pgTable(
  'follows',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    djId: integer('dj_id').references(() => djs.id, { onDelete: 'cascade' }),
    seriesKey: text('series_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('follows_one_target', sql`(${t.djId} IS NULL) <> (${t.seriesKey} IS NULL)`),
    uniqueIndex('follows_user_dj_unique').on(t.userId, t.djId).where(sql`${t.djId} IS NOT NULL`),
    uniqueIndex('follows_user_series_unique').on(t.userId, t.seriesKey).where(sql`${t.seriesKey} IS NOT NULL`),
    index('follows_dj_idx').on(t.djId).where(sql`${t.djId} IS NOT NULL`),
    index('follows_series_idx').on(t.seriesKey).where(sql`${t.seriesKey} IS NOT NULL`),
  ],
);

/**
 * One customer's notification. Its words are made when read (and when pushed) from kind and params in
 * the customer's language of the moment; `dedupe_key` makes each event's notification once.
 * `video_id`: the video it names, so the family lock can keep a 16 or 18 one back.
 */
export const customerNotifications = pgTable(
  'customer_notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default({}),
    url: text('url').notNull(),
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_notifications_dedupe_unique').on(t.userId, t.dedupeKey),
    // Also the unread count's: a customer's rows are few, and one index less is written per follower of a fan-out (0041).
    index('customer_notifications_user_idx').on(t.userId, t.id.desc()),
  ],
);

/** A browser's Web Push subscription (PushSubscription.toJSON()); one endpoint belongs to one account. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer's choices; no row means §15's defaults. `kinds`: {<kind>: {push, sms}} for the kinds changed. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  kinds: jsonb('kinds').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each push (per subscription) and SMS of a notification that was tried, and what became of it ('queued' while it waits
 * for a retry): written when it is sent (0042). The back office counts these, and the ones still in the queue.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => customerNotifications.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['push', 'sms'] }).notNull(),
    /** The subscription it went to, kept after the subscription is removed (no foreign key: 0042), so a job run again does not send or count it twice. */
    subscriptionId: integer('subscription_id'),
    state: text('state', { enum: ['queued', 'sent', 'failed', 'removed'] })
      .notNull()
      .default('queued'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // No index on state: the back office's counts read the whole table, and a fan-out writes a delivery per follower (0041).
  (t) => [index('notification_deliveries_notification_idx').on(t.notificationId)],
);
