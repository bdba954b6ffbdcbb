import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuditEntry, AdminRental, AdminVideo, Video } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { postLedgerEntry } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** Staff set a video's rent price and hours (audited) and read every rental; customers cannot. */
describe.each(engines())('rentals in the back office on %s', (engine) => {
  let t: TestApp;
  let staff: { authorization: string };
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    staff = (await signedInStaff(t.app)).auth;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, headers: Record<string, string> = staff) => t.app.inject({ method, url: `/api/admin${url}`, headers, ...(payload ? { payload } : {}) });

  it('sets a rent price and hours on a video, logged, which the storefront then offers; empty takes it off rent', async () => {
    const id = ids[1]!;
    expect((await t.app.inject({ url: `/api/videoDetails/${id}/` })).json<Video>()).toMatchObject({ rent_price: null, rental_hours: 48 });
    const set = await call('PUT', `/videos/${id}`, { rent_price: 20, rental_hours: 72 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<AdminVideo>()).toMatchObject({ rent_price: 20, rental_hours: 72, price: 70 });
    expect((await t.app.inject({ url: `/api/videoDetails/${id}/` })).json<Video>()).toMatchObject({ rent_price: 20, rental_hours: 72 });
    const audit = (await call('GET', `/audit?filter=${encodeURIComponent(JSON.stringify({ resource: 'videos', record_id: id }))}`)).json<AdminAuditEntry[]>();
    expect(audit.map((a) => a.action)).toEqual(['update']);
    const wrong = await call('PUT', `/videos/${id}`, { rent_price: 0, rental_hours: 0 });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json()).sort()).toEqual(['rent_price', 'rental_hours']);
    expect((await call('PUT', `/videos/${id}`, { rent_price: null })).json<AdminVideo>()).toMatchObject({ rent_price: null, rental_hours: 72 });
  });

  it('lists rentals read only with who rented, what it cost and whether it is live, and refuses customers', async () => {
    await call('PUT', `/videos/${ids[0]}`, { rent_price: 25 });
    const c = await signedInCustomer(t.app);
    await t.app.db.transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: 100, reference: `rentals-admin-${engine}` }));
    expect((await t.app.inject({ method: 'POST', url: '/api/rentals/', headers: c.auth, payload: { video_id: ids[0] } })).statusCode).toBe(201);
    const list = await call('GET', `/rentals?filter=${encodeURIComponent(JSON.stringify({ user_id: c.id }))}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers['content-range']).toBe('rentals 0-0/1');
    const [r] = list.json<AdminRental[]>();
    expect(r).toMatchObject({ user_id: c.id, username: c.username, video_id: ids[0], price_paid: 25, started_at: null, live: true });
    expect((await call('GET', `/rentals/${r!.id}`)).json()).toEqual(r);
    expect((await call('GET', '/rentals/999999')).statusCode).toBe(404);
    expect((await call('GET', '/rentals', undefined, c.auth)).statusCode).toBe(403);
  });
});
