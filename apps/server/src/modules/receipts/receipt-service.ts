import { eq } from 'drizzle-orm';
import { normaliseKenyanPhone, type AdminReceipt, type Receipt } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { FieldError, HttpError } from '../../lib/http-errors.ts';
import type { Mailer } from '../mail/index.ts';
import type { SmsSender } from '../sms/index.ts';
import type { EtimsConfig } from './config.ts';
import type { FullReceipt, ReceiptRepository } from './receipt-repository.ts';
import { fromCents, splitVat } from './vat.ts';

/** KRA's receipt checker for a signed receipt: the seller's PIN, branch and the receipt's signature. */
export const checkerUrl = (c: EtimsConfig, signature: string) => `${c.checkerUrl}/common/link/etims/receipt/indexEtimsReceiptData?Data=${c.pin}${c.branchId}${signature}`;

/** The control unit's time (yyyyMMddHHmmss, Nairobi) as an instant: when KRA signed the receipt. */
const cuTime = (s: string | null) => {
  const m = s ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s) : null;
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+03:00`).toISOString() : null;
};

/** A receipt as the API answers it (CONTRACT §12), its VAT split to the cent as it was sent to KRA. */
export function receiptView(r: FullReceipt, c: EtimsConfig): Receipt {
  const vat = splitVat(r.lines);
  return {
    id: r.id,
    invoice_no: r.invoiceNo,
    kind: r.kind,
    original_invoice_no: r.originalInvoiceNo,
    items: r.lines.map((l, i) => ({ title: l.title, qty: 1, unit_price: l.amount, vat: fromCents(vat.lines[i]!), list_price: l.listPrice, promo_code: l.promoCode ?? null })),
    taxable_total: fromCents(vat.net),
    vat_total: fromCents(vat.vat),
    total: fromCents(vat.total),
    paid_with: r.paidWith,
    mpesa_receipt: r.mpesaReceipt,
    issued_at: r.issuedAt.toISOString(),
    etims: {
      state: r.etimsState,
      cu_id: r.cuId,
      cu_invoice_no: r.cuId && r.cuReceiptNo !== null ? `${r.cuId}/${r.cuReceiptNo}` : null,
      internal_data: r.internalData,
      signature: r.signature,
      signed_at: cuTime(r.sdcDateTime) ?? r.signedAt?.toISOString() ?? null,
      qr_url: r.signature ? checkerUrl(c, r.signature) : null,
    },
    seller: { name: c.sellerName, pin: c.pin },
  };
}

/** A receipt in the back office's list: its amounts as the receipt itself shows them (receiptView), its eTIMS state and why. */
export const adminReceiptView = (r: FullReceipt, email: string, c: EtimsConfig): AdminReceipt => {
  const v = receiptView(r, c);
  return {
    id: r.id,
    invoice_no: r.invoiceNo,
    kind: r.kind,
    original_invoice_no: r.originalInvoiceNo,
    taxable_total: v.taxable_total,
    vat_total: v.vat_total,
    total: r.total,
    customer_email: email,
    issued_at: r.issuedAt.toISOString(),
    state: r.etimsState,
    attempts: r.etimsAttempts,
    result_code: r.etimsResultCode,
    error: r.etimsError,
    next_attempt_at: r.etimsNextAt.toISOString(),
  };
};

const ksh = (n: number) => `Ksh ${n.toFixed(2)}`;

/** A receipt is numbered by the submitter seconds after the sale (decision 0047): what shows until then. */
export const NUMBER_FOLLOWS = 'invoice number follows when KRA signs';

/** The receipt in a few plain lines: what a mail or an SMS carries, with the link to the printable page. */
function receiptText(v: Receipt, link: string, short: boolean) {
  const head = `${v.kind === 'sale' ? 'Tax invoice' : 'Credit note'} ${v.invoice_no ?? `(${NUMBER_FOLLOWS})`} from ${v.seller.name} (PIN ${v.seller.pin})`;
  if (short) return `${head}: ${ksh(v.total)} incl. VAT ${ksh(v.vat_total)}. ${link}`;
  const item = (i: Receipt['items'][number]) => `${i.title}: ${ksh(i.unit_price)}${i.promo_code ? ` with promo code ${i.promo_code} (was ${ksh(i.list_price)})` : ''} (VAT ${ksh(i.vat)})`;
  // A credit note says where the money went back to; an invoice how it was paid.
  const paid = `${v.kind === 'sale' ? 'Paid with' : 'Refunded to'}: ${v.paid_with === 'mpesa' ? 'M-Pesa' : 'Store balance'}`;
  return [head, ...v.items.map(item), `Total ${ksh(v.total)}, of which VAT 16% ${ksh(v.vat_total)}`, paid, v.etims.cu_invoice_no ? `CU invoice ${v.etims.cu_invoice_no}` : 'Being signed by KRA eTIMS', link].join('\n');
}

export function createReceiptService(d: { db: Database; repo: ReceiptRepository; config: EtimsConfig; publicUrl: string; mailer: Mailer; sms: SmsSender }) {
  return {
    async list(userId: number, page: { limit: number; offset: number }) {
      const { count, rows } = await d.repo.listForUser(userId, page);
      return { count, results: rows.map((r) => receiptView(r, d.config)) };
    },

    /** A customer's own receipt; anyone else's is "not found", as if it did not exist. */
    async get(id: number, userId: number): Promise<Receipt> {
      const r = await d.repo.get(id, userId);
      if (!r) throw new HttpError(404, 'Not found.');
      return receiptView(r, d.config);
    },

    /** Sends a copy of the receipt by e-mail (to the account's address) or SMS (to the phone given). */
    async send(id: number, userId: number, o: { channel: 'email' | 'sms'; phone_number?: string | undefined }): Promise<{ detail: string }> {
      const v = await this.get(id, userId);
      const link = `${d.publicUrl}/receipt/${v.id}`;
      if (o.channel === 'sms') {
        const phone = o.phone_number ? normaliseKenyanPhone(o.phone_number) : null;
        if (!phone) throw new FieldError({ phone_number: ['Enter a Kenyan mobile number, e.g. 0712 345 678.'] });
        await d.sms.send({ to: phone, text: receiptText(v, link, true) });
        return { detail: 'The receipt is on its way by SMS.' };
      }
      const [user] = await d.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const text = receiptText(v, link, false);
      const html = `<pre style="font-family:inherit">${text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</pre>`;
      await d.mailer.send({ to: user!.email, subject: `Your receipt ${v.invoice_no === null ? '' : `${v.invoice_no} `}from ${v.seller.name}`, text, html });
      return { detail: 'The receipt is on its way by e-mail.' };
    },
  };
}
export type ReceiptService = ReturnType<typeof createReceiptService>;
