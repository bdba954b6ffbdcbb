import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoUseReport, RevenueReport } from '@store/contract';
import { promoCodes, promoRedemptions, saleLines } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance, signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { dayRange } from './routes.ts';

type Staff = Awaited<ReturnType<typeof signedInStaff>>;

describe.each(engines())('sales reports in the back office on %s', (engine) => {
  let t: TestApp;
  let staff: Staff;
  let customer: Awaited<ReturnType<typeof signedInCustomer>>;
  let fixture: Awaited<ReturnType<typeof insertFixtureCatalogue>>;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(engine);
    fixture = await insertFixtureCatalogue(db());
    staff = await signedInStaff(t.app);
    customer = await signedInCustomer(t.app);
    const [demon, heist, empire1, empire2, boda] = fixture.videos;
    const line = (o: { ref: string; kind: 'purchase' | 'rental' | 'bundle' | 'gift' | 'refund'; video: (typeof fixture.videos)[number]; amount: number; at: string; refunds?: number }) => ({
      ledgerKind: o.kind === 'refund' ? 'refund' : o.kind,
      reference: o.ref,
      kind: o.kind,
      userId: customer.id,
      videoId: o.video.id,
      djId: o.video.djId,
      title: o.video.title,
      listPrice: Math.abs(o.amount),
      amount: o.amount,
      refundsLineId: o.refunds ?? null,
      createdAt: new Date(o.at),
    });
    // Known sales around midnight: Nairobi is UTC+3, so 21:00 UTC on 1 March is already 2 March there.
    const [bought] = await db()
      .insert(saleLines)
      .values(line({ ref: 'r-buy', kind: 'purchase', video: heist!, amount: 70, at: '2026-03-01T20:59:00Z' }))
      .returning({ id: saleLines.id });
    await db()
      .insert(saleLines)
      .values([
        line({ ref: 'r-rent', kind: 'rental', video: demon!, amount: 25, at: '2026-03-01T21:00:00Z' }),
        line({ ref: 'r-bundle', kind: 'bundle', video: empire1!, amount: 160, at: '2026-03-01T23:30:00Z' }),
        line({ ref: 'r-bundle', kind: 'bundle', video: empire2!, amount: 200, at: '2026-03-01T23:30:00Z' }),
        line({ ref: 'r-gift', kind: 'gift', video: boda!, amount: 50, at: '2026-03-02T00:30:00Z' }),
        line({ ref: 'r-refund', kind: 'refund', video: heist!, amount: -70, at: '2026-03-03T10:00:00Z', refunds: bought!.id }),
      ]);
    const other = await signedInCustomer(t.app);
    const [code] = await db().insert(promoCodes).values({ code: 'KARIBU20', percentOff: 20 }).returning({ id: promoCodes.id });
    const redemption = (userId: number, ref: string, discount: number, state: 'held' | 'used' | 'released') => ({
      promoCodeId: code!.id,
      userId,
      kind: 'purchase' as const,
      orderReference: ref,
      discount,
      state,
      createdAt: new Date('2026-03-02T00:30:00Z'),
      settledAt: state === 'held' ? null : new Date('2026-03-02T00:31:00Z'),
    });
    await db()
      .insert(promoRedemptions)
      .values([redemption(customer.id, 'p-1', 20, 'used'), redemption(other.id, 'p-2', 14, 'used'), redemption(other.id, 'p-3', 10, 'held'), redemption(customer.id, 'p-4', 40, 'released')]);
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = staff.auth) => t.app.inject({ url: `/api/admin/reports${url}`, headers });
  const report = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json<RevenueReport>();
  };
  const march = '?from=2026-03-01&to=2026-03-03';
  const figures = (r: RevenueReport) => r.rows.map((row) => [row.label, row.videos, row.orders, row.sales, row.refunds, row.net]);

  it('sums each Nairobi day, a sale after 21:00 UTC on the next day, and a refund on the day it was made', async () => {
    const byDay = await report(`/revenue/day${march}`);
    expect(byDay).toMatchObject({ from: '2026-03-01', to: '2026-03-03' });
    expect(figures(byDay)).toEqual([
      ['2026-03-01', 1, 1, 70, 0, 70],
      ['2026-03-02', 4, 3, 435, 0, 435],
      ['2026-03-03', 0, 0, 0, 70, -70],
    ]);
    expect(byDay.total).toEqual({ videos: 5, orders: 4, sales: 505, refunds: 70, net: 435 });
    // One Nairobi day: 21:00 UTC on 1 March is its first minute, 20:59 the day before's last.
    expect((await report('/revenue/day?from=2026-03-02&to=2026-03-02')).total).toMatchObject({ videos: 4, sales: 435 });
    // A day with no sale is still a bar.
    expect(figures(await report('/revenue/day?from=2026-02-27&to=2026-02-28'))).toEqual([
      ['2026-02-27', 0, 0, 0, 0, 0],
      ['2026-02-28', 0, 0, 0, 0, 0],
    ]);
  });

  it('splits purchases, rentals, bundles, gifts and passes (every way present, sold or not), a refund subtracting from the kind it was sold as', async () => {
    expect(figures(await report(`/revenue/kind${march}`))).toEqual([
      ['purchase', 1, 1, 70, 70, 0],
      ['rental', 1, 1, 25, 0, 25],
      ['bundle', 2, 1, 360, 0, 360],
      ['gift', 1, 1, 50, 0, 50],
      ['pass', 0, 0, 0, 0, 0],
    ]);
  });

  it('ranks DJs, genres and videos by what they brought in, refunds taken off', async () => {
    expect(figures(await report(`/revenue/dj${march}`))).toEqual([
      ['Zamu', 3, 2, 430, 70, 360],
      ['Kibe', 2, 2, 75, 0, 75],
    ]);
    expect(figures(await report(`/revenue/genre${march}`))).toEqual([
      ['Fantasy', 3, 2, 385, 0, 385],
      ['Comedy', 1, 1, 50, 0, 50],
      ['Action', 1, 1, 70, 70, 0],
    ]);
    const byVideo = await report(`/revenue/video${march}`);
    expect(byVideo.rows.map((r) => [r.label, r.net])).toEqual([
      ['Empire of Swords (Season 2)', 200],
      ['Empire of Swords (Season 1)', 160],
      ['Boda Boda Kings', 50],
      ['Demon Slayer: Hunter\u2019s Oath', 25],
      ['Nairobi Heist', 0],
    ]);
    expect(byVideo.rows[0]!.key).toBe(String(fixture.videos[3]!.id));
  });

  it('counts a promo code’s paid uses only: not a redemption still held, nor one given back', async () => {
    const res = await get(`/promo-codes${march}`);
    expect(res.statusCode, res.body).toBe(200);
    const promo = res.json<PromoUseReport>();
    expect(promo.rows).toEqual([{ id: expect.any(Number), code: 'KARIBU20', uses: 2, customers: 2, discount: 34 }]);
    expect(promo.total).toEqual({ uses: 2, customers: 2, discount: 34 });
    expect((await get('/promo-codes?from=2026-03-03&to=2026-03-03')).json<PromoUseReport>().rows).toEqual([]);
  });

  it('shows a sale made through the store today in the default range, the last 30 Nairobi days', async () => {
    const buyer = await customerWithBalance(t.app, 500);
    const bought = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: buyer.auth, payload: { video_id: fixture.videos[4]!.id } });
    expect(bought.statusCode, bought.body).toBe(201);
    const byDay = await report('/revenue/day');
    expect(byDay.rows).toHaveLength(30);
    expect(byDay).toMatchObject(dayRange({}));
    expect(byDay.rows.at(-1)).toMatchObject({ key: dayRange({}).to, videos: 1, sales: 50 });
  });

  it('refuses a bad range with the field at fault, in the language asked, and anyone but staff', async () => {
    for (const [query, field] of [
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?from=2026-03-03&to=2026-03-01', 'to'],
      ['?from=2025-01-01&to=2026-03-01', 'to'],
    ] as const) {
      const res = await get(`/revenue/day${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json()), query).toEqual([field]);
      expect(res.json<Record<string, string[]>>()[field], 'one sentence, said once').toHaveLength(1);
    }
    const sw = await get('/revenue/day?from=2026-03-03&to=2026-03-01', { ...staff.auth, 'accept-language': 'sw' });
    expect(sw.json()).toEqual({ to: ['Kipindi kiishe siku ya mwanzo au baadaye, na kisizidi siku 366.'] });
    expect((await get('/revenue/planets')).statusCode).toBe(400);
    expect((await get('/revenue/day', customer.auth)).statusCode).toBe(403);
    expect((await get('/revenue/day', {})).statusCode).toBe(401);
  });
});
