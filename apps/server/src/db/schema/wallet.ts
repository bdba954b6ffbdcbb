/** The ledger and the sale lines it writes with every debit (modules/wallet: ledger.ts, gift-ledger.ts). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { djs, videos } from './catalog.ts';

/** Every change of a balance, written in the same transaction as the balance itself. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['deposit', 'purchase', 'adjustment', 'refund', 'rental', 'gift', 'gift_credit', 'gift_return', 'mpesa_refund', 'mpesa_refund_return', 'pass'] }).notNull(),
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
    kind: text('kind', { enum: ['purchase', 'rental', 'bundle', 'gift', 'refund', 'pass'] }).notNull(),
    /** Who paid: the buyer (the giver, for a gift); for a refund, who gets the money back. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The video sold; null on a line that sells no one video: a pass's, a pass given (migration 0032) and its return. */
    videoId: integer('video_id').references(() => videos.id, { onDelete: 'restrict' }),
    /** The video's DJ at the time of the sale. */
    djId: integer('dj_id').references(() => djs.id, { onDelete: 'set null' }),
    /** The video's title (and season) at the time of the sale. */
    title: text('title').notNull(),
    listPrice: integer('list_price').notNull(),
    /** Ksh this line brought in, VAT included: >= 0 for a sale, <= 0 for a refund. */
    amount: integer('amount').notNull(),
    refundsLineId: integer('refunds_line_id').references((): AnyPgColumn => saleLines.id, { onDelete: 'restrict' }),
    /** The promo code that lowered this line (migration 0034): a receipt names it; null when none did. */
    promoCode: text('promo_code'),
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
