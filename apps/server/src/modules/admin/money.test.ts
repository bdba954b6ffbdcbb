import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminAuditEntry, AdminPurchase } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { profiles, users, videos } from '../../db/schema.ts';
import { canAccess } from '../media/index.ts';
import { ledgerMismatches, postLedgerEntry } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { login, signedInCustomer } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe.each(engines())('refunds and balance adjustments on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  let customer: Awaited<ReturnType<typeof signedInCustomer>>;
  let videoId: number;
  const db = () => t.database.db;
  const balance = async () => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, customer.id)))[0]!.b;
  const admin = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = staff) => t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(engine);
    videoId = (await insertFixtureCatalogue(db())).videos[1]!.id; // Ksh 70
    customer = await signedInCustomer(t.app);
    await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: customer.id, kind: 'adjustment', amount: 100, reference: `money-test-${engine}` }));
    const s = await signedInCustomer(t.app);
    await db().update(users).set({ isStaff: true }).where(eq(users.email, s.email));
    staff = { authorization: `Bearer ${(await login(t.app, s)).body.tokens.access}` };
  });
  afterAll(() => t.close());

  it('refunds a purchase: the price back through the ledger, the video out of reach, once', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: customer.auth, payload: { video_id: videoId } })).statusCode).toBe(201);
    expect(await balance()).toBe(30);
    const [purchase] = (await admin('GET', `/purchases?filter=${encodeURIComponent(JSON.stringify({ user_id: customer.id }))}`)).json<AdminPurchase[]>();
    expect(purchase).toMatchObject({ video_id: videoId, price: 70, refunded_at: null });
    expect((await admin('POST', `/purchases/${purchase!.id}/refund`, { reason: 'x' })).json()).toEqual({ reason: [expect.stringMatching(/at least 3/)] });
    expect((await admin('POST', `/purchases/${purchase!.id}/refund`, { reason: 'Wrong video' }, customer.auth)).statusCode).toBe(403);

    // The media route's remembered "yes" (a download under way) is forgotten by the refund itself.
    await vi.waitFor(async () => {
      expect(await t.store.mediaAccess.canAccess(customer.id, videoId)).toBe(true);
      expect(t.store.mediaAccess.remembered()).toBeGreaterThan(0);
    });
    const refunded = await admin('POST', `/purchases/${purchase!.id}/refund`, { reason: 'Bought the wrong season' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<AdminPurchase>().refunded_at).not.toBeNull();
    expect(await balance()).toBe(100);
    expect(await canAccess(db(), customer.id, videoId)).toBe(false);
    expect(await t.store.mediaAccess.canAccess(customer.id, videoId)).toBe(false);
    expect((await admin('POST', `/purchases/${purchase!.id}/refund`, { reason: 'Again' })).statusCode).toBe(409);
    expect(await balance()).toBe(100);
    expect(await ledgerMismatches(db())).toEqual([]);
    // The ledger says what was refunded and why, as a purchase's entry names what was bought.
    const ledger = (await admin('GET', `/ledger?filter=${encodeURIComponent(JSON.stringify({ user_id: customer.id }))}`)).json<{ kind: string; note: string | null }[]>();
    expect(ledger.slice(0, 2).map((e) => [e.kind, e.note])).toEqual([
      ['refund', 'Nairobi Heist: Bought the wrong season'],
      ['purchase', 'Nairobi Heist'],
    ]);
    const log = (await admin('GET', `/audit?filter=${encodeURIComponent(JSON.stringify({ resource: 'purchases', record_id: purchase!.id }))}`)).json<AdminAuditEntry[]>();
    expect(log).toHaveLength(1);
    expect(log[0]!.after).toMatchObject({ reason: 'Bought the wrong season' });
    // Bought again after the refund: a new purchase, owned again.
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: customer.auth, payload: { video_id: videoId } })).statusCode).toBe(201);
    expect(await canAccess(db(), customer.id, videoId)).toBe(true);
  });

  it('finds purchases by part of the customer\'s name, e-mail or phone (as typed or as stored) and of the video\'s title', async () => {
    const buyer = async (username: string, title: string, phone: string | null) => {
      const c = await signedInCustomer(t.app, { username: `${username}${engine}`, email: `${username}.${engine}@example.co.ke` });
      await db().update(profiles).set({ phoneNumber: phone }).where(eq(profiles.userId, c.id));
      await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: 500, reference: `money-search-${c.id}` }));
      const [video] = await db().select({ id: videos.id }).from(videos).where(eq(videos.title, title));
      expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: video!.id } })).statusCode).toBe(201);
      return c.username;
    };
    const wanjiru = await buyer('wanjiru', 'Nairobi Heist', '254712345678');
    const otieno = await buyer('otieno', 'Boda Boda Kings', null);
    const found = async (q: string) => {
      const res = await admin('GET', `/purchases?filter=${encodeURIComponent(JSON.stringify({ q }))}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json<AdminPurchase[]>();
      expect(res.headers['content-range']).toMatch(new RegExp(`/${rows.length}$`));
      return [...new Set(rows.map((r) => r.username))].sort();
    };
    expect(await found('WANJIRU')).toEqual([wanjiru]);
    expect(await found(`otieno.${engine}@example`)).toEqual([otieno]);
    expect(await found('0712 345 678')).toEqual([wanjiru]);
    expect(await found('2345')).toEqual([wanjiru]);
    expect(await found('boda boda')).toEqual([otieno]);
    expect(await found('nobody at all')).toEqual([]);
    // A title others bought too, and words that match no single field.
    expect((await found('nairobi heist')).includes(wanjiru)).toBe(true);
    expect(await found('heist wanjiru')).toEqual([]);
  });

  it('credits and debits a balance with a reason, never below zero', async () => {
    const start = await balance();
    const credit = await admin('POST', '/adjustments', { user_id: customer.id, amount: 500, reason: 'M-Pesa paid but no callback (receipt QK12ABC)' });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({ amount: 500, balance: start + 500 });
    const debit = await admin('POST', '/adjustments', { user_id: customer.id, amount: -200, reason: 'Duplicate credit' });
    expect(debit.json()).toMatchObject({ balance: start + 300 });
    const tooMuch = await admin('POST', '/adjustments', { user_id: customer.id, amount: -(start + 301), reason: 'Too much' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<{ detail: string }>().detail).toMatch(/below zero/);
    expect((await admin('POST', '/adjustments', { user_id: customer.id, amount: 10 })).json()).toEqual({ reason: [expect.any(String)] });
    expect((await admin('POST', '/adjustments', { user_id: customer.id, amount: 0, reason: 'Nothing' })).json()).toEqual({ amount: ['An adjustment cannot be zero.'] });
    expect((await admin('POST', '/adjustments', { user_id: 999_999, amount: 10, reason: 'Nobody' })).statusCode).toBe(404);
    expect(await balance()).toBe(start + 300);
    expect(await ledgerMismatches(db())).toEqual([]);
    const log = (await admin('GET', `/audit?filter=${encodeURIComponent(JSON.stringify({ resource: 'adjustments' }))}`)).json<AdminAuditEntry[]>();
    expect(log.map((e) => (e.after as { amount: number }).amount)).toEqual([-200, 500]);
  });
});
