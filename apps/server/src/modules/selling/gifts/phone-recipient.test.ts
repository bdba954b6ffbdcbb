import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gift, GiftClaimResult, Page } from '@store/contract';
import { gifts as giftsTable, mediaJobs, profiles, purchases } from '../../../db/schema.ts';
import { customerWithBalance, signedInCustomer } from '../../../../test/helpers/accounts.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { paidGiftForTest } from '../../../../test/helpers/gifts.ts';
import { notificationKit } from '../../../../test/helpers/notifications.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { provePhone } from '../../accounts/index.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

/**
 * A gift sent to a phone (CONTRACT §11, §16) belongs to whoever holds the phone: its claim link goes
 * there by SMS, and only the account whose verified phone it is hears of it. A number merely typed
 * into a profile proves nothing (anyone can type anyone's), so it neither lists nor claims the gift.
 */
describe.each(engines())('a gift sent to a phone on %s', (engine) => {
  let t: TestApp;
  let ids: number[];
  let kit: ReturnType<typeof notificationKit>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    kit = notificationKit(() => t);
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const listed = async (c: Customer) => (await t.app.inject({ url: '/api/gifts/', headers: c.auth })).json<Page<Gift>>();
  const claim = (c: Customer, payload: object) => t.app.inject({ method: 'POST', url: '/api/gifts/claim/', headers: c.auth, payload });
  /** Types a number into the profile, as any customer may: through the profile form, unproven. */
  const typePhone = async (c: Customer, typed: string, normalised: string) => {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/profile/${c.buyerid}/`, headers: c.auth, payload: { phone_number: typed } });
    expect(res.statusCode, res.body).toBe(200);
    const [p] = await db().select({ phone: profiles.phoneNumber, verified: profiles.verifiedPhone }).from(profiles).where(eq(profiles.userId, c.id));
    expect(p).toEqual({ phone: normalised, verified: null });
  };
  const ownedBy = async (c: Customer) => (await db().select({ videoId: purchases.videoId }).from(purchases).where(eq(purchases.userId, c.id))).map((p) => p.videoId);

  it('is not listed, told or claimable for a profile that only typed the number; the verified owner claims it by the texted link', async () => {
    const phone = '254712000951';
    const giver = await customerWithBalance(t.app, 500);
    const owner = await signedInCustomer(t.app);
    const typist = await signedInCustomer(t.app);
    for (const c of [owner, typist]) await kit.noQuietHours(c);
    // The owner proved the number (an SMS code or an M-Pesa payment from it); the typist only typed it.
    expect(await provePhone(db(), owner.id, phone)).toBe(true);
    await typePhone(typist, '0712 000 951', phone);

    const { gift, token } = await paidGiftForTest(t, { giver, videoIds: [ids[0]!], toPhone: '0712000951' });
    await kit.drain();
    // The claim link went to the phone itself, not to any account's address.
    const [sms] = await db().select().from(mediaJobs).where(eq(mediaJobs.kind, 'sms')).orderBy(desc(mediaJobs.id)).limit(1);
    expect((sms!.payload as { sms: { to: string; text: string } }).sms).toMatchObject({ to: phone, text: expect.stringContaining(`/gift/${token}`) });

    // The typist: no gift waiting in their list, no notice, and no way to claim by their profile's number.
    expect(await listed(typist)).toMatchObject({ count: 0, results: [] });
    expect((await kit.mine(typist)).count).toBe(0);
    for (const payload of [{}, { phone_number: phone }, { token: '' }, { token: 'x'.repeat(32) }]) expect([400, 404]).toContain((await claim(typist, payload)).statusCode);
    expect(await ownedBy(typist)).toEqual([]);
    const [row] = await db().select().from(giftsTable).where(eq(giftsTable.id, gift.id));
    expect(row).toMatchObject({ state: 'sent', recipientId: null });

    // The owner is told, and claims it with the link the phone received.
    expect((await kit.mine(owner)).results.map((n) => n.kind)).toEqual(['gift_received']);
    const claimed = await claim(owner, { token });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json<GiftClaimResult>()).toMatchObject({ video_ids: [ids[0]], gift: { direction: 'received', state: 'claimed' } });
    expect((await listed(owner)).results.map((g) => [g.id, g.direction, g.state])).toEqual([[gift.id, 'received', 'claimed']]);
    expect(await ownedBy(owner)).toEqual([ids[0]]);
    // And the typist still sees nothing of it.
    expect((await listed(typist)).count).toBe(0);
    expect(await ownedBy(typist)).toEqual([]);
  });

  it('waits for nobody while the number is only typed: no account lists or hears of it until one proves the phone', async () => {
    const phone = '254712000952';
    const giver = await customerWithBalance(t.app, 500);
    const typist = await signedInCustomer(t.app);
    await kit.noQuietHours(typist);
    await typePhone(typist, phone, phone);
    const { gift } = await paidGiftForTest(t, { giver, videoIds: [ids[4]!], toPhone: phone });
    await kit.drain();
    expect(await listed(typist)).toMatchObject({ count: 0, results: [] });
    expect((await kit.mine(typist)).count).toBe(0);
    expect((await claim(typist, { phone_number: phone })).statusCode).toBe(400);
    const [row] = await db().select().from(giftsTable).where(eq(giftsTable.id, gift.id));
    expect(row).toMatchObject({ state: 'sent', recipientId: null });
  });
});
