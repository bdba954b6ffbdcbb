import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPayment, Receipt, ReceiptList } from '@store/contract';
import { profiles, purchases } from '../../db/schema.ts';
import type { Mail } from '../mail/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance, signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { salePayload } from './oscu-payload.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/** Issue 32 #17: a credit note says where the money went back to, and a line a promo code lowered names the code. */
describe.each(engines())('what a receipt says on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30
  let staff: Awaited<ReturnType<typeof signedInStaff>>;
  const sent: Mail[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine, { loginRateLimit: 10_000, mailer: { send: async (m) => void sent.push(m) } });
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    staff = await signedInStaff(t.app);
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: staff.auth, payload: { code: `NUSU${engine}`, percent_off: 50, kinds: ['purchase'], per_customer: 10, applies_to: { video_ids: [ids[0]], dj_ids: [], genre_ids: [], bundle_ids: [] } } });
    expect(made.statusCode, made.body).toBe(201);
  });
  afterAll(() => t.close());
  const code = () => `NUSU${engine}`.toUpperCase();
  const receiptsOf = async (c: Customer) => (await t.app.inject({ url: '/api/receipts/', headers: c.auth })).json<ReceiptList>().results;
  const mailOf = async (c: Customer, r: Receipt) => {
    expect((await t.app.inject({ method: 'POST', url: `/api/receipts/${r.id}/send/`, headers: c.auth, payload: { channel: 'email' } })).statusCode).toBe(202);
    return sent.filter((m) => m.to === c.email).at(-1)!.text;
  };
  const refund = async (c: Customer, to: 'balance' | 'mpesa') => {
    const [p] = await t.database.db.select().from(purchases).where(eq(purchases.userId, c.id));
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${p!.id}/refund`, headers: staff.auth, payload: { reason: 'Would not play', to } });
    expect(res.statusCode, res.body).toBe(200);
    return (await receiptsOf(c)).find((r) => r.kind === 'credit_note')!;
  };

  it('names the promo code on the line it lowered, and on no other, paid from the balance or with M-Pesa', async () => {
    const fromBalance = await customerWithBalance(t.app, 200);
    expect((await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: fromBalance.auth, payload: { video_ids: [ids[0], ids[1]], promo_code: code().toLowerCase() } })).statusCode).toBe(201);
    const withMpesa = await signedInCustomer(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: { ...withMpesa.auth, 'idempotency-key': 'code-mpesa' }, payload: { video_ids: [ids[0], ids[1]], promo_code: code(), phone_number: '0712000919' } });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${res.json<CheckoutPayment>().CheckoutRequestID}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect(await receiptsOf(withMpesa)).toHaveLength(1));

    for (const c of [fromBalance, withMpesa]) {
      const [invoice] = await receiptsOf(c);
      expect(invoice!.items.map((i) => [i.unit_price, i.list_price, i.promo_code])).toEqual([
        [50, 100, code()],
        [70, 70, null],
      ]);
      expect(await mailOf(c, invoice!)).toContain(`: Ksh 50.00 with promo code ${code()} (was Ksh 100.00)`);
    }
  });

  it('calls a credit note of a refund sent to M-Pesa a credit note refunded to M-Pesa, and eTIMS hears M-Pesa', async () => {
    const c = await customerWithBalance(t.app, 100);
    await t.database.db.update(profiles).set({ phoneNumber: '254711000919' }).where(eq(profiles.userId, c.id));
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[4] } })).statusCode).toBe(201);
    const note = await refund(c, 'mpesa');
    expect(note).toMatchObject({ kind: 'credit_note', paid_with: 'mpesa', total: 50 });
    const text = await mailOf(c, note);
    expect(text).toContain('Credit note');
    expect(text).toContain('Refunded to: M-Pesa');
    expect(text).not.toContain('Paid with');
    await t.store.receipts.submitter.drain();
    expect(salePayload((await t.store.receipts.repo.get(note.id))!, { sellerName: 'Store', publishedAt: new Date() }).pmtTyCd).toBe('06');
  });

  it('says a refund to the balance went back to the store balance', async () => {
    const c = await customerWithBalance(t.app, 100);
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[5] } })).statusCode).toBe(201);
    const note = await refund(c, 'balance');
    expect(note.paid_with).toBe('balance');
    expect(await mailOf(c, note)).toContain('Refunded to: Store balance');
    const [invoice] = (await receiptsOf(c)).filter((r) => r.kind === 'sale');
    expect(await mailOf(c, invoice!)).toContain('Paid with: Store balance');
  });
});
