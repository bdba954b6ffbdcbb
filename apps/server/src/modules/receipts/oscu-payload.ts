import type { FullReceipt } from './receipt-repository.ts';
import { fromCents, splitVat, VAT_PERCENT } from './vat.ts';

/** yyyyMMddHHmmss in Nairobi (UTC+3, no daylight saving), as KRA's dates are written. */
export const nairobiStamp = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');

/**
 * A video as an eTIMS item code: KE, 3 (a service), packaging NT, unit U, then a 7-digit serial. A
 * pass (viewing time, no one video: videoId null) is the one item 9000000, above any video's id.
 */
export const itemCode = (videoId: number | null) => `KE3NTU${videoId === null ? '9000000' : String(videoId).padStart(7, '0')}`;

const BANDS = ['A', 'B', 'C', 'D', 'E'] as const;
const RATES = { A: 0, B: VAT_PERCENT, C: 0, D: 0, E: 8 } as const;

/**
 * A receipt as OSCU's saveTrnsSalesOsdc request (TrnsSalesSaveWrReq, docs/etims.md): the header,
 * every tax band (all of a video's price is band B, 16% inside), the receipt block and one item
 * per video. Each item is sold at its list price less any discount (a bundle's or a code's share),
 * its VAT the cent-exact share of the receipt's (vat.ts).
 */
export function salePayload(r: FullReceipt, o: { sellerName: string; publishedAt: Date }) {
  // The submitter numbers a receipt before it sends it (decision 0047): never an unnumbered invoice.
  if (r.invoiceNo === null) throw new Error(`Receipt ${r.id} has no invoice number yet`);
  const vat = splitVat(r.lines);
  const credit = r.kind === 'credit_note';
  const itemList = r.lines.map((l, i) => {
    const price = Math.max(l.listPrice, l.amount);
    const discount = price - l.amount;
    return {
      itemSeq: i + 1,
      itemCd: itemCode(l.videoId),
      itemNm: l.title.slice(0, 200),
      pkgUnitCd: 'NT',
      pkg: 1,
      qtyUnitCd: 'U',
      qty: 1,
      prc: price,
      splyAmt: price,
      dcRt: price > 0 ? Math.round((discount / price) * 10_000) / 100 : 0,
      dcAmt: discount,
      taxTyCd: 'B',
      taxblAmt: l.amount,
      taxAmt: fromCents(vat.lines[i]!),
      totAmt: l.amount,
    };
  });
  const bands = Object.fromEntries(
    BANDS.flatMap((b) => [
      [`taxblAmt${b}`, b === 'B' ? fromCents(vat.total) : 0],
      [`taxRt${b}`, RATES[b]],
      [`taxAmt${b}`, b === 'B' ? fromCents(vat.vat) : 0],
    ]),
  );
  const issued = nairobiStamp(r.issuedAt);
  return {
    trdInvcNo: `VSK-${r.invoiceNo}`,
    invcNo: r.invoiceNo,
    orgInvcNo: credit ? (r.originalInvoiceNo ?? 0) : 0,
    salesTyCd: 'N',
    rcptTyCd: credit ? 'R' : 'S',
    // 06 mobile money (M-Pesa); 07 other: the store balance, itself paid in by M-Pesa deposits.
    pmtTyCd: r.paidWith === 'mpesa' ? '06' : '07',
    salesSttsCd: '02',
    cfmDt: issued,
    salesDt: issued.slice(0, 8),
    ...(credit ? { rfdDt: issued, rfdRsnCd: '06' } : {}),
    totItemCnt: itemList.length,
    ...bands,
    totTaxblAmt: fromCents(vat.total),
    totTaxAmt: fromCents(vat.vat),
    totAmt: fromCents(vat.total),
    prchrAcptcYn: 'N',
    remark: credit ? `Credit note for invoice ${r.originalInvoiceNo}` : undefined,
    regrId: 'store',
    regrNm: o.sellerName.slice(0, 60),
    modrId: 'store',
    modrNm: o.sellerName.slice(0, 60),
    receipt: { rcptPbctDt: nairobiStamp(o.publishedAt), trdeNm: o.sellerName.slice(0, 60), prchrAcptcYn: 'N' },
    itemList,
  };
}
