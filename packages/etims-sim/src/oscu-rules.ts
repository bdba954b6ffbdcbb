/**
 * What KRA's OSCU checks in a sale (saveTrnsSalesOsdc), as its specification documents the fields
 * (docs/etims.md says where each rule was read). Amounts are decimals with two places (18,2);
 * everything is compared in cents so 0.1 + 0.2 never differs from 0.3.
 */

/** The API's result codes the simulator answers (KRA's "API Response Code" list). */
export const RESULT = {
  ok: { resultCd: '000', resultMsg: 'It is succeeded' },
  noHeader: { resultCd: '900', resultMsg: 'There is no Header information' },
  invalidDevice: { resultCd: '901', resultMsg: 'It is not valid device' },
  installed: { resultCd: '902', resultMsg: 'This device is installed' },
  parameter: { resultCd: '910', resultMsg: 'Request parameter error' },
  noSale: { resultCd: '922', resultMsg: 'Sales invoice data can be received after receiving the sales data.' },
  overlapped: { resultCd: '994', resultMsg: 'There is an overlapped Data' },
  unknown: { resultCd: '999', resultMsg: 'There is an unknown error. Please ask the administrator' },
} as const;

/** Tax types and their rates (KRA's "Tax Type" code list): B is the standard 16%. */
export const TAX_RATES = { A: 0, B: 16, C: 0, D: 0, E: 8 } as const;
export type TaxType = keyof typeof TAX_RATES;
const BANDS = Object.keys(TAX_RATES) as TaxType[];

export const isPin = (v: unknown): v is string => typeof v === 'string' && /^[AP]\d{9}[A-Z]$/.test(v);
export const isBranch = (v: unknown): v is string => typeof v === 'string' && /^\d{2}$/.test(v);
const isStamp = (v: unknown, digits: 8 | 14) => typeof v === 'string' && new RegExp(`^\\d{${digits}}$`).test(v);
const text = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;

/** A decimal with at most two places, as cents; null when it is not one. */
export function cents(v: unknown): number | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  const c = Math.round(v * 100);
  return Math.abs(c - v * 100) < 1e-6 ? c : null;
}

/** The tax inside a VAT-inclusive amount, to the cent, half up. */
export const taxInside = (amountCents: number, rate: number) => Math.floor((2 * amountCents * rate + 100 + rate) / (2 * (100 + rate)));

export interface CheckedSale {
  invcNo: number;
  orgInvcNo: number;
  rcptTyCd: 'S' | 'R';
  totalCents: number;
  taxCents: number;
}

