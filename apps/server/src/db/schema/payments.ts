/** M-Pesa STK pushes (modules/payments). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

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
