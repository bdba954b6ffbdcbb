/** B2C payouts to DJs and refunds to M-Pesa (modules/payouts; rows settled by wallet/payout-ledger.ts). */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { djs } from './catalog.ts';

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
