import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminPurchase, Payout, Statement } from '@store/contract';
import { djs, genres, payouts, saleLines, videos } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance, signedInStaff } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { nairobiMonth } from './statement.ts';

/** This month in Nairobi (UTC+3), and the months either side of it, as a statement names them. */
const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);
const monthAfter = (month: string, step: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + step, 1));
  return d.toISOString().slice(0, 7);
};

/** The month on its own: brought forward + earned − refunds − withholding − payouts. */
const sums = (s: Statement) => s.brought_forward + s.earned - s.refunds - s.withholding_tax - s.payouts;

describe.each(engines())('a DJ statement that adds up on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  const db = () => t.database.db;
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url: `/api/admin${url}`, headers: staff, ...(payload ? { payload } : {}) });
  const statement = async (djId: number, month: string) => {
    const res = await admin('GET', `/djs/${djId}/statement/?month=${month}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Statement>();
  };
  async function pay(djId: number, amount: number) {
    const res = await admin('POST', '/payouts/', { dj_id: djId, amount });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<Payout>();
    await vi.waitFor(async () => expect((await admin('GET', `/payouts/${id}`)).json<Payout>().state).toBe('completed'), 5000);
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = (await signedInStaff(t.app)).auth;
  });
  afterAll(() => t.close());

  it('brings forward what was owed at the month’s start, so opening + earned − refunds − withholding − payouts = closing', async () => {
    const [genre] = await db().insert(genres).values({ title: 'Statement mixes' }).returning();
    const [dj] = await db().insert(djs).values({ djName: 'DJ Balance', revenueSharePercent: 40, payoutPhone: '254708374149' }).returning();
    const vs = await db()
      .insert(videos)
      .values([250, 200, 70].map((price, i) => ({ title: `Balance ${i}`, djId: dj!.id, genreId: genre!.id, cartegory: 'movie', type: 'dj_balance', price, synopsis: 'A mix', posterKey: 'abc123', videoPath: `renditions/balance-${i}`, dateUploaded: new Date() })))
      .returning();
    const [v250, v200, v70] = vs.map((v) => v.id) as [number, number, number];
    const c = await customerWithBalance(t.app, 5000);
    const buy = async (id: number) => expect((await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: [id] } })).statusCode).toBe(201);

    // Last month: a Ksh 250 sale (VAT 34, 216 left, 40% is 86; 5% withheld is 4) and a payout of 50.
    await buy(v250);
    await pay(dj!.id, 50);
    const month = thisMonth();
    const lastMonth = monthAfter(month, -1);
    const earlier = new Date(nairobiMonth(month).from.getTime() - 2 * 86_400_000);
    await db().update(saleLines).set({ createdAt: earlier }).where(eq(saleLines.djId, dj!.id));
    await db().update(payouts).set({ createdAt: earlier }).where(eq(payouts.djId, dj!.id));

    // This month: 200 earns 69, 70 earns 24 and its refund takes the 24 back; a payout of 20.
    await buy(v200);
    await buy(v70);
    const purchase = (await admin('GET', `/purchases?filter=${encodeURIComponent(JSON.stringify({ user_id: c.id, video_id: v70 }))}`)).json<AdminPurchase[]>()[0]!;
    expect((await admin('POST', `/purchases/${purchase.id}/refund`, { reason: 'Bought by mistake' })).statusCode).toBe(200);
    await pay(dj!.id, 20);

    const last = await statement(dj!.id, lastMonth);
    expect(last).toMatchObject({ brought_forward: 0, earned: 86, refunds: 0, earnings: 86, withholding_tax: 4, payouts: 50, carried_forward: 32 });
    expect(sums(last)).toBe(last.carried_forward);

    const now = await statement(dj!.id, month);
    // 86 + 69 earned to date, 5% of 155 is 7.75 so 8 withheld in all: 4 of it this month.
    expect(now).toMatchObject({ brought_forward: 32, earned: 93, refunds: 24, earnings: 69, withholding_tax: 4, payouts: 20, carried_forward: 77, owed: 77 });
    expect(sums(now)).toBe(now.carried_forward);
    expect(now.lines.map((l) => [l.kind, l.earned, l.share_percent])).toEqual([
      ['purchase', 69, 40],
      ['purchase', 24, 40],
      ['refund', -24, 40],
    ]);

    // The month after brings forward what this one carried, with nothing of its own.
    expect(await statement(dj!.id, monthAfter(month, 1))).toMatchObject({ lines: [], brought_forward: 77, earned: 0, refunds: 0, withholding_tax: 0, payouts: 0, carried_forward: 77, owed: 77 });
  });
});
