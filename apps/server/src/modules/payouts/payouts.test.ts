import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminDj, AdminPurchase, Payout, Statement } from '@store/contract';
import { djs, genres, ledgerEntries, payouts, profiles, videos } from '../../db/schema.ts';
import type { Database } from '../../db/client.ts';
import { ledger } from '../wallet/index.ts';
import { payoutMismatches } from '../wallet/index.ts';
import { ledgerMismatches, saleLineMismatches } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance, login, signedInStaff } from '../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { nairobiMonth } from './statement.ts';

/** This month in Nairobi (UTC+3), as a statement names it. */
const thisMonth = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 7);

describe.each(engines())('DJ earnings and payouts on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  let staffId: number;
  let genreId: number;
  let seq = 0;
  const db = () => t.database.db;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = staff) => t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });
  const behave = (b: object) => t.app.inject({ method: 'PUT', url: '/mpesa-sim/b2c/behaviour', payload: b });
  const statement = async (djId: number, month = thisMonth(), headers = staff) => {
    const res = await admin('GET', `/djs/${djId}/statement/?month=${month}`, undefined, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Statement>();
  };
  const payoutRow = async (id: number) => (await db().select().from(payouts).where(eq(payouts.id, id)))[0]!;

  /** A DJ of their own for each test (share and phone set), narrating videos at these prices. */
  async function djWithVideos(prices: number[], share = 40, phone: string | null = '254708374149') {
    const n = ++seq;
    const [dj] = await db().insert(djs).values({ djName: `DJ Payout ${n}`, revenueSharePercent: share, payoutPhone: phone }).returning();
    if (!prices.length) return { dj: dj!, ids: [] };
    const vs = await db()
      .insert(videos)
      .values(prices.map((price, i) => ({ title: `Mix ${n}-${i}`, djId: dj!.id, genreId, cartegory: 'movie', type: 'dj_payout', price, synopsis: 'A mix', posterKey: 'abc123', videoPath: `renditions/payout-${n}-${i}`, dateUploaded: new Date() })))
      .returning();
    return { dj: dj!, ids: vs.map((v) => v.id) };
  }
  async function buy(ids: number[], balance = 5000) {
    const c = await customerWithBalance(t.app, balance);
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: ids } });
    expect(res.statusCode, res.body).toBe(201);
    return c;
  }
  const purchaseOf = async (userId: number, videoId: number) =>
    (await admin('GET', `/purchases?filter=${encodeURIComponent(JSON.stringify({ user_id: userId, video_id: videoId }))}`)).json<AdminPurchase[]>()[0]!;

  beforeAll(async () => {
    t = await createTestApp(engine);
    genreId = (await db().insert(genres).values({ title: 'Payout mixes' }).returning())[0]!.id;
    const s = await signedInStaff(t.app);
    [staff, staffId] = [s.auth, s.id];
  });
  afterEach(async () => {
    await behave({ outcome: 'pay' });
    // Every shilling through the one ledger service: balances and sale lines add up after each test.
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
    expect(await payoutMismatches(db())).toEqual([]);
  });
  afterAll(() => t.close());

  it('lets staff set a DJ’s revenue share and M-Pesa phone, in any Kenyan form, and refuses nonsense', async () => {
    const { dj } = await djWithVideos([], 0, null);
    const res = await admin('PUT', `/djs/${dj.id}`, { revenue_share_percent: 35, payout_phone: '0712 345 678' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminDj>()).toMatchObject({ id: dj.id, dj_name: dj.djName, revenue_share_percent: 35, payout_phone: '254712345678', login_username: null });
    expect((await admin('PUT', `/djs/${dj.id}`, { revenue_share_percent: 101 })).json()).toEqual({ revenue_share_percent: ['Enter a share from 0 to 100 percent.'] });
    expect((await admin('PUT', `/djs/${dj.id}`, { payout_phone: '12345' })).json()).toEqual({ payout_phone: ['Enter a Kenyan mobile number, e.g. 0712 345 678.'] });
    // The name alone still changes as before, leaving the share and phone.
    expect((await admin('PUT', `/djs/${dj.id}`, { dj_name: `${dj.djName} Renamed` })).json<AdminDj>()).toMatchObject({ revenue_share_percent: 35, payout_phone: '254712345678' });
  });

  it('earns a DJ their share of what was paid less the VAT inside it, takes it back on a refund, and withholds tax', async () => {
    const { dj, ids } = await djWithVideos([70, 200]);
    const other = await djWithVideos([100]);
    const c = await buy([...ids, ...other.ids]);
    await admin('POST', `/purchases/${(await purchaseOf(c.id, ids[0]!)).id}/refund`, { reason: 'Bought by mistake' });

    const s = await statement(dj.id);
    // 70: VAT 10 (16/116 of it), 60 left, 40% is 24. 200: VAT 28, 172 left, 40% is 68.8, so 69.
    expect(s.lines.map((l) => [l.kind, l.title, l.paid, l.vat, l.earned])).toEqual([
      ['purchase', 'Mix ' + (seq - 1) + '-0', 70, 10, 24],
      ['purchase', 'Mix ' + (seq - 1) + '-1', 200, 28, 69],
      ['refund', 'Mix ' + (seq - 1) + '-0', -70, -10, -24],
    ]);
    // Earnings 69; withholding tax 5% is 3.45, so 3; nothing paid out yet: 66 owed.
    expect(s).toMatchObject({ dj_id: dj.id, month: thisMonth(), earnings: 69, withholding_tax: 3, payouts: 0, owed: 66 });
    expect(s.lines.every((l) => !Number.isNaN(Date.parse(l.date)))).toBe(true);

    // The same lines as CSV; another month shows no lines but the same amount owed.
    const csv = await admin('GET', `/djs/${dj.id}/statement?month=${thisMonth()}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\n').map((l) => l.split(',').slice(1).join(','))).toEqual(['kind,title,paid,vat,earned,share_percent', `purchase,Mix ${seq - 1}-0,70,10,24,40`, `purchase,Mix ${seq - 1}-1,200,28,69,40`, `refund,Mix ${seq - 1}-0,-70,-10,-24,40`]);
    expect(await statement(dj.id, '2020-01')).toMatchObject({ lines: [], earnings: 0, withholding_tax: 0, payouts: 0, owed: 66 });
    expect((await statement(other.dj.id)).lines).toHaveLength(1);

    expect((await admin('GET', `/djs/${dj.id}/statement?month=2026-13`)).json()).toEqual({ month: ['Give the month as YYYY-MM.'] });
    expect((await admin('GET', `/djs/999999/statement?month=2026-01`)).statusCode).toBe(404);
  });

  it('keeps past sales at the share they were made at when staff change a DJ’s share', async () => {
    const { dj, ids } = await djWithVideos([200, 70]);
    const c = await buy([ids[0]!]);
    // 200: VAT 28, 172 left, 40% is 68.8, so 69; 3 withheld: 66 owed.
    expect(await statement(dj.id)).toMatchObject({ earnings: 69, owed: 66 });
    expect((await admin('PUT', `/djs/${dj.id}`, { revenue_share_percent: 5 })).statusCode).toBe(200);
    expect(await statement(dj.id)).toMatchObject({ earnings: 69, owed: 66 });

    // A sale after the change earns the new share: 70, VAT 10, 60 left, 5% is 3.
    await buy([ids[1]!]);
    // Refunding the old sale takes back what it gave at 40%, not 5% of it.
    await admin('POST', `/purchases/${(await purchaseOf(c.id, ids[0]!)).id}/refund`, { reason: 'Bought by mistake' });
    const s = await statement(dj.id);
    expect(s.lines.map((l) => [l.kind, l.paid, l.earned])).toEqual([
      ['purchase', 200, 69],
      ['purchase', 70, 3],
      ['refund', -200, -69],
    ]);
    expect(s).toMatchObject({ earnings: 3, withholding_tax: 0, owed: 3 });
  });

  it('answers a month out of range with 400, not a server error', async () => {
    const { dj } = await djWithVideos([]);
    for (const month of ['0000-01', '9999-12', '1999-12', '2100-01']) {
      const res = await admin('GET', `/djs/${dj.id}/statement?month=${month}`);
      expect(res.statusCode, `${month}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ month: ['Give a month from 2000-01 to 2099-12.'] });
    }
    expect((await admin('GET', `/djs/${dj.id}/statement?month=abc`)).json()).toEqual({ month: ['Give the month as YYYY-MM.'] });
    expect((await statement(dj.id, '2000-01')).lines).toEqual([]);
    expect((await statement(dj.id, '2099-12')).lines).toEqual([]);
  });

  it('reads a Nairobi month from midnight in Nairobi', () => {
    expect(nairobiMonth('2026-12')).toEqual({ from: new Date('2026-11-30T21:00:00Z'), to: new Date('2026-12-31T21:00:00Z') });
    expect(nairobiMonth('9999-12').to.getTime()).not.toBeNaN();
  });

  it('pays a DJ by B2C once, even when M-Pesa posts the result three times', async () => {
    const { dj, ids } = await djWithVideos([250]);
    await buy(ids);
    const owed = (await statement(dj.id)).owed; // 250: VAT 34, 216 left, 40% 86.4 so 86; less 4 withheld: 82
    expect(owed).toBe(82);
    await behave({ repeat: 3 });
    const res = await admin('POST', '/payouts/', { dj_id: dj.id, amount: owed });
    expect(res.statusCode, res.body).toBe(201);
    const payout = res.json<Payout>();
    expect(payout).toMatchObject({ dj_id: dj.id, amount: 82, phone: '254708374149' });
    // The whole payout in the message: a failed one says why (result_desc).
    await vi.waitFor(async () => {
      const now = (await admin('GET', `/payouts/${payout.id}`)).json<Payout>();
      expect(now.state, JSON.stringify(now)).toBe('completed');
    }, 5000);
    const done = (await admin('GET', `/payouts/${payout.id}`)).json<Payout>();
    expect(done.mpesa_receipt).toMatch(/^[A-Z0-9]{10}$/);
    const settledAt = (await payoutRow(payout.id)).settledAt;
    await new Promise((r) => setTimeout(r, 50));
    expect((await payoutRow(payout.id)).settledAt).toEqual(settledAt);
    expect(await statement(dj.id)).toMatchObject({ payouts: 82, owed: 0 });
    expect((await admin('POST', '/payouts/', { dj_id: dj.id, amount: 1 })).json()).toEqual({ amount: ['Ensure this value is greater than or equal to 10.'] });
    expect((await admin('POST', '/payouts/', { dj_id: dj.id, amount: 10 })).statusCode).toBe(409);
  });

  it('settles a payout whose result comes late, and asks M-Pesa about one whose result was lost (transaction status query)', async () => {
    const { dj, ids } = await djWithVideos([500, 500]);
    await buy(ids);
    await behave({ delay_ms: 200 });
    const late = (await admin('POST', '/payouts/', { dj_id: dj.id, amount: 50 })).json<Payout>();
    expect(late.state).toBe('pending');
    await vi.waitFor(async () => expect((await payoutRow(late.id)).state).toBe('completed'));

    await behave({ lose: true });
    const lost = (await admin('POST', '/payouts/', { dj_id: dj.id, amount: 60 })).json<Payout>();
    await new Promise((r) => setTimeout(r, 50));
    expect((await payoutRow(lost.id)).state).toBe('pending');
    // Still owed nothing extra while pending: the pending payout counts.
    expect((await statement(dj.id)).payouts).toBe(110);
    // The check-payouts job's pass, once the payout is due to be asked about.
    await t.store.payouts.checkDue(new Date(Date.now() + 3600_000));
    await vi.waitFor(async () => expect((await payoutRow(lost.id)).state).toBe('completed'));
    expect((await payoutRow(lost.id)).mpesaReceipt).toMatch(/^[A-Z0-9]{10}$/);
    expect((await payoutRow(lost.id)).checks).toBe(1);
  });

  it('sends a payout again, with the same OriginatorConversationID, when the process died before Daraja answered, and pays it once', async () => {
    const { dj, ids } = await djWithVideos([600]);
    await buy(ids);
    // Committed, then the process stopped before the B2C request went out (or before its answer came back).
    const { payout } = await db().transaction((tx) => ledger.startDjPayout(tx as unknown as Database, { djId: dj.id, amount: 40, requestedBy: staffId, idempotencyKey: null, withholdingPercent: 5 }));
    expect((await payoutRow(payout.id)).conversationId).toBeNull();
    await t.store.payouts.checkDue(new Date(Date.now() + 1000));
    await vi.waitFor(async () => expect((await payoutRow(payout.id)).state).toBe('completed'));
    // Sent once more with the same key: Daraja answers the same payment, and nothing changes.
    await t.store.payouts.send(await payoutRow(payout.id));
    expect(await statement(dj.id)).toMatchObject({ payouts: 40 });
  });

  it('owes a failed payout again', async () => {
    const { dj, ids } = await djWithVideos([300]);
    await buy(ids);
    const owed = (await statement(dj.id)).owed;
    await behave({ outcome: 'insufficient' });
    const failed = (await admin('POST', '/payouts/', { dj_id: dj.id, amount: owed })).json<Payout>();
    await vi.waitFor(async () => expect((await admin('GET', `/payouts/${failed.id}`)).json<Payout>()).toMatchObject({ state: 'failed', mpesa_receipt: null, result_desc: 'The balance is insufficient for the transaction.' }));
    expect(await statement(dj.id)).toMatchObject({ payouts: 0, owed });
    await behave({ outcome: 'pay' });
    const again = await admin('POST', '/payouts/', { dj_id: dj.id, amount: owed });
    expect(again.statusCode).toBe(201);
    await vi.waitFor(async () => expect((await payoutRow(again.json<Payout>().id)).state).toBe('completed'));
    expect((await statement(dj.id)).owed).toBe(0);
  });

  it('pays everything owed once when two staff press Pay at the same moment', async () => {
    const { dj, ids } = await djWithVideos([1000]);
    await buy(ids);
    const owed = (await statement(dj.id)).owed;
    const other = (await signedInStaff(t.app)).auth;
    const answers = await Promise.all([admin('POST', '/payouts/', { dj_id: dj.id, amount: owed }), admin('POST', '/payouts/', { dj_id: dj.id, amount: owed }, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({ detail: 'Only Ksh 0 is owed to this DJ.' });
    const rows = await db().select().from(payouts).where(eq(payouts.djId, dj.id));
    expect(rows.map((r) => r.amount)).toEqual([owed]);
    await vi.waitFor(async () => expect((await statement(dj.id)).owed).toBe(0));
  });

  it('answers a retried payout request (same Idempotency-Key) with the payout it made', async () => {
    const { dj, ids } = await djWithVideos([400]);
    await buy(ids);
    const headers = { ...staff, 'idempotency-key': `payout-${engine}-${dj.id}` };
    const first = await admin('POST', '/payouts/', { dj_id: dj.id, amount: 20 }, headers);
    const second = await admin('POST', '/payouts/', { dj_id: dj.id, amount: 20 }, headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json<Payout>().id).toBe(first.json<Payout>().id);
    expect(await db().select().from(payouts).where(eq(payouts.djId, dj.id))).toHaveLength(1);
  });

  it('refuses a payout to a DJ with no payout phone, and staff-only calls to customers', async () => {
    const { dj, ids } = await djWithVideos([400], 40, null);
    const c = await buy(ids);
    expect((await admin('POST', '/payouts/', { dj_id: dj.id, amount: 20 })).json()).toEqual({ detail: 'This DJ has no payout phone: set one first.' });
    expect((await admin('POST', '/payouts/', { dj_id: dj.id, amount: 20 }, { ...staff, 'accept-language': 'sw' })).json()).toEqual({ detail: 'DJ huyu hana simu ya malipo: iweke kwanza.' });
    expect((await admin('POST', '/payouts/', { dj_id: dj.id, amount: 20 }, c.auth)).statusCode).toBe(403);
    expect((await admin('GET', `/djs/${dj.id}/statement?month=${thisMonth()}`, undefined, c.auth)).statusCode).toBe(403);
  });

  describe('refunds to M-Pesa', () => {
    async function customerWithPurchase(phone: string | null) {
      const { ids } = await djWithVideos([120]);
      const c = await buy(ids, 500);
      await db().update(profiles).set({ phoneNumber: phone }).where(eq(profiles.userId, c.id));
      return { c, purchase: await purchaseOf(c.id, ids[0]!) };
    }
    const balanceOf = async (userId: number) => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, userId)))[0]!.b;

    it('sends a refund to the customer’s M-Pesa once, off the balance, and tells them', async () => {
      const { c, purchase } = await customerWithPurchase('254711000111');
      const res = await admin('POST', `/purchases/${purchase.id}/refund`, { reason: 'Video would not play', to: 'mpesa' });
      expect(res.statusCode, res.body).toBe(200);
      const [payout] = await db().select().from(payouts).where(and(eq(payouts.purpose, 'refund'), eq(payouts.userId, c.id)));
      expect(payout).toMatchObject({ amount: 120, phone: '254711000111', reference: `refund-${purchase.id}` });
      await vi.waitFor(async () => expect((await payoutRow(payout!.id)).state).toBe('completed'));
      // The money went to M-Pesa, not to the balance: 500 - 120 stays 380.
      expect(await balanceOf(c.id)).toBe(380);
      const entries = await db().select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount }).from(ledgerEntries).where(eq(ledgerEntries.userId, c.id));
      expect(entries.slice(-2)).toEqual([
        { kind: 'refund', amount: 120 },
        { kind: 'mpesa_refund', amount: -120 },
      ]);
      const mails = await db().execute(`SELECT payload::text AS p FROM media_jobs WHERE kind = 'mail' AND payload::text LIKE '%${c.email}%'`);
      expect((mails as unknown as { rows: { p: string }[] }).rows.map((r) => r.p).join()).toContain('was sent to your M-Pesa 254711000111');
      const sms = await db().execute(`SELECT payload::text AS p FROM media_jobs WHERE kind = 'sms' AND payload::text LIKE '%254711000111%'`);
      expect((sms as unknown as { rows: { p: string }[] }).rows.map((r) => r.p).join()).toContain('your refund of Ksh 120 was sent to this M-Pesa number');
      // The back office's ledger lists both entries.
      const listed = await admin('GET', `/ledger?filter=${encodeURIComponent(JSON.stringify({ user_id: c.id }))}`);
      expect(listed.statusCode, listed.body).toBe(200);
      expect(listed.json<{ kind: string }[]>().map((e) => e.kind).slice(0, 2)).toEqual(['mpesa_refund', 'refund']);
      expect((await admin('POST', `/purchases/${purchase.id}/refund`, { reason: 'Again', to: 'mpesa' })).statusCode).toBe(409);
      expect(await db().select().from(payouts).where(eq(payouts.userId, c.id))).toHaveLength(1);
    });

    it('puts a refund M-Pesa could not take back on the balance', async () => {
      const { c, purchase } = await customerWithPurchase('254711000222');
      await behave({ outcome: 'unregistered' });
      await admin('POST', `/purchases/${purchase.id}/refund`, { reason: 'Duplicate purchase', to: 'mpesa' });
      const [payout] = await db().select().from(payouts).where(eq(payouts.userId, c.id));
      await vi.waitFor(async () => expect((await payoutRow(payout!.id)).state).toBe('failed'));
      expect(await balanceOf(c.id)).toBe(500);
    });

    it('refuses a refund to M-Pesa for a customer with no phone, and refunds nothing', async () => {
      const { c, purchase } = await customerWithPurchase(null);
      const res = await admin('POST', `/purchases/${purchase.id}/refund`, { reason: 'Duplicate purchase', to: 'mpesa' });
      expect(res.statusCode).toBe(409);
      expect((await purchaseOf(c.id, purchase.video_id)).refunded_at).toBeNull();
      expect(await balanceOf(c.id)).toBe(380);
    });
  });

  it('gives a DJ a login that sees only their own statements and payouts', async () => {
    const mine = await djWithVideos([150]);
    const theirs = await djWithVideos([150]);
    await buy([...mine.ids, ...theirs.ids]);
    const paid = (await admin('POST', '/payouts/', { dj_id: theirs.dj.id, amount: 10 })).json<Payout>();
    const login_ = { username: `djlogin${seq}${engine}`, email: `djlogin${seq}${engine}@example.co.ke`, password: 'turntable-nairobi-77' };
    const created = await admin('POST', `/djs/${mine.dj.id}/login`, login_);
    expect(created.statusCode, created.body).toBe(201);
    expect((await admin('POST', `/djs/${mine.dj.id}/login`, { ...login_, username: 'x2', email: 'x2@example.co.ke' })).statusCode).toBe(409);
    expect((await admin('GET', `/djs/${mine.dj.id}`)).json<AdminDj>().login_username).toBe(login_.username);

    const dj = { authorization: `Bearer ${(await login(t.app, login_)).body.tokens.access}` };
    expect((await admin('GET', '/me', undefined, dj)).json()).toEqual({ role: 'dj', dj_id: mine.dj.id, dj_name: mine.dj.djName });
    expect((await statement(mine.dj.id, thisMonth(), dj)).lines).toHaveLength(1);
    expect((await admin('GET', `/djs/${theirs.dj.id}/statement?month=${thisMonth()}`, undefined, dj)).statusCode).toBe(404);
    expect((await admin('GET', `/payouts/${paid.id}`, undefined, dj)).statusCode).toBe(404);
    expect((await admin('GET', '/payouts', undefined, dj)).json<Payout[]>()).toEqual([]);
    // Nothing else of the back office: not the DJs, the customers, nor paying anyone.
    for (const url of ['/djs', '/purchases', '/customers']) expect((await admin('GET', url, undefined, dj)).statusCode).toBe(403);
    expect((await admin('POST', '/payouts/', { dj_id: mine.dj.id, amount: 10 }, dj)).statusCode).toBe(403);
    expect([403, 404]).toContain((await admin('GET', '/no-such-list', undefined, dj)).statusCode);
  });
});
