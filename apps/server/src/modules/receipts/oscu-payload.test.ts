import { describe, expect, it } from 'vitest';
import { checkSale } from '@store/etims-sim';
import { salePayload } from './oscu-payload.ts';
import { aReceipt } from '../../../test/helpers/receipt-fixture.ts';

const base = aReceipt();

describe('a receipt as OSCU’s saveTrnsSalesOsdc request', () => {
  it('passes KRA’s arithmetic with odd prices and a bundle’s discounted shares', () => {
    const r = { ...base, lines: [
      { videoId: 1, title: 'Empire (Season 1)', listPrice: 200, amount: 160 },
      { videoId: 2, title: 'Empire (Season 2)', listPrice: 250, amount: 199 },
      { videoId: 3, title: 'Kibanda', listPrice: 7, amount: 7 },
    ] };
    const body = salePayload(r, { sellerName: 'Video Store Kenya', publishedAt: new Date('2026-11-24T07:15:02Z') });
    expect(checkSale(body as unknown as Record<string, unknown>)).toEqual({ sale: { invcNo: 7, orgInvcNo: 0, rcptTyCd: 'S', totalCents: 36_600, taxCents: 5_048 } });
    expect(body).toMatchObject({ trdInvcNo: 'VSK-7', pmtTyCd: '06', cfmDt: '20261124101500', salesDt: '20261124', totAmt: 366, taxblAmtB: 366, taxAmtB: 50.48, taxRtB: 16 });
    expect(body.itemList[0]).toMatchObject({ itemCd: 'KE3NTU0000001', prc: 200, splyAmt: 200, dcAmt: 40, dcRt: 20, taxblAmt: 160, totAmt: 160, taxTyCd: 'B' });
  });

  it('makes a credit note name the invoice it returns, with KRA’s refund reason', () => {
    const r = { ...base, kind: 'credit_note' as const, invoiceNo: 9, originalReceiptId: 1, originalInvoiceNo: 7, paidWith: 'balance' as const, lines: [{ videoId: 3, title: 'Kibanda', listPrice: 7, amount: 7 }] };
    const body = salePayload(r, { sellerName: 'Video Store Kenya', publishedAt: new Date() });
    expect(body).toMatchObject({ rcptTyCd: 'R', orgInvcNo: 7, rfdRsnCd: '06', rfdDt: '20261124101500', pmtTyCd: '07' });
    expect(checkSale(body as unknown as Record<string, unknown>)).toMatchObject({ sale: { rcptTyCd: 'R', orgInvcNo: 7 } });
  });
});
