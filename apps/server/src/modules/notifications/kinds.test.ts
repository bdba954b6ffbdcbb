import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContinueWatchingList } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { deposits, profiles, rentals, videos } from '../../db/schema.ts';
import { customerWithBalance, signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { paidGiftForTest } from '../../../test/helpers/gifts.ts';
import { notificationKit } from '../../../test/helpers/notifications.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { provePhone } from '../accounts/index.ts';
import { createNotifications, guardedVideo, notifyCustomer } from './index.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

describe.each(engines())('each kind of notification on %s', (engine) => {
  let t: TestApp;
  let ids: number[];
  let staff: Customer;
  const texts: { to: string; text: string }[] = [];
  let kit: ReturnType<typeof notificationKit>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    staff = await signedInStaff(t.app);
    // The same jobs, with an SMS transport the test reads.
    const withSms = createNotifications({ db: t.database.db, config: t.config, sms: { send: async (s) => void texts.push(s) }, log: t.app.log });
    kit = notificationKit(() => t, { 'notify-send': withSms.send });
  });
  afterAll(() => t.close());

  const rows = async <T>(q: SQL) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: { auth: Record<string, string> }, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });
  const withPhone = async (c: Customer, phone: string) => t.database.db.update(profiles).set({ phoneNumber: phone }).where(eq(profiles.userId, c.id));

  it('tells of a renewal once per key, by SMS only for the kinds chosen, in the customer’s language (passes call notifyCustomer)', async () => {
    const c = await signedInCustomer(t.app);
    await kit.noQuietHours(c);
    await kit.setLanguage(c.id, 'sw');
    await withPhone(c, '254712000111');
    const tell = (kind: 'pass_renewal' | 'pass_ending', key: string) =>
      t.database.db.transaction((tx) => notifyCustomer(tx as unknown as Database, { userId: c.id, kind, params: { title: 'Wiki ya kila kitu', outcome: 'failed' }, url: '/account?section=passes', dedupeKey: key }));
    await tell('pass_renewal', 'period-7');
    await tell('pass_renewal', 'period-7'); // a retried renewal job
    await tell('pass_ending', 'pass-3'); // SMS is off for pass_ending by default
    await kit.drain();
    const mine = await kit.mine(c, {});
    expect(mine.results.map((n) => [n.kind, n.title])).toEqual([
      ['pass_ending', 'Pasi yako inaisha kesho'],
      ['pass_renewal', 'Pasi haikufanywa upya'],
    ]);
    expect(texts.filter((s) => s.to === '254712000111').map((s) => s.text)).toEqual([expect.stringMatching(/^Pasi haikufanywa upya: Wiki ya kila kitu haikuweza kufanywa upya na imeisha\..*\/account\?section=passes$/)]);

    // Turned off: no SMS, still in the store.
    expect((await call('PUT', '/api/notifications/settings/', c, { kinds: { pass_renewal: { sms: false } } })).statusCode).toBe(200);
    await tell('pass_renewal', 'period-8');
    await kit.drain();
    expect((await kit.mine(c)).count).toBe(3);
    expect(texts.filter((s) => s.to === '254712000111')).toHaveLength(1);
  });

  it('tells a gift’s recipient (by their e-mail’s account) and, once claimed, its giver', async () => {
    const giver = await customerWithBalance(t.app, 1000);
    const recipient = await signedInCustomer(t.app);
    for (const c of [giver, recipient]) await kit.noQuietHours(c);
    await withPhone(recipient, '254712000222');
    const { token } = await paidGiftForTest(t, { giver, videoIds: [ids[0]!], toEmail: recipient.email });
    await kit.drain();
    const got = await kit.mine(recipient);
    expect(got.results.map((n) => [n.kind, n.body, n.url])).toEqual([['gift_received', `${giver.username} sent you Demon Slayer: Hunter’s Oath.`, '/account?section=gifts']]);
    // gift_received is texted by default (the claim link went by e-mail).
    expect(texts.filter((s) => s.to === '254712000222')).toHaveLength(1);
    expect((await kit.mine(giver)).count).toBe(0);

    expect((await call('POST', '/api/gifts/claim/', recipient, { token })).statusCode).toBe(200);
    await kit.drain();
    expect((await kit.mine(giver)).results.map((n) => [n.kind, n.title])).toEqual([['gift_claimed', 'Your gift was claimed']]);
    expect((await kit.mine(recipient)).count).toBe(1);
  });

  it('tells a gift sent to a phone only to the account whose verified phone it is, never to one that typed the number', async () => {
    const giver = await customerWithBalance(t.app, 1000);
    const typist = await signedInCustomer(t.app);
    const owner = await signedInCustomer(t.app);
    for (const c of [typist, owner]) await kit.noQuietHours(c);
    const phone = '254712000444';
    // Someone types another's number into their profile: unproven, it names nobody.
    await withPhone(typist, phone);
    await paidGiftForTest(t, { giver, videoIds: [ids[0]!], toPhone: phone });
    await kit.drain();
    expect((await kit.mine(typist)).count).toBe(0);

    // The number's owner proves it (an M-Pesa payment from it): their gifts are theirs alone.
    expect(await provePhone(t.database.db, owner.id, phone)).toBe(true);
    await paidGiftForTest(t, { giver, videoIds: [ids[4]!], toPhone: phone });
    await kit.drain();
    expect((await kit.mine(owner)).results.map((n) => [n.kind, n.body])).toEqual([['gift_received', `${giver.username} sent you Boda Boda Kings.`]]);
    expect((await kit.mine(typist)).count).toBe(0);
  });

  it('tells a customer of a refund by staff, once', async () => {
    const c = await customerWithBalance(t.app, 500);
    await kit.noQuietHours(c);
    expect((await call('POST', '/api/purchased/', c, { video_id: ids[4] })).statusCode).toBe(201);
    const [p] = await rows<{ id: number }>(sql`SELECT id FROM purchases WHERE user_id = ${c.id}`);
    const refund = await call('POST', `/api/admin/purchases/${p!.id}/refund/`, staff, { reason: 'The file was broken' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await call('POST', `/api/admin/purchases/${p!.id}/refund/`, staff, { reason: 'Again' })).statusCode).not.toBe(200);
    await kit.drain();
    expect((await kit.mine(c)).results.map((n) => [n.kind, n.body])).toEqual([['refund', 'Ksh 50 for Boda Boda Kings is back on your balance.']]);
  });

  it('tells of an M-Pesa payment that failed, not of one the customer cancelled', async () => {
    const c = await signedInCustomer(t.app);
    await kit.noQuietHours(c);
    const start = async (phone: string) => {
      const res = await call('POST', '/api/deposit/', c, { username: c.buyerid, amount: 120, phone_number: phone });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json<{ CheckoutRequestID: string }>().CheckoutRequestID;
      const [d] = await t.database.db.select().from(deposits).where(eq(deposits.checkoutRequestId, id));
      return { id, secret: d!.callbackSecret };
    };
    const callback = (d: { id: string; secret: string }, code: number, desc: string) =>
      t.app.inject({ method: 'POST', url: `/api/deposit/callback/${d.secret}`, payload: { Body: { stkCallback: { MerchantRequestID: 'm', CheckoutRequestID: d.id, ResultCode: code, ResultDesc: desc } } } });
    const failed = await start('0712000333');
    await callback(failed, 1, 'The balance is insufficient for the transaction.');
    await callback(failed, 1, 'The balance is insufficient for the transaction.'); // a duplicate callback
    await callback(await start('0712000334'), 1032, 'Request cancelled by user');
    await kit.drain();
    expect((await kit.mine(c)).results.map((n) => [n.kind, n.body, n.url])).toEqual([
      ['deposit_failed', 'Your M-Pesa payment of Ksh 120 did not go through, so your balance is as it was. Try again when you are ready.', '/deposit'],
    ]);
  });

  it('tells of a rental ending within 6 hours once, from the periodic job', async () => {
    const c = await customerWithBalance(t.app, 500);
    await kit.noQuietHours(c);
    await t.database.db.update(videos).set({ rentPrice: 20 }).where(eq(videos.id, ids[1]!));
    expect((await call('POST', '/api/rentals/', c, { video_id: ids[1] })).statusCode).toBe(201);
    const ending = () => t.store.notifications.rentalsEnding();
    expect(await ending()).toBe(0); // 30 days to start it
    await t.database.db.update(rentals).set({ startedAt: new Date(), expiresAt: new Date(Date.now() + 2.5 * 3600_000) }).where(eq(rentals.userId, c.id));
    expect(await ending()).toBe(1);
    expect(await ending()).toBe(0);
    expect((await kit.mine(c)).results.map((n) => [n.kind, n.body, n.url])).toEqual([['rental_ending', 'Nairobi Heist can be watched for 3 more hours.', `/video/${ids[1]}`]]);
  });

  it('lists what the customer started and has not finished, newest first, only what they may still watch', async () => {
    const c = await customerWithBalance(t.app, 2000);
    for (const id of [ids[0], ids[2], ids[3], ids[4]]) expect((await call('POST', '/api/purchased/', c, { video_id: id, age_confirmed: true })).statusCode).toBe(201);
    await t.database.db.update(videos).set({ mediaInfo: { duration: 600 } as never });
    await t.database.db.update(videos).set({ rentPrice: 20 }).where(eq(videos.id, ids[5]!));
    expect((await call('POST', '/api/rentals/', c, { video_id: ids[5] })).statusCode).toBe(201);
    const progress = async (id: number, position: number) => expect((await call('PUT', `/api/progress/${id}/`, c, { position })).statusCode).toBe(200);
    await progress(ids[0]!, 5); // barely started
    await progress(ids[2]!, 120);
    await progress(ids[3]!, 590); // finished (over 95 %)
    await progress(ids[5]!, 200); // rented, then the rental ends
    await progress(ids[4]!, 300); // newest
    await t.database.db.update(rentals).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(rentals.userId, c.id));
    const list = (await call('GET', '/api/continue-watching/', c)).json<ContinueWatchingList>();
    expect(list.results.map((r) => [r.video_id, r.position, r.duration, r.title])).toEqual([
      [ids[4], 300, 600, 'Boda Boda Kings'],
      [ids[2], 120, 600, 'Empire of Swords'],
    ]);
    expect(list.results[0]!.poster).toMatch(/^\/media\/posters\//);
    expect((await t.app.inject({ url: '/api/continue-watching/' })).statusCode).toBe(401);

    // The family lock: a 16 film is counted, never named (CONTRACT §16).
    await t.database.db.update(videos).set({ rating: '16' }).where(eq(videos.id, ids[2]!));
    expect((await call('PUT', '/api/family-lock/', c, { pin: '2468', password: c.password })).statusCode).toBe(200);
    const locked = (await call('GET', '/api/continue-watching/', c)).json<ContinueWatchingList>();
    expect(locked).toMatchObject({ hidden: 1, results: [{ video_id: ids[4] }] });
    expect(JSON.stringify(locked)).not.toContain('Empire');
    await t.database.db.update(videos).set({ rating: 'PG' }).where(eq(videos.id, ids[2]!));
  });

  it('keeps a 16 or 18 video’s notification from a family-locked phone and says how many it hides', async () => {
    const c = await signedInCustomer(t.app);
    await kit.noQuietHours(c);
    await t.database.db.update(videos).set({ rating: '18' }).where(eq(videos.id, ids[1]!));
    for (const [id, key] of [[ids[1]!, 'a'], [ids[4]!, 'b']] as const) {
      await t.database.db.transaction((tx) => notifyCustomer(tx as unknown as Database, { userId: c.id, kind: 'refund', params: { title: id === ids[1] ? 'Nairobi Heist' : 'Boda Boda Kings', amount: 'Ksh 1' }, url: `/video/${id}`, dedupeKey: key, videoId: id }));
    }
    // A gift of a PG film and the 18 one: its notification keeps the 18 one, so the lock withholds it too.
    await t.database.db.transaction(async (tx) => {
      const videoId = await guardedVideo(tx as unknown as Database, [ids[4]!, ids[1]!]);
      await notifyCustomer(tx as unknown as Database, { userId: c.id, kind: 'gift_received', params: { from: 'Amina', title: 'Boda Boda Kings and Nairobi Heist' }, url: '/account?section=gifts', dedupeKey: 'c', videoId });
    });
    await kit.drain();
    expect((await kit.mine(c)).count).toBe(3);
    expect((await call('PUT', '/api/family-lock/', c, { pin: '1357', password: c.password })).statusCode).toBe(200);
    const locked = await kit.mine(c);
    // As the other lists (receipts, activity): count and unread are all of the account's; hidden, those of this page kept back.
    expect(locked).toMatchObject({ count: 3, unread: 3, hidden: 2 });
    expect(locked.results.map((n) => n.body)).toEqual(['Ksh 1 for Boda Boda Kings is back on your balance.']);
    expect(JSON.stringify(locked)).not.toContain('Nairobi Heist');
    const unlock = (await call('POST', '/api/family-lock/unlock/', c, { pin: '1357' })).json<{ unlock: string }>().unlock;
    expect(await kit.mine(c, { 'x-family-unlock': unlock })).toMatchObject({ count: 3, hidden: 0 });
  });
});
