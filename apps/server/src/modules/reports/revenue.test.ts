import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, RevenueReport, Statement, VatReport } from '@store/contract';
import { djs, profiles, promoCodes, purchases, videos } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/** This month in Nairobi (UTC+3), as YYYY-MM. */
const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);

/**
 * Issue 32, item 15 (CONTRACT §16): one definition of revenue. The dashboard, the reports, the VAT
 * report (from the receipts) and the DJ statements say the same Ksh for the same sales: a purchase,
 * a rental, a sale brought down by a promo code, and a refund.
 */
describe.each(engines())('one revenue on %s', (engine) => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof signedInStaff>>;
  /** What customers paid less what went back to them, from their balances. */
  let paid = 0;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(engine, { loginRateLimit: 10_000 });
    const ids = (await insertFixtureCatalogue(db())).videos.map((v) => v.id);
    staff = await signedInStaff(t.app);
    await db().insert(promoCodes).values({ code: 'NUSU', percentOff: 50 });
    await db().update(videos).set({ rentPrice: 20 }).where(eq(videos.id, ids[1]!));
    const balance = async (id: number) => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, id)))[0]!.b;
    const sell = async (payload: { url: string; body: object }, start = 500) => {
      const c = await customerWithBalance(t.app, start);
      const res = await t.app.inject({ method: 'POST', url: payload.url, headers: c.auth, payload: payload.body });
      expect(res.statusCode, res.body).toBe(201);
      return c;
    };
    const buyer = await sell({ url: '/api/purchased/', body: { video_id: ids[4] } });
    const renter = await sell({ url: '/api/rentals/', body: { video_id: ids[1] } });
    const coded = await sell({ url: '/api/purchased/', body: { video_id: ids[1], promo_code: 'NUSU' } });
    const refunded = await sell({ url: '/api/checkout/', body: { video_ids: [ids[4], ids[5]] } });
    const [toRefund] = await db().select().from(purchases).where(eq(purchases.userId, refunded.id)).orderBy(purchases.id);
    const refund = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${toRefund!.id}/refund/`, headers: staff.auth, payload: { reason: 'Bought by mistake' } });
    expect(refund.statusCode, refund.body).toBe(200);
    for (const c of [buyer, renter, coded, refunded]) paid += 500 - (await balance(c.id));
    await t.store.receipts.submitter.drain();
  });
  afterAll(() => t?.close());

  const get = async <T,>(url: string) => {
    const res = await t.app.inject({ url: `/api/admin${url}`, headers: staff.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('makes the dashboard, the reports, the VAT report and the DJ statements agree to the shilling', async () => {
    // 50 bought, a rental, 70 at half price (35), a cart of 50 + 30 with the 50 refunded.
    expect(paid).toBe(50 + 20 + 35 + 30);
    const dashboard = await get<AdminDashboard>('/dashboard/');
    const byDay = await get<RevenueReport>('/reports/revenue/day/');
    const byKind = await get<RevenueReport>('/reports/revenue/kind/');
    const vat = await get<VatReport>(`/reports/vat/?month=${thisMonth()}`);
    const statements = await Promise.all((await db().select({ id: djs.id }).from(djs)).map((d) => get<Statement>(`/djs/${d.id}/statement/?month=${thisMonth()}`)));

    expect(dashboard.days.reduce((s, d) => s + d.revenue, 0), 'dashboard, 30 days').toBe(paid);
    expect(byDay.total.net, 'report by day').toBe(paid);
    expect(byKind.rows.reduce((s, r) => s + r.net, 0), 'report by way of selling').toBe(paid);
    expect(byKind.rows.find((r) => r.key === 'rental')!.net).toBeGreaterThan(0);
    expect(vat.net.total, 'VAT report, from the receipts').toBe(paid);
    expect(vat.credit_notes).toMatchObject({ count: 1, total: 50 });
    expect(statements.flatMap((s) => s.lines).reduce((sum, l) => sum + l.paid, 0), 'DJ statements').toBe(paid);
    // The best sellers count the same revenue: every sale is some video's.
    expect(dashboard.top_videos.reduce((s, v) => s + v.revenue, 0)).toBe(paid);
    expect(dashboard.days.at(-1)!.purchases, 'videos sold today').toBe(5);
  });
});
