/** M-Pesa STK pushes (modules/payments). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** An M-Pesa STK push and what became of it. */
export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    /** Null while a visitor's payment (CONTRACT §16) waits: the paying phone names its account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
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
    /** A visitor's payment (migration 0033): the SHA-256 of the asking browser's cookie, and when its login was handed there. */
    visitorHash: text('visitor_hash'),
    loginGivenAt: timestamp('login_given_at', { withTimezone: true }),
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

/**
 * An M-Pesa Ratiba standing order (migration 0029, decision 0050): the customer approves it once
 * with their PIN, then each deduction arrives as a paybill payment carrying account_reference.
 * `purpose` and `subject_id` say what it pays for (a customer's pass); one live order per pair.
 */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** What M-Pesa shows and each deduction's BillRefNumber: "P" and the id in base 36. */
    accountReference: text('account_reference').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    amount: integer('amount').notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    state: text('state', { enum: ['pending', 'active', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    resultCode: text('result_code'),
    resultDesc: text('result_desc'),
    /** This order's own secret in its result callback's address. */
    callbackSecret: text('callback_secret').notNull(),
    /** Ratiba's responseRefID for the request, and its TransactionID for the order once approved. */
    requestRef: text('request_ref'),
    transactionId: text('transaction_id'),
    purpose: text('purpose').notNull(),
    subjectId: integer('subject_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standing_orders_reference_unique').on(t.accountReference),
    uniqueIndex('standing_orders_secret_unique').on(t.callbackSecret),
    uniqueIndex('standing_orders_one_live').on(t.purpose, t.subjectId).where(sql`${t.state} IN ('pending', 'active')`),
    index('standing_orders_user_idx').on(t.userId),
    check('standing_orders_amount_range', sql`${t.amount} BETWEEN 1 AND 250000`),
    check('standing_orders_reference_length', sql`length(${t.accountReference}) BETWEEN 1 AND 12`),
  ],
);

/**
 * Every paybill (C2B) payment M-Pesa confirmed, once by TransID (migration 0029): credited to the
 * customer whose standing order its BillRefNumber names, or kept unmatched for staff.
 */
export const paybillPayments = pgTable(
  'paybill_payments',
  {
    id: serial('id').primaryKey(),
    transId: text('trans_id').notNull(),
    amount: integer('amount').notNull(),
    msisdn: text('msisdn'),
    billRef: text('bill_ref').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    standingOrderId: integer('standing_order_id').references(() => standingOrders.id, { onDelete: 'restrict' }),
    state: text('state', { enum: ['credited', 'unmatched'] }).notNull(),
    raw: jsonb('raw').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('paybill_payments_trans_unique').on(t.transId), index('paybill_payments_unmatched_idx').on(t.createdAt).where(sql`${t.state} = 'unmatched'`)],
);
