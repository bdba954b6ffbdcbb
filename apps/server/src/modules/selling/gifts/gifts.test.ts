import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bundle, CheckoutPayment, Deposit, Gift, GiftClaimPreview, GiftClaimResult, Page } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { gifts as giftsTable, ledgerEntries, mediaJobs, purchases, saleLines, videos } from '../../../db/schema.ts';
import { ledger } from '../../wallet/index.ts';
import { ledgerMismatches, postLedgerEntry, saleLineMismatches } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { lastClaimToken, paidGiftForTest } from '../../../../test/helpers/gifts.ts';

describe.each(engines())('gifts on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  async function customerWith(balance: number) {
    const c = await signedInCustomer(t.app);
    if (balance) await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: balance, reference: `gifts-top-up-${c.id}` }));
    return c;
  }
  const balanceOf = async (auth: Record<string, string>) => (await t.app.inject({ url: '/api/info/', headers: auth })).json<{ user: { profile: { account: number } } }>().user.profile.account;
  const claim = (auth: Record<string, string>, token: string) => t.app.inject({ method: 'POST', url: '/api/gifts/claim/', headers: auth, payload: { token } });
  const books = async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  };

  it('tells the recipient by SMS with a claim link whose token the store does not keep', async () => {
    const giver = await customerWith(500);
    const { gift, token } = await paidGiftForTest(t, { giver, videoIds: [ids[0]!], toPhone: '254712000001', message: 'Furahia!' });
    const [job] = await db().select().from(mediaJobs).where(and(eq(mediaJobs.kind, 'sms'), eq(mediaJobs.state, 'queued')));
    const sms = (job!.payload as { sms: { to: string; text: string } }).sms;
    expect(sms.to).toBe('254712000001');
    expect(sms.text).toContain(`${giver.username} sent you a gift on Video Store Kenya`);
    expect(sms.text).toContain('"Furahia!"');
    expect(sms.text).toContain(`/gift/${token}`);
    expect(gift).toMatchObject({ direction: 'sent', state: 'sent', amount: 100, to: '+2547 1** *** 001', video_ids: [ids[0]] });
    expect(await balanceOf(giver.auth)).toBe(400);
    const [row] = await db().select().from(giftsTable).where(eq(giftsTable.id, gift.id));
    expect(JSON.stringify(row)).not.toContain(token);
    const lines = await db().select().from(saleLines).where(eq(saleLines.reference, row!.reference));
    expect(lines.map((l) => [l.kind, l.ledgerKind, l.userId, l.amount])).toEqual([['gift', 'gift', giver.id, 100]]);
    const preview = await t.app.inject({ url: `/api/gifts/claim/${token}/` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json<GiftClaimPreview>()).toMatchObject({ state: 'sent', from: giver.username, message: 'Furahia!', videos: [{ id: ids[0], title: 'Demon Slayer: Hunter\u2019s Oath' }] });
    expect(preview.body).not.toContain('"price"');
    await books();
  });

  it('gives the recipient the videos they lack, pointing at the gift’s lines, and shows it claimed to both', async () => {
    const giver = await customerWith(500);
    const { token } = await paidGiftForTest(t, { giver, videoIds: [ids[1]!, ids[4]!], toEmail: 'rafiki@example.co.ke' });
    const friend = await customerWith(0);
    const res = await claim(friend.auth, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GiftClaimResult>()).toMatchObject({ video_ids: [ids[1], ids[4]], credited: 0, balance: 0, gift: { state: 'claimed', direction: 'received', from: giver.username, amount: null, to: null } });
    const owned = await db().select().from(purchases).where(eq(purchases.userId, friend.id));
    const lines = await db().select().from(saleLines).where(eq(saleLines.kind, 'gift'));
    expect(owned.map((p) => [p.videoId, p.price])).toEqual([
      [ids[1], 70],
      [ids[4], 50],
    ]);
    for (const p of owned) expect(lines.find((l) => l.id === p.saleLineId)).toMatchObject({ videoId: p.videoId, userId: giver.id, ledgerKind: 'gift' });
    const sent = (await t.app.inject({ url: '/api/gifts/', headers: giver.auth })).json<Page<Gift>>().results;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ direction: 'sent', state: 'claimed', amount: 120, to: 'r***@example.co.ke' });
    const received = (await t.app.inject({ url: '/api/gifts/', headers: friend.auth })).json<Page<Gift>>().results;
    expect(received.map((g) => [g.direction, g.state])).toEqual([['received', 'claimed']]);
    // The giver is told it arrived, naming the recipient as their list does.
    const [told] = await db().select().from(mediaJobs).where(eq(mediaJobs.kind, 'mail')).orderBy(desc(mediaJobs.id)).limit(1);
    expect((told!.payload as { mail: { to: string; subject: string; text: string } }).mail).toMatchObject({ to: giver.email, subject: 'Your gift was claimed', text: expect.stringContaining('to r***@example.co.ke has been claimed') });
    await books();
  });

  it('puts the price of a gifted video the recipient already owns on their balance', async () => {
    const giver = await customerWith(500);
    const friend = await customerWith(100);
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: friend.auth, payload: { video_id: ids[0] } })).statusCode).toBe(201);
    const { token } = await paidGiftForTest(t, { giver, videoIds: [ids[0]!, ids[5]!], toPhone: '254712000002' });
    const res = await claim(friend.auth, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GiftClaimResult>()).toMatchObject({ credited: 100, balance: 100 });
    expect(await balanceOf(friend.auth)).toBe(100);
    const [credit] = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, friend.id), eq(ledgerEntries.kind, 'gift_credit')));
    expect(credit).toMatchObject({ amount: 100 });
    expect((await db().select().from(purchases).where(eq(purchases.userId, friend.id))).map((p) => p.videoId).sort()).toEqual([ids[0], ids[5]].sort());
    await books();
  });

  it('claims a gift once: a second claim, by anyone, is refused, and the giver cannot claim it', async () => {
    const giver = await customerWith(500);
    const { token } = await paidGiftForTest(t, { giver, videoIds: [ids[5]!], toPhone: '254712000003' });
    expect((await claim(giver.auth, token)).statusCode).toBe(409);
    const friend = await customerWith(0);
    const other = await customerWith(0);
    const [first, second] = await Promise.all([claim(friend.auth, token), claim(other.auth, token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await claim(friend.auth, token)).json()).toEqual({ detail: 'This gift was already claimed.' });
    const owners = await db().select().from(purchases).where(eq(purchases.videoId, ids[5]!));
    expect(owners.filter((p) => p.userId === friend.id || p.userId === other.id)).toHaveLength(1);
    await books();
  });

  it('shows nobody another customer’s gifts, and says nothing about a token that opens none', async () => {
    const giver = await customerWith(500);
    await paidGiftForTest(t, { giver, videoIds: [ids[1]!], toPhone: '254712000004' });
    const stranger = await customerWith(0);
    expect((await t.app.inject({ url: '/api/gifts/', headers: stranger.auth })).json<Page<Gift>>()).toMatchObject({ count: 0, results: [] });
    expect((await t.app.inject({ url: '/api/gifts/' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/gifts/claim/not-a-real-token/' })).statusCode).toBe(404);
    expect((await claim(stranger.auth, 'not-a-real-token')).statusCode).toBe(404);
    expect((await claim(stranger.auth, '')).statusCode).toBe(400);
  });

  it('returns an unclaimed gift’s money to its giver after 30 days, and then it cannot be claimed', async () => {
    const giver = await customerWith(500);
    const { gift, token } = await paidGiftForTest(t, { giver, videoIds: [ids[2]!, ids[3]!], toPhone: '254712000005' });
    expect(await balanceOf(giver.auth)).toBe(50);
    expect(Date.parse(gift.expires_at) - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    expect(await t.store.returnGifts()).toBe(0);
    await db().update(giftsTable).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(giftsTable.id, gift.id));
    expect(await t.store.returnGifts()).toBe(1);
    expect(await t.store.returnGifts()).toBe(0);
    expect(await balanceOf(giver.auth)).toBe(500);
    const [told] = await db().select().from(mediaJobs).where(eq(mediaJobs.kind, 'mail')).orderBy(desc(mediaJobs.id)).limit(1);
    expect((told!.payload as { mail: { to: string; subject: string; text: string } }).mail).toMatchObject({ to: giver.email, subject: 'Your gift was not claimed: the money is back on your balance', text: expect.stringContaining('Your balance is now Ksh 500.') });
    const friend = await customerWith(0);
    expect((await claim(friend.auth, token)).statusCode).toBe(409);
    const sent = (await t.app.inject({ url: '/api/gifts/', headers: giver.auth })).json<Page<Gift>>().results;
    expect(sent[0]).toMatchObject({ state: 'returned' });
    await books();
  });

  it('gives a bundle at its price, and refunds one claimed video to the recipient at its share', async () => {
    const giver = await customerWith(500);
    const pass = (await t.app.inject({ url: '/api/bundles/' })).json<Page<Bundle>>().results.find((b) => b.kind === 'all_seasons')!;
    const { gift, token } = await paidGiftForTest(t, { giver, bundleId: pass.id, toPhone: '254712000006' });
    expect(gift).toMatchObject({ bundle_id: pass.id, title: pass.title, amount: 360, video_ids: [ids[2], ids[3]] });
    const friend = await customerWith(0);
    expect((await claim(friend.auth, token)).statusCode).toBe(200);
    const [p] = await db().select().from(purchases).where(and(eq(purchases.userId, friend.id), eq(purchases.videoId, ids[2]!)));
    expect(p!.price).toBe(160); // 360 split 200:250
    await db().transaction((tx) => ledger.refundPurchase(tx as unknown as Database, p!.id, 'Wrong video'));
    expect(await balanceOf(friend.auth)).toBe(160);
    await books();
  });

  it('limits how often one address may try claim links (429 with Retry-After)', async () => {
    const look = () => t.app.inject({ url: '/api/gifts/claim/guessing-a-token/', remoteAddress: '10.99.0.1' });
    for (let i = 0; i < 30; i++) expect((await look()).statusCode).toBe(404);
    const limited = await look();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await t.app.inject({ url: '/api/gifts/claim/guessing-a-token/', remoteAddress: '10.99.0.2' })).statusCode).toBe(404);
  });

  it('asks the giver to confirm their age once for a 16 or 18 video', async () => {
    await db().update(videos).set({ rating: '16' }).where(eq(videos.id, ids[1]!));
    try {
      const giver = await customerWith(200);
      const body = { video_ids: [ids[1]], to_phone: '0712000010' };
      const refused = await t.app.inject({ method: 'POST', url: '/api/gifts/', headers: giver.auth, payload: body });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ age_confirmation_required: true });
      expect((await t.app.inject({ method: 'POST', url: '/api/gifts/', headers: giver.auth, payload: { ...body, age_confirmed: true } })).statusCode).toBe(201);
    } finally {
      await db().update(videos).set({ rating: 'PG' }).where(eq(videos.id, ids[1]!));
    }
  });

  it('asks for videos or a bundle, and a phone or an e-mail address, with field errors', async () => {
    const giver = await customerWith(500);
    const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/gifts/', headers: giver.auth, payload });
    expect((await send({ to_phone: '0712000001' })).json()).toEqual({ video_ids: ['Give either videos, a bundle or a pass.'] });
    expect((await send({ video_ids: [ids[0]] })).json()).toEqual({ to_phone: ['Give the recipient’s phone number or e-mail address.'] });
    expect((await send({ video_ids: [ids[0]], to_phone: '12345' })).statusCode).toBe(400);
    expect((await send({ video_ids: [ids[0]], to_phone: '0712000001', message: 'x'.repeat(301) })).statusCode).toBe(400);
    expect((await send({ video_ids: [999999], to_phone: '0712000001' })).statusCode).toBe(404);
    expect(await balanceOf(giver.auth)).toBe(500);
  });

  it('pays for a gift like a purchase: 402 short, one M-Pesa prompt with a phone, once per Idempotency-Key', async () => {
    const giver = await customerWith(30);
    const body = { video_ids: [ids[0]], to_email: 'dada@example.co.ke', message: 'Kwa siku yako' };
    const short = await t.app.inject({ method: 'POST', url: '/api/gifts/', headers: giver.auth, payload: body });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ balance: 30, price: 100, shortfall: 70 });
    const headers = { ...giver.auth, 'idempotency-key': 'gift-key-1' };
    const first = await t.app.inject({ method: 'POST', url: '/api/gifts/', headers, payload: { ...body, phone_number: '0712000777' } });
    expect(first.statusCode, first.body).toBe(202);
    const pay = first.json<CheckoutPayment>();
    expect(pay.amount).toBe(70);
    const again = await t.app.inject({ method: 'POST', url: '/api/gifts/', headers, payload: { ...body, phone_number: '0712000777' } });
    expect(again.json<CheckoutPayment>().CheckoutRequestID).toBe(pay.CheckoutRequestID);
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect((await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: giver.auth })).json<Deposit>().purchase?.state).toBe('completed'));
    const sent = (await t.app.inject({ url: '/api/gifts/', headers: giver.auth })).json<Page<Gift>>().results;
    expect(sent).toEqual([expect.objectContaining({ state: 'sent', amount: 100, message: 'Kwa siku yako', to: 'd***@example.co.ke' })]);
    expect(await balanceOf(giver.auth)).toBe(0);
    const mail = (await lastClaimToken(db())).length;
    expect(mail).toBeGreaterThan(20);
    await books();
  });

  it('asks M-Pesa once for each of two different gifts sent within a minute, and sends each when its prompt is paid', async () => {
    const giver = await customerWith(0);
    // Two phones: M-Pesa itself refuses a second prompt to a phone while one is open there.
    const give = (to_phone: string, key: string, phone_number: string) =>
      t.app.inject({ method: 'POST', url: '/api/gifts/', headers: { ...giver.auth, 'idempotency-key': key }, payload: { video_ids: [ids[0]], to_phone, phone_number } });
    const first = await give('0712000101', 'two-gifts-1', '0712000778');
    const second = await give('0712000102', 'two-gifts-2', '0712000779');
    expect(first.statusCode, first.body).toBe(202);
    expect(second.statusCode, second.body).toBe(202);
    const pays = [first.json<CheckoutPayment>(), second.json<CheckoutPayment>()];
    expect(pays[1]!.CheckoutRequestID).not.toBe(pays[0]!.CheckoutRequestID);
    expect(pays.map((p) => p.amount)).toEqual([100, 100]);
    for (const pay of pays) {
      await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'pay' } });
      await vi.waitFor(async () => expect((await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: giver.auth })).json<Deposit>().purchase?.state).toBe('completed'));
    }
    const sent = (await t.app.inject({ url: '/api/gifts/', headers: giver.auth })).json<Page<Gift>>().results;
    expect(sent.map((g) => g.to).sort()).toEqual(['+2547 1** *** 101', '+2547 1** *** 102']);
    expect(await balanceOf(giver.auth)).toBe(0);
    await books();
  });
});
