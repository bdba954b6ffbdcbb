/** eTIMS invoices and credit notes (modules/receipts). */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

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
