import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReceipt, VatReport } from '@store/contract';
import { saleLines } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

type Staff = Awaited<ReturnType<typeof signedInStaff>>;

/** CONTRACT §16: the month's output VAT from its receipts, in Nairobi time, and every receipt listed for staff. */
describe.each(engines())('VAT for the month on %s', (engine) => {
  let t: TestApp;
  let staff: Staff;
  let customer: Awaited<ReturnType<typeof signedInCustomer>>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const { videos } = await insertFixtureCatalogue(db());
    staff = await signedInStaff(t.app);
    customer = await signedInCustomer(t.app);
    const [a, b, c] = videos;
    const line = (o: { ref: string; kind: 'purchase' | 'bundle' | 'refund'; video: typeof a; amount: number; at: string; refunds?: number }) => ({
      ledgerKind: o.kind === 'refund' ? 'refund' : o.kind,
      reference: o.ref,
      kind: o.kind,
      userId: customer.id,
      videoId: o.video!.id,
      djId: o.video!.djId,
      title: o.video!.title,
      listPrice: Math.abs(o.amount),
      amount: o.amount,
      refundsLineId: o.refunds ?? null,
      createdAt: new Date(o.at),
    });
    // Each insert commits on its own, so each sale's receipt is made (a deferred trigger) before its refund's.
    const [sold] = await db()
      .insert(saleLines)
      .values(line({ ref: 'v-116', kind: 'purchase', video: a, amount: 116, at: '2026-03-05T09:00:00Z' }))
      .returning({ id: saleLines.id });
    await db()
      .insert(saleLines)
      .values([line({ ref: 'v-cart', kind: 'bundle', video: b, amount: 7, at: '2026-03-10T09:00:00Z' }), line({ ref: 'v-cart', kind: 'bundle', video: c, amount: 7, at: '2026-03-10T09:00:00Z' })]);
    await db().insert(saleLines).values(line({ ref: 'v-refund', kind: 'refund', video: a, amount: -116, at: '2026-03-20T09:00:00Z', refunds: sold!.id }));
    // 23:30 in Nairobi on 31 March is 20:30 UTC: March's. 21:00 UTC is already 1 April there.
    await db().insert(saleLines).values(line({ ref: 'v-late', kind: 'purchase', video: b, amount: 50, at: '2026-03-31T20:30:00Z' }));
    await db().insert(saleLines).values(line({ ref: 'v-april', kind: 'purchase', video: c, amount: 70, at: '2026-03-31T21:00:00Z' }));
    await t.store.receipts.submitter.drain(); // numbered and signed by the eTIMS simulator, in order
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = staff.auth) => t.app.inject({ url: `/api/admin${url}`, headers });
  const vat = async (month: string) => {
    const res = await get(`/reports/vat/?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<VatReport>();
  };

  it('adds up the month’s invoices and credit notes to the cent, a credit note negative in net, the last evening of the month in it', async () => {
    expect(await vat('2026-03')).toEqual({
      month: '2026-03',
      // 116 holds 16.00 VAT; the cart of 7 + 7 holds 1.93 (14 x 16/116 = 1.931); 50 holds 6.90 (6.897).
      sales: { count: 3, taxable: 155.17, vat: 24.83, total: 180 },
      credit_notes: { count: 1, taxable: 100, vat: 16, total: 116 },
      net: { taxable: 55.17, vat: 8.83, total: 64 },
    });
    expect(await vat('2026-04')).toEqual({ month: '2026-04', sales: { count: 1, taxable: 60.34, vat: 9.66, total: 70 }, credit_notes: { count: 0, taxable: 0, vat: 0, total: 0 }, net: { taxable: 60.34, vat: 9.66, total: 70 } });
  });

  it('answers zeros for a month with nothing in it', async () => {
    const none = { count: 0, taxable: 0, vat: 0, total: 0 };
    expect(await vat('2025-01')).toEqual({ month: '2025-01', sales: none, credit_notes: none, net: { taxable: 0, vat: 0, total: 0 } });
    const csv = await get('/reports/vat/?month=2025-01&format=csv');
    expect(csv.body).toBe('invoice_no,date,kind,original_invoice_no,buyer,taxable,vat,total,etims_state');
  });

  it('gives the month as CSV, one line per receipt in Nairobi time, credit notes negative so the columns add up to net', async () => {
    const res = await get('/reports/vat/?month=2026-03&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vat-2026-03.csv"');
    const [header, ...rows] = res.body.split('\n').map((l) => l.split(','));
    expect(header).toEqual(['invoice_no', 'date', 'kind', 'original_invoice_no', 'buyer', 'taxable', 'vat', 'total', 'etims_state']);
    const invoice = rows[0]![0]!;
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['05/03/2026 12:00', 'sale', '', customer.email, '100.00', '16.00', '116.00', 'signed'],
      ['10/03/2026 12:00', 'sale', '', customer.email, '12.07', '1.93', '14.00', 'signed'],
      ['20/03/2026 12:00', 'credit note', invoice, customer.email, '-100.00', '-16.00', '-116.00', 'signed'],
      ['31/03/2026 23:30', 'sale', '', customer.email, '43.10', '6.90', '50.00', 'signed'],
    ]);
    expect(rows.every((r) => /^\d+$/.test(r[0]!))).toBe(true);
    const column = (i: number) => Math.round(rows.reduce((s, r) => s + Number(r[i]) * 100, 0)) / 100;
    expect([column(5), column(6), column(7)]).toEqual([55.17, 8.83, 64]);
  });

  it('refuses a month that is not one with a 400 saying how to write it, in the language asked, and anyone but staff', async () => {
    for (const month of ['2026-13', 'March', '2026-3', '']) {
      const res = await get(`/reports/vat/?month=${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json(), month).toEqual({ month: ['Give the month as YYYY-MM.'] });
    }
    expect((await get('/reports/vat/')).json()).toEqual({ month: ['Give the month as YYYY-MM.'] });
    expect((await get('/reports/vat/?month=1999-12')).statusCode).toBe(400);
    expect((await get('/reports/vat/?month=2026-03&format=pdf')).statusCode).toBe(400);
    const sw = await get('/reports/vat/?month=2026-13', { ...staff.auth, 'accept-language': 'sw' });
    expect(sw.json()).toEqual({ month: ['Andika mwezi kama YYYY-MM.'] });
    expect((await get('/reports/vat/?month=2026-03', customer.auth)).statusCode).toBe(403);
    expect((await get('/reports/vat/?month=2026-03', {})).statusCode).toBe(401);
  });

  it('lists every invoice and credit note for staff with its eTIMS state and VAT, newest first, filtered by month, kind and state', async () => {
    const list = async (query = '') => {
      const res = await get(`/receipts/${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return { rows: res.json<AdminReceipt[]>(), range: res.headers['content-range'] };
    };
    const all = await list();
    expect(all.range).toBe('receipts 0-4/5');
    expect(all.rows.map((r) => [r.kind, r.total, r.taxable_total, r.vat_total, r.state])).toEqual([
      ['sale', 70, 60.34, 9.66, 'signed'],
      ['sale', 50, 43.1, 6.9, 'signed'],
      ['credit_note', 116, 100, 16, 'signed'],
      ['sale', 14, 12.07, 1.93, 'signed'],
      ['sale', 116, 100, 16, 'signed'],
    ]);
    expect(all.rows[2]!.original_invoice_no).toBe(all.rows[4]!.invoice_no);
    const filter = (f: object) => `?filter=${encodeURIComponent(JSON.stringify(f))}`;
    expect((await list(filter({ month: '2026-03' }))).range).toBe('receipts 0-3/4');
    expect((await list(filter({ month: '2026-03', kind: 'credit_note' }))).rows.map((r) => r.total)).toEqual([116]);
    expect((await list(filter({ state: 'unsigned' }))).rows).toEqual([]);
    expect((await list(`${filter({})}&sort=${encodeURIComponent('["total","ASC"]')}&range=[0,1]`)).rows.map((r) => r.total)).toEqual([14, 50]);
    for (const bad of [{ state: 'lost' }, { kind: 'refund' }, { month: '2026-13' }]) expect((await get(`/receipts/${filter(bad)}`)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await get('/receipts/', customer.auth)).statusCode).toBe(403);
  });
});
