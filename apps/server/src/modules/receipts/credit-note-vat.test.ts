import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt, ReceiptList } from '@store/contract';
import { purchases, videos } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { salePayload } from './oscu-payload.ts';

const cents = (ksh: number) => Math.round(ksh * 100);

/** Issue 32 #20: a credit note gives back the VAT its invoice line had, to the cent, on the receipt and to eTIMS. */
describe.each(engines())('the VAT of a credit note on %s', (engine) => {
  let t: TestApp;
  let pair: [number, number];
  beforeAll(async () => {
    t = await createTestApp(engine, { loginRateLimit: 10_000 });
    const ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    pair = [ids[4]!, ids[5]!];
    for (const id of pair) await t.database.db.update(videos).set({ price: 200 }).where(eq(videos.id, id));
  });
  afterAll(() => t.close());

  it('mirrors the invoice lines that share VAT 55.17 as 27.59 and 27.58: the two credit notes give back 27.59 and 27.58, and eTIMS signs both', async () => {
    const c = await customerWithBalance(t.app, 400);
    const staff = await signedInStaff(t.app);
    const bought = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: pair } });
    expect(bought.statusCode, bought.body).toBe(201);
    const rows = await t.database.db.select().from(purchases).where(eq(purchases.userId, c.id)).orderBy(purchases.id);
    const line = (videoId: number) => rows.find((p) => p.videoId === videoId)!;
    // The second line (27.58) first: alone, Ksh 200 holds 27.59, the cent the invoice gave the first line.
    for (const videoId of [pair[1], pair[0]]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${line(videoId).id}/refund`, headers: staff.auth, payload: { reason: 'Bought by mistake' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.store.receipts.submitter.drain();

    const list = (await t.app.inject({ url: '/api/receipts/', headers: c.auth })).json<ReceiptList>().results;
    const invoice = list.find((r) => r.kind === 'sale')!;
    expect(invoice.items.map((i) => i.vat)).toEqual([27.59, 27.58]);
    expect(invoice.vat_total).toBe(55.17);
    const notes = list.filter((r) => r.kind === 'credit_note').sort((a, b) => a.id - b.id);
    expect(notes.map((n) => [n.total, n.vat_total, n.items.map((i) => i.vat)])).toEqual([
      [200, 27.58, [27.58]],
      [200, 27.59, [27.59]],
    ]);
    expect(notes.map((n) => cents(n.taxable_total) + cents(n.vat_total))).toEqual([20_000, 20_000]);
    // Returned whole, the invoice's VAT comes back to the cent.
    expect(notes.reduce((a, n) => a + cents(n.vat_total), 0)).toBe(cents(invoice.vat_total));

    // eTIMS got the same figures (and signed all three: it refuses more tax back than the invoice charged).
    for (const r of [invoice, ...notes]) {
      const shown = (await t.app.inject({ url: `/api/receipts/${r.id}/`, headers: c.auth })).json<Receipt>();
      expect(shown.etims.state).toBe('signed');
      const sent = salePayload((await t.store.receipts.repo.get(r.id))!, { sellerName: 'Store', publishedAt: new Date() });
      expect(sent.totTaxAmt).toBe(r.vat_total);
      expect(sent.itemList.map((i) => i.taxAmt)).toEqual(r.items.map((i) => i.vat));
    }
  });
});
