import { eq } from 'drizzle-orm';
import { normaliseKenyanPhone, type AdminReceipt, type Language, type Receipt } from '@store/contract';
import type { MessageId, MessageValues } from '@store/contract/locales';
import { say, words } from '../../lib/words.ts';
import type { Database } from '../../db/client.ts';
import { profiles, users } from '../../db/schema.ts';
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

/**
 * The receipt in a few plain lines, in the customer's language (issue 32 item 24): what a mail or an
 * SMS carries, with the link to the printable page. Titles are staff's words and stay as written.
 */
function receiptText(v: Receipt, link: string, short: boolean, language: Language) {
  const t = (id: MessageId, values: MessageValues = {}) => say(words(id, values), language);
  const head = t(v.kind === 'sale' ? 'Tax invoice {number} from {seller} (PIN {pin})' : 'Credit note {number} from {seller} (PIN {pin})', {
    number: v.invoice_no === null ? t('(invoice number follows when KRA signs)') : String(v.invoice_no),
    seller: v.seller.name,
    pin: v.seller.pin,
  });
  if (short) return t('{head}: {total} incl. VAT {vat}. {link}', { head, total: ksh(v.total), vat: ksh(v.vat_total), link });
  const item = (i: Receipt['items'][number]) =>
    i.promo_code
      ? t('{title}: {price} with promo code {code} (was {was}) (VAT {vat})', { title: i.title, price: ksh(i.unit_price), code: i.promo_code, was: ksh(i.list_price), vat: ksh(i.vat) })
      : t('{title}: {price} (VAT {vat})', { title: i.title, price: ksh(i.unit_price), vat: ksh(i.vat) });
  // A credit note says where the money went back to; an invoice how it was paid.
  const mpesa = v.paid_with === 'mpesa';
  const paid = v.kind === 'sale' ? t(mpesa ? 'Paid with: M-Pesa' : 'Paid with: Store balance') : t(mpesa ? 'Refunded to: M-Pesa' : 'Refunded to: Store balance');
  return [head, ...v.items.map(item), t('Total {total}, of which VAT 16% {vat}', { total: ksh(v.total), vat: ksh(v.vat_total) }), paid, v.etims.cu_invoice_no ? t('CU invoice {number}', { number: v.etims.cu_invoice_no }) : t('Being signed by KRA eTIMS'), link].join('\n');
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
      const [user] = await d.db.select({ email: users.email, language: profiles.language }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId));
      // The account's language; one never chosen reads English, as the store's first words.
      const language: Language = user?.language === 'sw' ? 'sw' : 'en';
      if (o.channel === 'sms') {
        const phone = o.phone_number ? normaliseKenyanPhone(o.phone_number) : null;
        if (!phone) throw new FieldError({ phone_number: ['Enter a Kenyan mobile number, e.g. 0712 345 678.'] });
        await d.sms.send({ to: phone, text: receiptText(v, link, true, language) });
        return { detail: 'The receipt is on its way by SMS.' };
      }
      const text = receiptText(v, link, false, language);
      const html = `<pre style="font-family:inherit">${text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)}</pre>`;
      await d.mailer.send({ to: user!.email, subject: v.invoice_no === null ? say(words('Your receipt from {seller}', { seller: v.seller.name }), language) : say(words('Your receipt {number} from {seller}', { number: String(v.invoice_no), seller: v.seller.name }), language), text, html });
      return { detail: 'The receipt is on its way by e-mail.' };
    },
  };
}
export type ReceiptService = ReturnType<typeof createReceiptService>;
