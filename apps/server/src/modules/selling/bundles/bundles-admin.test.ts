import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBundle, AdminGift, Bundle } from '@store/contract';
import { auditLog } from '../../../db/schema.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { customerWithBalance, signedInCustomer, signedInStaff } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { paidGiftForTest } from '../../../../test/helpers/gifts.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe.each(engines())('bundles and gifts in the back office on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30
  let staff: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    staff = await signedInStaff(t.app);
  });
  afterAll(() => t.close());

  it('makes a staff bundle of chosen videos at a discount, edits its videos, and records who did it', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/bundles', headers: staff.auth, payload: { title: 'DJ Kibe’s best', description: 'Laugh all weekend', video_ids: [ids[4], ids[5], ids[0]], discount_percent: 25 } });
    expect(created.statusCode, created.body).toBe(201);
    const b = created.json<AdminBundle>();
    expect(b).toMatchObject({ kind: 'staff', video_ids: [ids[4], ids[5], ids[0]], list_total: 180, price: 135, published: true, sold: 0 });
    const shown = (await t.app.inject({ url: `/api/bundles/${b.id}/` })).json<Bundle>();
    expect(shown).toMatchObject({ title: 'DJ Kibe’s best', price: 135, list_total: 180 });

    const edited = await t.app.inject({ method: 'PUT', url: `/api/admin/bundles/${b.id}`, headers: staff.auth, payload: { video_ids: [ids[4], ids[5]] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminBundle>()).toMatchObject({ video_ids: [ids[4], ids[5]], list_total: 80, price: 60, description: 'Laugh all weekend' });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.resource, 'bundles'));
    expect(audit.map((a) => [a.action, a.userId])).toEqual([
      ['create', staff.id],
      ['update', staff.id],
    ]);

    expect((await t.app.inject({ method: 'POST', url: '/api/admin/bundles', headers: staff.auth, payload: { title: 'Nothing', video_ids: [999999] } })).json()).toEqual({ video_ids: ['A chosen video does not exist.'] });
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/bundles', headers: staff.auth, payload: { title: 'Too much', video_ids: [ids[0]], discount_percent: 95 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/bundles/${b.id}`, headers: staff.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/bundles/${b.id}/` })).statusCode).toBe(404);
  });

  it('sets the all-seasons discount for every season pass, which cannot be deleted or given other videos', async () => {
    const list = (await t.app.inject({ url: '/api/admin/bundles?filter={"kind":"all_seasons"}', headers: staff.auth })).json<AdminBundle[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ series: 'empire of swords', discount_percent: 20, price: 360 });
    const set = await t.app.inject({ method: 'PUT', url: '/api/admin/bundle-settings', headers: staff.auth, payload: { all_seasons_discount_percent: 30 } });
    expect(set.json()).toEqual({ all_seasons_discount_percent: 30 });
    expect((await t.app.inject({ url: `/api/bundles/${list[0]!.id}/` })).json<Bundle>().price).toBe(315);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/bundles/${list[0]!.id}`, headers: staff.auth })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/bundles/${list[0]!.id}`, headers: staff.auth, payload: { video_ids: [ids[0]] } })).statusCode).toBe(400);
    await t.app.inject({ method: 'PUT', url: '/api/admin/bundle-settings', headers: staff.auth, payload: { all_seasons_discount_percent: 20 } });
  });

  it('lists gifts with their state, giver and recipient, to staff only', async () => {
    const giver = await customerWithBalance(t.app, 500);
    await paidGiftForTest(t, { giver, videoIds: [ids[1]!], toPhone: '254712000009' });
    const res = await t.app.inject({ url: '/api/admin/gifts?filter={"state":"sent"}', headers: staff.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminGift[]>()).toEqual([expect.objectContaining({ state: 'sent', giver: giver.username, to_phone: '254712000009', recipient: null, amount: 70 })]);
    expect(res.headers['content-range']).toBe('gifts 0-0/1');
    const customer = await signedInCustomer(t.app);
    expect((await t.app.inject({ url: '/api/admin/gifts', headers: customer.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/gifts/999999', headers: staff.auth })).statusCode).toBe(404);
  });
});
