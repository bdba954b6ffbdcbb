import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPromoBatch, AdminPromoCode, AdminPromoRedemption, Bundle, Page } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { auditLog, promoCodes, videos } from '../../../db/schema.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { applyPromo } from './promo-service.ts';
import { PREVIEW_LIMITS } from './routes.ts';

describe.each(engines())('promo codes over HTTP on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // prices 100, 70, 200, 250, 50, 30; the last is unpublished
  let staff: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    staff = (await signedInStaff(t.app)).auth;
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  let addresses = 0;
  /** Each test asks from its own address, so the per-address limit is its own. */
  const from = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  const preview = (code: string, query: string, o: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
    t.app.inject({ url: `/api/promo-codes/${code}/?${query}`, headers: o.headers ?? {}, remoteAddress: o.remoteAddress ?? from() });
  const create = (body: object) => t.app.inject({ method: 'POST', url: '/api/admin/promo-codes', headers: staff, payload: body });

  it('lets staff create a code, case-insensitively unique, with a percent or an amount but not both', async () => {
    const made = await create({ code: 'karibu20', percent_off: 20, first_purchase_only: true });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<AdminPromoCode>()).toMatchObject({ code: 'KARIBU20', percent_off: 20, amount_off: null, per_customer: 1, kinds: ['purchase', 'rental', 'bundle', 'gift', 'pass'], times_redeemed: 0, total_discount: 0 });
    expect((await create({ code: 'Karibu20', amount_off: 50 })).json()).toEqual({ code: ['A code with these letters already exists.'] });
    expect((await create({ code: 'BOTH1', percent_off: 10, amount_off: 50 })).json()).toEqual({ percent_off: ['Give a percent off or an amount off, not both.'] });
    expect((await create({ code: 'NONE1' })).json()).toEqual({ percent_off: ['Give a percent off or an amount off, not both.'] });
    expect((await create({ code: 'a-b', percent_off: 10 })).json()).toEqual({ code: ['A code is 4 to 32 letters and digits.'] });
    const backwards = await create({ code: 'DATES1', percent_off: 10, valid_from: '2026-12-01T00:00:00Z', valid_until: '2026-11-01T00:00:00Z' });
    expect(backwards.json()).toEqual({ valid_until: ['The end must come after the start.'] });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.resource, 'promo-codes'));
    expect(audit).toMatchObject({ action: 'create', recordId: String(made.json<AdminPromoCode>().id) });
  });

  it('previews the new total, or says why not in one sentence, in English and in Kiswahili', async () => {
    await create({ code: 'NUSU50', percent_off: 50, applies_to: { dj_ids: [], video_ids: [ids[0]], genre_ids: [], bundle_ids: [] }, min_total: 150 });
    const ok = await preview('nusu50', `video_ids=${ids[0]},${ids[1]}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ code: 'NUSU50', discount: 50, total_before: 170, total_after: 120 });
    expect(ok.headers['cache-control']).toBe('private, no-store');
    const refused = async (code: string, query: string, lang = 'en') => {
      const res = await preview(code, query, { headers: { 'accept-language': lang } });
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ promo_code: string[] }>().promo_code;
    };
    expect(await refused('NOSUCH1', `video_ids=${ids[0]}`)).toEqual(['There is no such code.']);
    expect(await refused('NOSUCH1', `video_ids=${ids[0]}`, 'sw')).toEqual(['Hakuna msimbo kama huu.']);
    expect(await refused('NUSU50', `video_ids=${ids[1]},${ids[2]}`)).toEqual(['This code is not for these videos.']);
    expect(await refused('NUSU50', `video_ids=${ids[1]},${ids[2]}`, 'sw')).toEqual(['Msimbo huu si wa video hizi.']);
    expect(await refused('NUSU50', `video_ids=${ids[0]}`)).toEqual(['This code needs an order of at least Ksh 150.']);
    expect(await refused('NUSU50', `video_ids=${ids[0]}`, 'sw-KE')).toEqual(['Msimbo huu unahitaji oda ya angalau Ksh 150.']);
    await create({ code: 'ZAMANI1', amount_off: 10, valid_until: '2020-01-01T00:00:00Z' });
    expect(await refused('ZAMANI1', `video_ids=${ids[0]}`, 'sw')).toEqual(['Muda wa msimbo huu umekwisha.']);
    await create({ code: 'KESHO1', amount_off: 10, valid_from: '2099-01-01T00:00:00Z' });
    expect(await refused('KESHO1', `video_ids=${ids[0]}`)).toEqual(['This code is not valid yet.']);
    await create({ code: 'KODI1', amount_off: 10, kinds: ['rental'] });
    expect(await refused('KODI1', `video_ids=${ids[0]}`)).toEqual(['This code is not for purchases.']);
    expect(await refused('KODI1', `video_ids=${ids[0]}&gift=1`)).toEqual(['This code is not for gifts.']);
  });

  it('checks the signed-in customer’s own limits: already used, first purchase only', async () => {
    await create({ code: 'MARA1', amount_off: 10 });
    await create({ code: 'KWANZA1', amount_off: 10, first_purchase_only: true });
    const c = await signedInCustomer(t.app);
    expect((await preview('MARA1', `video_ids=${ids[0]}`, { headers: c.auth })).statusCode).toBe(200);
    await db().transaction((tx) => applyPromo(tx as unknown as Database, { code: 'MARA1', userId: c.id, kind: 'purchase', lines: [{ videoId: ids[0]!, listPrice: 100, amount: 100 }], orderReference: `http-${engine}-1` }));
    expect((await preview('MARA1', `video_ids=${ids[0]}`, { headers: c.auth })).json()).toEqual({ promo_code: ['You have already used this code.'] });
    expect((await preview('MARA1', `video_ids=${ids[0]}`, { headers: { ...c.auth, 'accept-language': 'sw' } })).json()).toEqual({ promo_code: ['Umeshatumia msimbo huu.'] });
    expect((await preview('KWANZA1', `video_ids=${ids[0]}`, { headers: c.auth })).statusCode).toBe(200);
    const buyer = await signedInCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/api/admin/adjustments', headers: staff, payload: { user_id: buyer.id, amount: 500, reason: 'Test money' } });
    const bought = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: buyer.auth, payload: { video_id: ids[4] } });
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await preview('KWANZA1', `video_ids=${ids[0]}`, { headers: buyer.auth })).json()).toEqual({ promo_code: ['This code is only for a first purchase.'] });
  });

  it('previews a rental at its rent, and a bundle at what the customer would pay for it', async () => {
    await db().update(videos).set({ rentPrice: 25 }).where(eq(videos.id, ids[0]!));
    await create({ code: 'KODISHA1', percent_off: 20, kinds: ['rental', 'bundle'] });
    expect((await preview('KODISHA1', `video_ids=${ids[0]}&rental=1`)).json()).toEqual({ code: 'KODISHA1', discount: 5, total_before: 25, total_after: 20 });
    expect((await preview('KODISHA1', `video_ids=${ids[1]}&rental=1`)).json()).toEqual({ video_ids: ['Some of these videos are not for sale.'] });
    const pass = (await t.app.inject({ url: '/api/bundles/' })).json<Page<Bundle>>().results.find((b) => b.kind === 'all_seasons')!;
    expect((await preview('KODISHA1', `bundle_id=${pass.id}`)).json()).toEqual({ code: 'KODISHA1', discount: 72, total_before: 360, total_after: 288 });
    expect((await preview('KODISHA1', `bundle_id=${pass.id}&gift=1`)).json()).toEqual({ promo_code: ['This code is not for gifts.'] });
  });

  it('says which videos are not for sale, and asks for videos or a bundle', async () => {
    await create({ code: 'WOTE1', amount_off: 10 });
    expect((await preview('WOTE1', `video_ids=${ids[6]}`)).json()).toEqual({ video_ids: ['Some of these videos are not for sale.'] });
    expect((await preview('WOTE1', '')).json()).toEqual({ video_ids: ['Give the videos or the bundle the code is for.'] });
    expect((await preview('WOTE1', 'video_ids=abc')).statusCode).toBe(400);
    expect((await preview('WOTE1', 'bundle_id=999999')).statusCode).toBe(404);
    expect((await preview('x'.repeat(500), `video_ids=${ids[0]}`)).statusCode).toBeLessThan(500);
  });

  it('limits how many codes one account, and one address, may try (429 with Retry-After)', async () => {
    const c = await signedInCustomer(t.app);
    for (let i = 0; i < PREVIEW_LIMITS.perUser.points; i++) expect((await preview(`GUESS${i}`, `video_ids=${ids[0]}`, { headers: c.auth })).statusCode).toBe(400);
    const stopped = await preview('GUESSX', `video_ids=${ids[0]}`, { headers: c.auth });
    expect(stopped.statusCode).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(stopped.json<{ detail: string }>().detail).toMatch(/^Too many codes were tried\. Try again in \d+ minutes\.$/);
    // Another address does not help the same account.
    expect((await preview('GUESSY', `video_ids=${ids[0]}`, { headers: c.auth, remoteAddress: '10.8.0.1' })).statusCode).toBe(429);
    const address = '10.7.0.1';
    for (let i = 0; i < PREVIEW_LIMITS.perAddress.points; i++) await preview(`ADDR${i}`, `video_ids=${ids[0]}`, { remoteAddress: address });
    expect((await preview('ADDRX', `video_ids=${ids[0]}`, { remoteAddress: address })).statusCode).toBe(429);
  });

  it('makes a batch of unique single-use codes with a prefix, lists them for the CSV, and shows each one’s use', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/admin/promo-batches', headers: staff, payload: { prefix: 'radio', count: 300, amount_off: 40, note: 'Zamu on Radio Jambo' } });
    expect(made.statusCode, made.body).toBe(201);
    const batch = made.json<AdminPromoBatch>();
    expect(batch).toMatchObject({ prefix: 'RADIO', count: 300, amount_off: 40, percent_off: null, note: 'Zamu on Radio Jambo', used: 0 });
    const list = await t.app.inject({ url: `/api/admin/promo-codes?filter=${encodeURIComponent(JSON.stringify({ batch_id: batch.id }))}&range=${encodeURIComponent('[0,999]')}`, headers: staff });
    const codes = list.json<AdminPromoCode[]>();
    expect(list.headers['content-range']).toBe('promo-codes 0-299/300');
    expect(new Set(codes.map((c) => c.code)).size).toBe(300);
    for (const c of codes) {
      expect(c.code).toMatch(/^RADIO[A-HJKMNP-Z2-9]{8}$/);
      expect(c).toMatchObject({ max_redemptions: 1, per_customer: 1, amount_off: 40, batch_id: batch.id });
    }
    // Single use: the first customer's sale takes it, the next is told it is used up.
    const first = await signedInCustomer(t.app);
    const code = codes[0]!.code;
    await db().transaction((tx) => applyPromo(tx as unknown as Database, { code, userId: first.id, kind: 'purchase', lines: [{ videoId: ids[0]!, listPrice: 100, amount: 100 }], orderReference: `batch-${engine}` }));
    const second = await signedInCustomer(t.app);
    expect((await preview(code, `video_ids=${ids[0]}`, { headers: second.auth })).json()).toEqual({ promo_code: ['This code has been used up.'] });
    const use = await t.app.inject({ url: `/api/admin/promo-codes/${codes[0]!.id}`, headers: staff });
    expect(use.json<AdminPromoCode>()).toMatchObject({ times_redeemed: 1, total_discount: 40 });
    const redemptions = await t.app.inject({ url: `/api/admin/promo-redemptions?filter=${encodeURIComponent(JSON.stringify({ promo_code_id: codes[0]!.id }))}`, headers: staff });
    expect(redemptions.json<AdminPromoRedemption[]>()).toEqual([expect.objectContaining({ code, username: first.username, order_reference: `batch-${engine}`, discount: 40, state: 'used', kind: 'purchase' })]);
    expect((await t.app.inject({ url: `/api/admin/promo-batches/${batch.id}`, headers: staff })).json()).toMatchObject({ used: 1 });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/promo-batches', headers: staff, payload: { prefix: 'R', count: 5000, percent_off: 10 } })).json()).toEqual({
      prefix: ['A prefix is 2 to 12 letters and digits.'],
      count: ['From 1 to 1,000 codes.'],
    });
  });

  it('keeps what a used code takes off, never lowers its limit below its use, and will not delete it', async () => {
    const made = (await create({ code: 'TUMIKA1', amount_off: 30, max_redemptions: 5, per_customer: 5 })).json<AdminPromoCode>();
    const c = await signedInCustomer(t.app);
    for (const n of [1, 2]) await db().transaction((tx) => applyPromo(tx as unknown as Database, { code: 'TUMIKA1', userId: c.id, kind: 'purchase', lines: [{ videoId: ids[0]!, listPrice: 100, amount: 100 }], orderReference: `kept-${engine}-${n}` }));
    const put = (body: object) => t.app.inject({ method: 'PUT', url: `/api/admin/promo-codes/${made.id}`, headers: staff, payload: body });
    expect((await put({ ...made, amount_off: 60 })).json()).toEqual({ amount_off: ['A code that has been used keeps what it takes off.'] });
    expect((await put({ ...made, max_redemptions: 1 })).json()).toEqual({ max_redemptions: ['Ensure this value is greater than or equal to 2.'] });
    const later = await put({ ...made, valid_until: '2099-01-01T00:00:00.000Z', active: false, note: 'Ended early' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json()).toMatchObject({ valid_until: '2099-01-01T00:00:00.000Z', active: false, times_redeemed: 2, total_discount: 60 });
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/admin/promo-codes/${made.id}`, headers: staff });
    expect(gone.statusCode).toBe(409);
    expect((await db().select().from(promoCodes).where(eq(promoCodes.id, made.id))).length).toBe(1);
  });

  it('counts a code without a limit from its uses, so a limit set later starts from them', async () => {
    const made = (await create({ code: 'BILA1', amount_off: 10, per_customer: 5 })).json<AdminPromoCode>();
    const c = await signedInCustomer(t.app);
    const sell = (n: number) => db().transaction((tx) => applyPromo(tx as unknown as Database, { code: 'BILA1', userId: c.id, kind: 'purchase', lines: [{ videoId: ids[0]!, listPrice: 100, amount: 100 }], orderReference: `bila-${engine}-${n}` }));
    await sell(1);
    await sell(2);
    expect((await t.app.inject({ url: `/api/admin/promo-codes/${made.id}`, headers: staff })).json<AdminPromoCode>()).toMatchObject({ times_redeemed: 2, total_discount: 20 });
    const put = (body: object) => t.app.inject({ method: 'PUT', url: `/api/admin/promo-codes/${made.id}`, headers: staff, payload: body });
    expect((await put({ max_redemptions: 1 })).json()).toEqual({ max_redemptions: ['Ensure this value is greater than or equal to 2.'] });
    expect((await put({ max_redemptions: 3 })).statusCode).toBe(200);
    await sell(3);
    await expect(sell(4)).rejects.toMatchObject({ fields: { promo_code: ['This code has been used up.'] } });
  });

  it('is staff only', async () => {
    const c = await signedInCustomer(t.app);
    for (const url of ['/api/admin/promo-codes', '/api/admin/promo-batches', '/api/admin/promo-redemptions']) {
      expect((await t.app.inject({ url, headers: c.auth })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
  });
});