/** The first thing wrong with a sale's fields or arithmetic, in KRA's words plus which field; or the sale. */
export function checkSale(b: Record<string, unknown>): { error: string } | { sale: CheckedSale } {
  const bad = (field: string, why = 'is missing or malformed') => ({ error: `${field} ${why}` });
  if (!text(b.trdInvcNo, 50)) return bad('trdInvcNo');
  if (!Number.isInteger(b.invcNo) || (b.invcNo as number) < 1) return bad('invcNo');
  if (!Number.isInteger(b.orgInvcNo) || (b.orgInvcNo as number) < 0) return bad('orgInvcNo');
  if (b.salesTyCd !== 'N') return bad('salesTyCd', 'must be N (normal)');
  if (b.rcptTyCd !== 'S' && b.rcptTyCd !== 'R') return bad('rcptTyCd', 'must be S (sale) or R (credit note)');
  if (b.pmtTyCd !== undefined && !['01', '02', '03', '04', '05', '06', '07'].includes(String(b.pmtTyCd))) return bad('pmtTyCd');
  if (b.salesSttsCd !== '02') return bad('salesSttsCd', 'must be 02 (approved)');
  if (!isStamp(b.cfmDt, 14)) return bad('cfmDt');
  if (!isStamp(b.salesDt, 8)) return bad('salesDt');
  if (b.rcptTyCd === 'R') {
    if (!isStamp(b.rfdDt, 14)) return bad('rfdDt', 'is required on a credit note');
    if (!['01', '02', '03', '04', '05', '06'].includes(String(b.rfdRsnCd))) return bad('rfdRsnCd', 'is required on a credit note');
    if (b.orgInvcNo === 0) return bad('orgInvcNo', 'must name the invoice a credit note returns');
  } else if (b.orgInvcNo !== 0) return bad('orgInvcNo', 'must be 0 on a sale');
  if (b.prchrAcptcYn !== 'Y' && b.prchrAcptcYn !== 'N') return bad('prchrAcptcYn');
  for (const f of ['regrId', 'modrId'] as const) if (!text(b[f], 20)) return bad(f);
  for (const f of ['regrNm', 'modrNm'] as const) if (!text(b[f], 60)) return bad(f);
  const receipt = b.receipt as Record<string, unknown> | undefined;
  if (!receipt || typeof receipt !== 'object' || Array.isArray(receipt)) return bad('receipt');
  if (!isStamp(receipt.rcptPbctDt, 14)) return bad('receipt.rcptPbctDt');
  if (receipt.prchrAcptcYn !== 'Y' && receipt.prchrAcptcYn !== 'N') return bad('receipt.prchrAcptcYn');
  const items = b.itemList;
  if (!Array.isArray(items) || items.length === 0) return bad('itemList');
  if (b.totItemCnt !== items.length) return bad('totItemCnt', 'does not match itemList');

  const band = Object.fromEntries(BANDS.map((t) => [t, { taxable: 0, tax: 0 }])) as Record<TaxType, { taxable: number; tax: number }>;
  let total = 0;
  for (const [i, raw] of items.entries()) {
    const at = (f: string) => `itemList[${i}].${f}`;
    if (typeof raw !== 'object' || raw === null) return bad(`itemList[${i}]`);
    const it = raw as Record<string, unknown>;
    if (it.itemSeq !== i + 1) return bad(at('itemSeq'), 'must count from 1');
    for (const f of ['itemCd', 'itemNm', 'pkgUnitCd', 'qtyUnitCd'] as const) if (!text(it[f], 200)) return bad(at(f));
    const tax = it.taxTyCd as TaxType;
    if (!BANDS.includes(tax)) return bad(at('taxTyCd'));
    const n = Object.fromEntries(['pkg', 'qty', 'prc', 'splyAmt', 'dcRt', 'dcAmt', 'taxblAmt', 'taxAmt', 'totAmt'].map((f) => [f, cents(it[f])]));
    for (const [f, v] of Object.entries(n)) if (v === null || v < 0) return bad(at(f));
    const c = n as Record<string, number>;
    if (Math.round((c.qty! * c.prc!) / 100) !== c.splyAmt) return bad(at('splyAmt'), 'is not qty x prc');
    if (c.splyAmt! - c.dcAmt! !== c.taxblAmt) return bad(at('taxblAmt'), 'is not splyAmt less dcAmt');
    if (c.totAmt !== c.taxblAmt) return bad(at('totAmt'), 'is not taxblAmt (prices include tax)');
    const exact = (c.taxblAmt! * TAX_RATES[tax]) / (100 + TAX_RATES[tax]);
    if (Math.abs(c.taxAmt! - exact) >= 1) return bad(at('taxAmt'), `is not the ${TAX_RATES[tax]}% inside taxblAmt`);
    band[tax].taxable += c.taxblAmt!;
    band[tax].tax += c.taxAmt!;
    total += c.totAmt!;
  }
  let taxable = 0;
  let taxSum = 0;
  for (const t of BANDS) {
    const [tb, tr, ta] = [cents(b[`taxblAmt${t}`] ?? 0), cents(b[`taxRt${t}`] ?? TAX_RATES[t]), cents(b[`taxAmt${t}`] ?? 0)];
    if (tr !== TAX_RATES[t] * 100) return bad(`taxRt${t}`, `must be ${TAX_RATES[t]}`);
    if (tb !== band[t].taxable) return bad(`taxblAmt${t}`, 'is not the sum of its items');
    if (ta !== band[t].tax) return bad(`taxAmt${t}`, 'is not the sum of its items');
    // A credit note returns its invoice's items with the tax each had there (their sum may be a cent off
    // the rate inside the note's own total); each item is still within a cent of its share, checked above.
    if (b.rcptTyCd !== 'R' && ta !== taxInside(tb, TAX_RATES[t])) return bad(`taxAmt${t}`, `is not the ${TAX_RATES[t]}% inside taxblAmt${t}`);
    taxable += tb;
    taxSum += ta;
  }
  if (cents(b.totTaxblAmt) !== taxable) return bad('totTaxblAmt', 'is not the sum of the bands');
  if (cents(b.totTaxAmt) !== taxSum) return bad('totTaxAmt', 'is not the sum of the bands');
  if (cents(b.totAmt) !== total) return bad('totAmt', 'is not the sum of the items');
  return { sale: { invcNo: b.invcNo as number, orgInvcNo: b.orgInvcNo as number, rcptTyCd: b.rcptTyCd, totalCents: total, taxCents: taxSum } };
}
