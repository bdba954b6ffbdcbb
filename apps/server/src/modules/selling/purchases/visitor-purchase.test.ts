import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPayment, LoginResponse } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { deposits, profiles, purchases, rentals, videos } from '../../../db/schema.ts';
import { ledgerMismatches, saleLineMismatches } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let phoneSeq = 0;
const freshPhone = () => `07${String(30_000_000 + ++phoneSeq * 7919).slice(-8)}`;
const full = (phone: string) => `254${phone.slice(1)}`;

/** CONTRACT §16: a visitor buys a video with only a phone (POST /api/purchased/ without a token). */
describe.each(engines())('buying a video with only a phone on %s', (engine) => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    await db().update(videos).set({ rating: '18' }).where(eq(videos.id, ids[2]!));
  });
  afterAll(() => t.close());

  const db = () => t.database.db as Database;
  const ask = (videoId: number, phone: string, extra: object = {}) => t.app.inject({ method: 'POST', url: '/api/purchased/', payload: { video_id: videoId, phone_number: phone, ...extra } });
  const row = async (id: string) => (await db().select().from(deposits).where(eq(deposits.checkoutRequestId, id)))[0]!;
  const pay = async (id: string) => {
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${id}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect((await row(id)).purchaseState).not.toBe('pending'), { timeout: 10_000 });
  };
  const owns = async (userId: number, videoId: number) => (await db().select().from(purchases).where(and(eq(purchases.userId, userId), eq(purchases.videoId, videoId), isNull(purchases.refundedAt)))).length === 1;

  it('asks the whole price once; paid from a verified phone the video is that account’s, and the asking browser is signed in', async () => {
    const owner = await signedInCustomer(t.app);
    const phone = freshPhone();
    await db().update(profiles).set({ phoneNumber: full(phone), verifiedPhone: full(phone) }).where(eq(profiles.userId, owner.id));
    const res = await ask(ids[1]!, phone);
    expect(res.statusCode, res.body).toBe(202);
    const { CheckoutRequestID, amount } = res.json<CheckoutPayment>();
    expect(amount).toBe(70);
    const browser = { visitor_payment: res.cookies.find((c) => c.name === 'visitor_payment')!.value };
    await pay(CheckoutRequestID);
    expect(await owns(owner.id, ids[1]!)).toBe(true);
    const seen = await t.app.inject({ url: `/api/deposit/${CheckoutRequestID}/`, cookies: browser });
    expect(seen.json<{ login: LoginResponse }>().login.purchase.map((p) => p.video_id)).toContain(ids[1]);
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  });

  it('paid from an unknown phone, the video is a new account’s', async () => {
    const res = await ask(ids[4]!, freshPhone());
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<CheckoutPayment>().CheckoutRequestID;
    await pay(id);
    const d = await row(id);
    expect(d.purchaseState).toBe('completed');
    expect(await owns(d.userId!, ids[4]!)).toBe(true);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('sells a visitor’s whole cart (POST /api/checkout/) with one prompt for the total', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout/', payload: { video_ids: [ids[0], ids[5]], phone_number: freshPhone() } });
    expect(res.statusCode, res.body).toBe(202);
    const { CheckoutRequestID, amount } = res.json<CheckoutPayment>();
    expect(amount).toBe(130);
    await pay(CheckoutRequestID);
    const d = await row(CheckoutRequestID);
    expect(d.purchaseState).toBe('completed');
    expect([await owns(d.userId!, ids[0]!), await owns(d.userId!, ids[5]!)]).toEqual([true, true]);
    expect(await saleLineMismatches(db())).toEqual([]);
  });

  it('rents to a visitor (POST /api/rentals/) with one prompt for the rent, on the account the paying phone names', async () => {
    await db().update(videos).set({ rentPrice: 20 }).where(eq(videos.id, ids[3]!));
    const res = await t.app.inject({ method: 'POST', url: '/api/rentals/', payload: { video_id: ids[3], phone_number: freshPhone() } });
    expect(res.statusCode, res.body).toBe(202);
    const { CheckoutRequestID, amount } = res.json<CheckoutPayment>();
    expect(amount).toBe(20);
    await pay(CheckoutRequestID);
    const d = await row(CheckoutRequestID);
    expect(d.purchaseState).toBe('completed');
    expect((await db().select().from(rentals).where(and(eq(rentals.userId, d.userId!), eq(rentals.videoId, ids[3]!)))).length).toBe(1);
    expect(await saleLineMismatches(db())).toEqual([]);
  });

  it('sells a visitor a bundle (POST /api/bundles/{id}/buy/) with one prompt for the whole bundle', async () => {
    const bundle = (await t.app.inject({ url: '/api/bundles/' })).json<{ results: { id: number; kind: string }[] }>().results.find((b) => b.kind === 'all_seasons')!;
    const res = await t.app.inject({ method: 'POST', url: `/api/bundles/${bundle.id}/buy/`, payload: { phone_number: freshPhone(), age_confirmed: true } });
    expect(res.statusCode, res.body).toBe(202);
    const { CheckoutRequestID, amount } = res.json<CheckoutPayment>();
    expect(amount).toBe(360);
    await pay(CheckoutRequestID);
    const d = await row(CheckoutRequestID);
    expect(d.purchaseState).toBe('completed');
    expect([await owns(d.userId!, ids[2]!), await owns(d.userId!, ids[3]!)]).toEqual([true, true]);
    expect(await saleLineMismatches(db())).toEqual([]);
  });

  it('asks a visitor to confirm their age for an 18 video before any prompt rings', async () => {
    const phone = freshPhone();
    const refused = await ask(ids[2]!, phone);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ age_confirmation_required: true });
    expect((await db().select().from(deposits).where(eq(deposits.phone, full(phone)))).length).toBe(0);
    expect((await ask(ids[2]!, phone, { age_confirmed: true })).statusCode).toBe(202);
  });

  it('still answers 401 to a visitor without a phone', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', payload: { video_id: ids[0] } })).statusCode).toBe(401);
  });
});
