import { z } from './zod.ts';
import { paginated, pageParamSchema, pageSizeSchema } from './common.ts';
import { statementMonthSchema } from './payouts.ts';

/** GET /api/receipts/: newest first, 20 to a page unless page_size says otherwise. */
export const RECEIPTS_PAGE_SIZE = 20;
export const receiptsQuerySchema = z.object({ page: pageParamSchema, page_size: pageSizeSchema });

/** Money on a receipt: Ksh with two decimals (VAT is worked out to the cent). */
const ksh = z.number();

/** What KRA's control unit answered when it signed the receipt (CONTRACT §12). */
export const receiptEtimsSchema = z
  .object({
    state: z.enum(['pending', 'signed', 'failed']),
    /** The control unit's id (KRA's sdcId). */
    cu_id: z.string().nullable(),
    /** The control unit's invoice number, as printed: `{cu_id}/{receipt number}`. */
    cu_invoice_no: z.string().nullable(),
    internal_data: z.string().nullable(),
    signature: z.string().nullable(),
    signed_at: z.string().nullable(),
    /** The address KRA's receipt checker opens for this receipt (the QR code). */
    qr_url: z.string().nullable(),
  })
  .meta({ id: 'ReceiptEtims' });

export const receiptItemSchema = z.object({
  title: z.string(),
  qty: z.number().int(),
  /** What was paid for one, VAT included. */
  unit_price: ksh,
  /** The VAT inside it (16%). */
  vat: ksh,
  /** Its catalogue price, before any discount (a bundle's share, a promo code). */
  list_price: ksh,
  /** The promo code that lowered it, named on the receipt (issue 32 #17); null when no code did. */
  promo_code: z.string().nullable(),
});

/** A tax invoice (kind sale) or a credit note pointing at one (CONTRACT §12). */
export const receiptSchema = z
  .object({
    id: z.number().int(),
    /** Null for the few seconds until the eTIMS submitter numbers it, just before KRA signs it (decision 0047). */
    invoice_no: z.number().int().nullable(),
    kind: z.enum(['sale', 'credit_note']),
    /** A credit note's invoice: null on a sale, and while that invoice is not numbered yet. */
    original_invoice_no: z.number().int().nullable(),
    items: z.array(receiptItemSchema),
    /** The total without VAT. */
    taxable_total: ksh,
    vat_total: ksh,
    total: ksh,
    paid_with: z.enum(['balance', 'mpesa']),
    mpesa_receipt: z.string().nullable(),
    issued_at: z.string(),
    etims: receiptEtimsSchema,
    /** The seller as KRA knows it: printed at the top of the receipt. */
    seller: z.object({ name: z.string(), pin: z.string() }),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptListSchema = paginated(receiptSchema).meta({ id: 'ReceiptList' });
export type ReceiptList = z.infer<typeof receiptListSchema>;

/** POST /api/receipts/{id}/send/: by e-mail to the account's address, or by SMS to a phone. */
export const sendReceiptSchema = z.object({
  channel: z.enum(['email', 'sms'], { error: 'Choose email or sms.' }),
  phone_number: z.string().max(20).optional(),
});
export type SendReceipt = z.infer<typeof sendReceiptSchema>;

/** The back office's list of every tax invoice and credit note (CONTRACT §16), with its eTIMS state and why. */
export const adminReceiptSchema = z
  .object({
    id: z.number().int(),
    /** Null for the few seconds until the eTIMS submitter numbers it, just before KRA signs it (decision 0047). */
    invoice_no: z.number().int().nullable(),
    kind: z.enum(['sale', 'credit_note']),
    /** A credit note's invoice: null on a sale, and while that invoice is not numbered yet. */
    original_invoice_no: z.number().int().nullable(),
    /** Ksh as the receipt shows them: the total without VAT and the VAT inside it, to the cent. */
    taxable_total: ksh,
    vat_total: ksh,
    total: z.number().int(),
    customer_email: z.string(),
    issued_at: z.string(),
    state: z.enum(['pending', 'signed', 'failed']),
    attempts: z.number().int(),
    result_code: z.string().nullable(),
    error: z.string().nullable(),
    next_attempt_at: z.string(),
  })
  .meta({ id: 'AdminReceipt' });
export type AdminReceipt = z.infer<typeof adminReceiptSchema>;

/** The back office's receipt list filters (`filter`), each optional; a value outside them is a 400. */
export const adminReceiptFilterSchema = z.object({
  state: z.enum(['pending', 'signed', 'failed', 'unsigned']).optional(),
  kind: z.enum(['sale', 'credit_note']).optional(),
  month: statementMonthSchema.optional(),
});
export type AdminReceiptFilter = z.infer<typeof adminReceiptFilterSchema>;
