import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPayment, CustomerPass, Deposit, Gift, GiftClaimPreview, GiftClaimResult, GiftCreated, Page, PassBought, PassProduct } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { gifts as giftsTable, mediaJobs, passPeriods, profiles, promoCodes, receipts, saleLines } from '../../../db/schema.ts';
import { ledgerMismatches, postLedgerEntry, saleLineMismatches } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../../test/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { lastClaimToken } from '../../../../test/helpers/gifts.ts';
import { notificationKit } from '../../../../test/helpers/notifications.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
const HOUR = 3600_000;

/** CONTRACT §14: a pass given (`POST /api/gifts/` with `pass_id`), paid like any gift, claimed as one period of the pass, or back to the giver after 30 days. */
describe.each(engines())('pass gifts on %s', (engine) => {
  let t: TestApp;
  let dayPass: number; // everything, 24 h, Ksh 20
  let topUps = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    dayPass = await product({ title: 'Day of everything', scope: { kind: 'all' }, hours: 24, price: 20 });
  });
  afterAll(() => t.close());

  const db = () => t.database.db as Database;
  const kit = notificationKit(() => t);
  let staffAuth: Record<string, string> | undefined;
  const staff = async () => (staffAuth ??= (await signedInStaff(t.app)).auth);
  async function product(body: object): Promise<number> {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/passes', headers: await staff(), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PassProduct>().id;
  }
  const customerWith = async (balance: number) => {
    const c = await signedInCustomer(t.app);
    if (balance > 0) await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: balance, reference: `pass-gift-top-up-${engine}-${++topUps}` }));
    return c;
  };
  const balanceOf = async (c: Customer) => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b;
  const give = (c: Customer, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/api/gifts/', headers: { ...c.auth, ...headers }, payload });
  const claim = (c: Customer, token: string) => t.app.inject({ method: 'POST', url: '/api/gifts/claim/', headers: c.auth, payload: { token } });
  const mine = async (c: Customer) => (await t.app.inject({ url: '/api/passes/mine/', headers: c.auth })).json<CustomerPass[]>();
  const books = async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  };
  /** A pass given from the giver's balance, and the claim token its notice carries. */
  async function givePass(giver: Customer, to: { to_phone: string } | { to_email: string }, extra: object = {}) {
    const res = await give(giver, { pass_id: dayPass, ...to, message: 'Tazama!', ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return { created: res.json<GiftCreated>(), token: await lastClaimToken(db()) };
  }
  const lineOf = async (reference: string) => (await db().select().from(saleLines).where(and(eq(saleLines.reference, reference), eq(saleLines.kind, 'gift'))))[0]!;
  const referenceOf = async (giftId: number) => (await db().select({ r: giftsTable.reference }).from(giftsTable).where(eq(giftsTable.id, giftId)))[0]!.r;

  it('gives a pass from the balance: its price as one gift line of no video with the giver’s receipt, and the recipient is told its name', async () => {
    const giver = await customerWith(100);
    const friend = await signedInCustomer(t.app);
    await kit.noQuietHours(friend);
    const { created, token } = await givePass(giver, { to_email: friend.email });
    expect(created).toMatchObject({ total: 20, balance: 80, gift: { direction: 'sent', state: 'sent', pass_id: dayPass, bundle_id: null, video_ids: [], title: 'Day of everything', amount: 20 } });
    expect(await balanceOf(giver)).toBe(80);
    const reference = await referenceOf(created.gift.id);
    const lines = await db().select().from(saleLines).where(eq(saleLines.reference, reference));
    expect(lines.map((l) => [l.kind, l.ledgerKind, l.userId, l.videoId, l.djId, l.title, l.amount])).toEqual([['gift', 'gift', giver.id, null, null, 'Day of everything', 20]]);
    const [receipt] = await db().select().from(receipts).where(and(eq(receipts.userId, giver.id), eq(receipts.reference, reference)));
    expect(receipt).toMatchObject({ kind: 'sale', ledgerKind: 'gift', total: 20 });
    // The claim page and the recipient's notification name the pass.
    expect((await t.app.inject({ url: `/api/gifts/claim/${token}/` })).json<GiftClaimPreview>()).toMatchObject({ state: 'sent', title: 'Day of everything', from: giver.username, videos: [] });
    await kit.drain();
    expect((await kit.mine(friend)).results.map((n) => [n.kind, n.body])).toEqual([['gift_received', `${giver.username} sent you Day of everything.`]]);
    await books();
  });

  it('gives the recipient the pass for its hours when they claim, its period pointing at the giver’s line; the giver hears it was claimed', async () => {
    const giver = await customerWith(100);
    const { created, token } = await givePass(giver, { to_phone: '254712300001' });
    const friend = await customerWith(0);
    const res = await claim(friend, token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<GiftClaimResult>();
    expect(body).toMatchObject({ video_ids: [], credited: 0, balance: 0, gift: { state: 'claimed', direction: 'received', pass_id: dayPass }, pass: { pass_id: dayPass, title: 'Day of everything', live: true } });
    expect(Date.parse(body.pass!.ends_at) - Date.parse(body.pass!.starts_at)).toBe(24 * HOUR);
    expect(await mine(friend)).toEqual([body.pass]);
    expect(await mine(giver)).toEqual([]);
    const line = await lineOf(await referenceOf(created.gift.id));
    const [period] = await db().select().from(passPeriods).where(eq(passPeriods.customerPassId, body.pass!.id));
    expect(period).toMatchObject({ saleLineId: line.id, amount: 20 });
    expect(await balanceOf(friend)).toBe(0);
    const [told] = await db().select().from(mediaJobs).where(eq(mediaJobs.kind, 'mail')).orderBy(desc(mediaJobs.id)).limit(1);
    expect((told!.payload as { mail: { to: string; text: string } }).mail).toMatchObject({ to: giver.email, text: expect.stringContaining('Your gift (Day of everything)') });
    // Claimed once only.
    expect((await claim(await customerWith(0), token)).statusCode).toBe(409);
    await books();
  });

  it('stacks a claimed pass on the recipient’s live one', async () => {
    const friend = await customerWith(20);
    const own = (await t.app.inject({ method: 'POST', url: `/api/passes/${dayPass}/buy/`, headers: friend.auth, payload: {} })).json<PassBought>().pass;
    const giver = await customerWith(20);
    const { token } = await givePass(giver, { to_phone: '254712300002' });
    const res = await claim(friend, token);
    expect(res.statusCode, res.body).toBe(200);
    const pass = res.json<GiftClaimResult>().pass!;
    expect(pass).toMatchObject({ id: own.id, starts_at: own.starts_at, live: true });
    expect(Date.parse(pass.ends_at)).toBe(Date.parse(own.ends_at) + 24 * HOUR);
    const periods = await db().select().from(passPeriods).where(eq(passPeriods.customerPassId, own.id)).orderBy(passPeriods.startsAt);
    expect(periods.map((p) => [p.startsAt.toISOString(), p.endsAt.toISOString()])).toEqual([
      [own.starts_at, own.ends_at],
      [own.ends_at, pass.ends_at],
    ]);
    expect(await mine(friend)).toEqual([pass]);
    await books();
  });

  it('returns an unclaimed pass gift to the giver after 30 days with a credit note, and then it cannot be claimed', async () => {
    const giver = await customerWith(50);
    const { created, token } = await givePass(giver, { to_phone: '254712300003' });
    expect(await balanceOf(giver)).toBe(30);
    expect(await t.store.returnGifts()).toBe(0);
    await db().update(giftsTable).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(giftsTable.id, created.gift.id));
    expect(await t.store.returnGifts()).toBe(1);
    expect(await t.store.returnGifts()).toBe(0);
    expect(await balanceOf(giver)).toBe(50);
    const line = await lineOf(await referenceOf(created.gift.id));
    const back = await db().select().from(saleLines).where(eq(saleLines.refundsLineId, line.id));
    expect(back.map((l) => [l.kind, l.ledgerKind, l.userId, l.videoId, l.amount])).toEqual([['refund', 'gift_return', giver.id, null, -20]]);
    const [note] = await db().select().from(receipts).where(and(eq(receipts.userId, giver.id), eq(receipts.reference, back[0]!.reference)));
    expect(note).toMatchObject({ kind: 'credit_note', total: 20 });
    const [told] = await db().select().from(mediaJobs).where(eq(mediaJobs.kind, 'mail')).orderBy(desc(mediaJobs.id)).limit(1);
    expect((told!.payload as { mail: { to: string; subject: string } }).mail).toMatchObject({ to: giver.email, subject: 'Your gift was not claimed: the money is back on your balance' });
    const friend = await customerWith(0);
    expect((await claim(friend, token)).statusCode).toBe(409);
    expect(await mine(friend)).toEqual([]);
    expect((await t.app.inject({ url: '/api/gifts/', headers: giver.auth })).json<Page<Gift>>().results[0]).toMatchObject({ state: 'returned', pass_id: dayPass });
    await books();
  });

  it('takes a gift code, and pays like any gift: 402 short, one M-Pesa prompt with a phone, once per Idempotency-Key, the gift sent when it is paid', async () => {
    await db().insert(promoCodes).values({ code: `GIFTPASS${engine.toUpperCase()}`, percentOff: 50, kinds: ['gift'] });
    const giver = await customerWith(10);
    const { created } = await givePass(giver, { to_phone: '254712300004' }, { promo_code: `GIFTPASS${engine.toUpperCase()}` });
    expect(created).toMatchObject({ total: 10, balance: 0, gift: { amount: 10 } });
    const short = await give(giver, { pass_id: dayPass, to_phone: '254712300005' });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ balance: 0, price: 20, shortfall: 20 });
    const headers = { 'idempotency-key': `pass-gift-${engine}` };
    const first = await give(giver, { pass_id: dayPass, to_phone: '254712300005', phone_number: '0712300777' }, headers);
    expect(first.statusCode, first.body).toBe(202);
    const again = await give(giver, { pass_id: dayPass, to_phone: '254712300005', phone_number: '0712300777' }, headers);
    const pay = first.json<CheckoutPayment>();
    expect(again.json<CheckoutPayment>()).toMatchObject({ CheckoutRequestID: pay.CheckoutRequestID, amount: 20 });
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect((await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: giver.auth })).json<Deposit>().purchase?.state).toBe('completed'));
    const sent = (await t.app.inject({ url: '/api/gifts/', headers: giver.auth })).json<Page<Gift>>().results;
    expect(sent.map((g) => [g.pass_id, g.amount, g.state])).toEqual([
      [dayPass, 20, 'sent'],
      [dayPass, 10, 'sent'],
    ]);
    expect(await balanceOf(giver)).toBe(0);
    await books();
  });

  it('refuses a pass that is not on sale (404) and a body giving a pass with videos or a bundle (400), charging nothing', async () => {
    const giver = await customerWith(100);
    const withdrawn = await product({ title: 'Old pass', scope: { kind: 'all' }, hours: 24, price: 10, active: false });
    expect((await give(giver, { pass_id: withdrawn, to_phone: '254712300006' })).statusCode).toBe(404);
    expect((await give(giver, { pass_id: 999999, to_phone: '254712300006' })).statusCode).toBe(404);
    const both = await give(giver, { pass_id: dayPass, video_ids: [1], to_phone: '254712300006' });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ video_ids: ['Give either videos, a bundle or a pass.'] });
    expect((await give(giver, { pass_id: dayPass, bundle_id: 1, to_phone: '254712300006' })).statusCode).toBe(400);
    expect((await give(giver, { pass_id: 'abc', to_phone: '254712300006' })).statusCode).toBe(400);
    expect((await give(giver, { pass_id: dayPass })).statusCode).toBe(400);
    expect(await balanceOf(giver)).toBe(100);
    await books();
  });
});
