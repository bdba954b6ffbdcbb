import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityEntry, ActivityPage } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { deposits, profiles, purchases } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { ledger } from './ledger.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

describe.each(engines())('account activity on %s', (engine) => {
  let t: TestApp;
  let videoIds: number[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    videoIds = (await insertFixtureCatalogue(t.database.db)).videos.filter((v) => v.published).map((v) => v.id);
  });
  afterAll(() => t.close());

  const activity = (c: Customer, query = '') => t.app.inject({ url: `/api/activity/${query}`, headers: c.auth });
  const allOf = async (c: Customer) => (await activity(c, '?page_size=1000')).json<ActivityPage>().results;
  const balance = async (c: Customer) => (await t.database.db.select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b;
  const inTx = <T>(fn: (tx: Database) => Promise<T>) => t.database.db.transaction((tx) => fn(tx as unknown as Database));

  /** A deposit paid on the simulated phone, a purchase, a refund of it and a staff adjustment: all four kinds. */
  async function customerWithHistory() {
    const c = await signedInCustomer(t.app);
    const started = await t.app.inject({ method: 'POST', url: '/api/deposit/', headers: c.auth, payload: { username: c.buyerid, amount: 500, phone_number: `07${String(c.id).padStart(8, '1')}` } });
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json<{ CheckoutRequestID: string }>().CheckoutRequestID;
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect((await t.database.db.select().from(deposits).where(eq(deposits.checkoutRequestId, id)))[0]!.state).toBe('completed'));
    const bought = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: videoIds.slice(0, 2) } });
    expect(bought.statusCode, bought.body).toBe(201);
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.userId, c.id)).orderBy(purchases.id).limit(1);
    await inTx((tx) => ledger.refundPurchase(tx, purchase!.id, 'Would not play'));
    await inTx((tx) => ledger.adjustBalance(tx, { userId: c.id, amount: -30, reason: 'Goodwill credit reversed' }));
    return c;
  }

  it('lists deposits, purchases, refunds and adjustments newest first, each with the balance it left', async () => {
    const c = await customerWithHistory();
    const entries = await allOf(c);
    expect(entries.map((e) => e.kind)).toEqual(['adjustment', 'refund', 'purchase', 'deposit']);
    expect(entries.map((e) => e.amount)).toEqual([-30, 100, -170, 500]);
    // Oldest first, each balance is the one before plus the entry's amount; the newest is the balance now.
    let running = 0;
    for (const e of [...entries].reverse()) {
      running += e.amount;
      expect(e.balance_after).toBe(running);
    }
    expect(entries[0]!.balance_after).toBe(await balance(c));
    const [adjustment, refund, purchase, deposit] = entries as [ActivityEntry, ActivityEntry, ActivityEntry, ActivityEntry];
    expect(deposit.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(deposit.note).toMatch(/^M-Pesa 2547/);
    expect(purchase).toMatchObject({ note: 'Demon Slayer: Hunter\u2019s Oath, Nairobi Heist', mpesa_receipt: null });
    expect(refund.note).toBe('Demon Slayer: Hunter\u2019s Oath: Would not play');
    expect(adjustment.note).toBe('Goodwill credit reversed');
    expect(Date.parse(adjustment.time)).toBeGreaterThanOrEqual(Date.parse(deposit.time));
  });

  it('shows a customer only their own entries', async () => {
    const [a, b] = [await customerWithHistory(), await signedInCustomer(t.app)];
    await inTx((tx) => ledger.adjustBalance(tx, { userId: b.id, amount: 1000, reason: 'Opening balance' }));
    const [mine, theirs] = [await allOf(a), await allOf(b)];
    expect(theirs).toEqual([expect.objectContaining({ kind: 'adjustment', amount: 1000, balance_after: 1000, note: 'Opening balance' })]);
    expect(mine.map((e) => e.id)).not.toContain(theirs[0]!.id);
    expect(mine).toHaveLength(4);
    // A newcomer has nothing yet, and no one's list without a token.
    expect((await activity(await signedInCustomer(t.app))).json()).toEqual({ count: 0, next: null, previous: null, results: [], hidden: 0 });
    expect((await t.app.inject({ url: '/api/activity/' })).statusCode).toBe(401);
  });

  it('pages with page and page_size, and answers bad paging with a 4xx, never a 500', async () => {
    const c = await customerWithHistory();
    const first = (await activity(c, '?page_size=3')).json<ActivityPage>();
    expect(first).toMatchObject({ count: 4, previous: null, next: '/api/activity/?page_size=3&page=2' });
    const second = (await activity(c, '?page_size=3&page=2')).json<ActivityPage>();
    expect(second).toMatchObject({ count: 4, next: null, previous: '/api/activity/?page_size=3' });
    expect([...first.results, ...second.results].map((e) => e.kind)).toEqual(['adjustment', 'refund', 'purchase', 'deposit']);
    for (const [query, status] of [
      ['?page=0', 404],
      ['?page=-1', 404],
      ['?page=abc', 404],
      ['?page=3&page_size=3', 404],
      ['?page_size=0', 400],
      ['?page_size=1001', 400],
      ['?page_size=ten', 400],
      ['?page=99999999999999999999', 404],
    ] as const) {
      const res = await activity(c, query);
      expect([query, res.statusCode]).toEqual([query, status]);
      expect(res.body).not.toMatch(/select|stack|ledger_entries/i);
    }
  });
});
