import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FollowList, NotificationSettings, PushPayload } from '@store/contract';
import { mediaJobs, videos } from '../../db/schema.ts';
import { signedInCustomer, signedInStaff } from '../../../test/helpers/accounts.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { notificationKit } from '../../../test/helpers/notifications.ts';
import { startPushService } from '../../../test/helpers/push-service.ts';
import type { SendPayload } from './fan-out.ts';
import { newVideo } from './notify.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;

describe.each(engines())('follows, new videos and Web Push on %s', (engine) => {
  let t: TestApp;
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let djs: { id: number; djName: string }[];
  let staff: Customer;
  const kit = notificationKit(() => t);
  const dj = (name: string) => djs.find((d) => d.djName === name)!.id;

  beforeAll(async () => {
    pushService = await startPushService();
    t = await createTestApp(engine, { push: { serviceHosts: [...loadConfig({ NODE_ENV: 'test' }).push.serviceHosts, pushService.hostPort], vapid: null } });
    djs = (await insertFixtureCatalogue(t.database.db)).djs;
    staff = await signedInStaff(t.app);
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  const rows = async <T>(q: SQL) => ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, who: Customer, payload?: object) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

  /** A new video of this DJ (a new season of this series when cartegory is 'series'), uploaded unpublished, then published by staff. */
  async function publish(o: { dj: string; title: string; season?: string; cartegory?: string; rating?: string }) {
    const [v] = await t.database.db
      .insert(videos)
      .values({ title: o.title, season: o.season ?? null, djId: dj(o.dj), genreId: (await rows<{ id: number }>(sql`SELECT min(id) AS id FROM genres`))[0]!.id, cartegory: o.cartegory ?? 'movie', type: 'dj_x', price: 80, videoPath: 'videos/x/r1', published: false, rating: o.rating ?? 'PG' })
      .returning();
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/videos/${v!.id}/`, headers: staff.auth, payload: { published: true } });
    expect(res.statusCode, res.body).toBe(200);
    return v!.id;
  }

  it('follows a DJ by id and a series by its title in any case, lists them, and unfollows', async () => {
    const c = await signedInCustomer(t.app);
    expect((await call('PUT', `/api/follows/dj/${dj('Kibe')}/`, c)).json()).toEqual({ kind: 'dj', id: String(dj('Kibe')), following: true });
    expect((await call('PUT', `/api/follows/dj/${dj('Kibe')}/`, c)).statusCode).toBe(200); // twice is once
    expect((await call('PUT', '/api/follows/series/EMPIRE%20of%20swords/', c)).json()).toEqual({ kind: 'series', id: 'empire of swords', following: true });
    expect((await call('GET', `/api/follows/dj/${dj('Kibe')}/`, c)).json()).toMatchObject({ following: true });
    expect((await call('GET', `/api/follows/dj/${dj('Zamu')}/`, c)).json()).toMatchObject({ following: false });
    const list = (await call('GET', '/api/follows/', c)).json<FollowList>();
    expect(list.results.map((f) => [f.kind, f.id, f.name])).toEqual([
      ['series', 'empire of swords', 'Empire of Swords'],
      ['dj', String(dj('Kibe')), 'Kibe'],
    ]);
    // Not a DJ, not a series (a movie's title), not a kind: 404, 404, 400; never a 500.
    expect((await call('PUT', '/api/follows/dj/999999/', c)).statusCode).toBe(404);
    expect((await call('PUT', '/api/follows/dj/abc/', c)).statusCode).toBe(404);
    expect((await call('PUT', '/api/follows/series/Nairobi%20Heist/', c)).statusCode).toBe(404);
    expect((await call('PUT', '/api/follows/genre/1/', c)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/follows/dj/${dj('Kibe')}/` })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/follows/dj/${dj('Kibe')}/`, c)).json()).toMatchObject({ following: false });
    expect((await call('GET', '/api/follows/', c)).json<FollowList>().results).toHaveLength(1);
  });

  it('tells a DJ’s and a series’ followers of a published video once, in their language, in the store and by push', async () => {
    const fan = await signedInCustomer(t.app); // follows Nyota, reads Kiswahili, has a phone subscribed
    const seriesFan = await signedInCustomer(t.app); // follows Empire of Swords, English
    const stranger = await signedInCustomer(t.app);
    await kit.setLanguage(fan.id, 'sw');
    for (const c of [fan, seriesFan, stranger]) await kit.noQuietHours(c);
    expect((await call('PUT', `/api/follows/dj/${dj('Nyota')}/`, fan)).statusCode).toBe(200);
    expect((await call('PUT', '/api/follows/series/Empire%20of%20Swords/', seriesFan)).statusCode).toBe(200);
    const subscription = pushService.subscribe();
    expect((await call('POST', '/api/push/subscriptions/', fan, subscription)).statusCode).toBe(201);

    const film = await publish({ dj: 'Nyota', title: 'Mtaa Wetu' });
    const season3 = await publish({ dj: 'Kibe', title: 'Empire of Swords', season: 'Season 3', cartegory: 'series' });
    await kit.drain();

    const fans = await kit.mine(fan);
    expect(fans).toMatchObject({ count: 1, unread: 1, hidden: 0 });
    expect(fans.results[0]).toMatchObject({ kind: 'new_video', title: 'Mpya kutoka kwa Nyota', body: 'Mtaa Wetu iko dukani.', url: `/video/${film}`, read_at: null });
    // The same list in English for a phone whose page is English now.
    expect((await kit.mine(fan, { 'accept-language': 'en' })).results[0]).toMatchObject({ title: 'New from Nyota' });
    expect((await kit.mine(seriesFan)).results.map((n) => [n.title, n.url])).toEqual([['New season: Empire of Swords · Season 3', `/video/${season3}`]]);
    expect((await kit.mine(stranger)).count).toBe(0);

    // What the phone received, decrypted with its own keys: the Kiswahili words and the page to open.
    expect(pushService.received).toHaveLength(1);
    const got = pushService.received[0]!;
    expect(got.payload as PushPayload).toMatchObject({ kind: 'new_video', title: 'Mpya kutoka kwa Nyota', url: `/video/${film}` });
    expect(got.vapidKey).toBe((await t.app.inject({ url: '/api/push/key/' })).json<{ public_key: string }>().public_key);
    expect(got.audience).toBe(`http://${pushService.hostPort}`);

    // Unpublished and published again, edited and published: still once each.
    for (const published of [false, true]) expect((await t.app.inject({ method: 'PUT', url: `/api/admin/videos/${film}/`, headers: staff.auth, payload: { published } })).statusCode).toBe(200);
    await kit.drain();
    expect((await kit.mine(fan)).count).toBe(1);
    expect(pushService.received).toHaveLength(1);
    expect(await kit.deliveries(fan.id)).toEqual([{ channel: 'push', state: 'sent', kind: 'new_video' }]);
  });

  it('shows a customer only their own notifications, and marks only their own read', async () => {
    const a = await signedInCustomer(t.app);
    const b = await signedInCustomer(t.app);
    for (const c of [a, b]) expect((await call('PUT', `/api/follows/dj/${dj('Zamu')}/`, c)).statusCode).toBe(200);
    await publish({ dj: 'Zamu', title: 'Kanjo Chase' });
    await publish({ dj: 'Zamu', title: 'Kanjo Chase II' });
    await kit.drain(['notify']);
    const mineA = await kit.mine(a);
    const mineB = await kit.mine(b);
    expect([mineA.count, mineB.count]).toEqual([2, 2]);
    expect(mineA.results.some((n) => mineB.results.some((m) => m.id === n.id))).toBe(false);

    // B names A's ids: nothing of A's changes.
    const other = await call('POST', '/api/notifications/mine/read/', b, { ids: mineA.results.map((n) => n.id) });
    expect(other.json()).toEqual({ updated: 0, unread: 2 });
    expect((await kit.mine(a)).unread).toBe(2);
    expect((await call('POST', '/api/notifications/mine/read/', a, { ids: [mineA.results[0]!.id] })).json()).toEqual({ updated: 1, unread: 1 });
    expect((await call('POST', '/api/notifications/mine/read/', a, { all: true })).json()).toEqual({ updated: 1, unread: 0 });
    expect((await kit.mine(a)).results.every((n) => n.read_at !== null)).toBe(true);
    expect((await kit.mine(b)).unread).toBe(2);
    // Bad bodies are 400s; pages past the end 404 as every list's.
    for (const body of [{}, { ids: [] }, { ids: ['x'] }, { all: false }]) expect((await call('POST', '/api/notifications/mine/read/', a, body)).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/notifications/mine/?page_size=1', headers: a.auth })).json()).toMatchObject({ count: 2, next: '/api/notifications/mine/?page_size=1&page=2' });
    expect((await t.app.inject({ url: '/api/notifications/mine/?page=9', headers: a.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/notifications/mine/' })).statusCode).toBe(401);
  });

  it('keeps settings per kind and channel with §15’s defaults, and sends nothing by a channel turned off', async () => {
    const c = await signedInCustomer(t.app);
    const settings = (await call('GET', '/api/notifications/settings/', c)).json<NotificationSettings>();
    expect(settings.quiet_hours).toEqual({ start: '22:00', end: '07:00' });
    expect(Object.entries(settings.kinds).filter(([, v]) => v.sms).map(([k]) => k)).toEqual(['pass_renewal', 'gift_received']);
    expect(Object.values(settings.kinds).every((v) => v.push)).toBe(true);

    const changed = await call('PUT', '/api/notifications/settings/', c, { quiet_hours: null, kinds: { new_video: { push: false } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<NotificationSettings>()).toMatchObject({ quiet_hours: null, kinds: { new_video: { push: false, sms: false }, gift_received: { push: true, sms: true } } });
    for (const bad of [{ quiet_hours: { start: '25:00', end: '07:00' } }, { kinds: { birthday: { push: true } } }, { kinds: { refund: { push: 'yes' } } }]) {
      expect((await call('PUT', '/api/notifications/settings/', c, bad)).statusCode).toBe(400);
    }

    expect((await call('POST', '/api/push/subscriptions/', c, pushService.subscribe())).statusCode).toBe(201);
    expect((await call('PUT', `/api/follows/dj/${dj('Kibe')}/`, c)).statusCode).toBe(200);
    const before = pushService.received.length;
    await publish({ dj: 'Kibe', title: 'Matatu Ride' });
    await kit.drain();
    // In the store always; no push for a kind whose push is off.
    expect((await kit.mine(c)).count).toBe(1);
    expect(await kit.deliveries(c.id)).toEqual([]);
    expect(pushService.received.length).toBe(before);
  });

  it('makes the in-store notification at once in quiet hours and sends the push when they end', async () => {
    const c = await signedInCustomer(t.app);
    // Quiet hours around now, whatever the hour of the test.
    const nairobi = (minutes: number) => new Date(Date.now() + 3 * 3600_000 + minutes * 60_000).toISOString().slice(11, 16);
    expect((await call('PUT', '/api/notifications/settings/', c, { quiet_hours: { start: nairobi(-60), end: nairobi(90) } })).statusCode).toBe(200);
    const browser = pushService.subscribe();
    expect((await call('POST', '/api/push/subscriptions/', c, browser)).statusCode).toBe(201);
    expect((await call('PUT', `/api/follows/dj/${dj('Kibe')}/`, c)).statusCode).toBe(200);
    const before = pushService.received.length;
    await publish({ dj: 'Kibe', title: 'Usiku Mwema' });
    await kit.drain();
    expect((await kit.mine(c)).count).toBe(1);
    // The push waits in the queue, not yet tried (its delivery is written when it is sent); staff see it queued.
    expect(await kit.deliveries(c.id)).toEqual([]);
    expect(pushService.received.length).toBe(before);
    const [job] = await t.database.db.select().from(mediaJobs).where(eq(mediaJobs.kind, 'notify-send')).orderBy(sql`id DESC`).limit(1);
    expect((job!.payload as SendPayload).pushes).toHaveLength(1);
    const report = (await t.app.inject({ url: '/api/admin/notifications/report/', headers: staff.auth })).json<{ push: { queued: number } }>();
    expect(report.push.queued).toBeGreaterThanOrEqual(1);
    const wait = job!.runAfter.getTime() - Date.now();
    expect(wait).toBeGreaterThan(85 * 60_000);
    expect(wait).toBeLessThan(91 * 60_000);

    // Meanwhile someone else signs in on that browser: when the hours end, the push is not theirs to see.
    const other = await signedInCustomer(t.app);
    expect((await call('POST', '/api/push/subscriptions/', other, browser)).statusCode).toBe(201);
    await t.database.db.update(mediaJobs).set({ runAfter: new Date() }).where(eq(mediaJobs.id, job!.id));
    await kit.drain();
    expect(await kit.deliveries(c.id)).toEqual([{ channel: 'push', state: 'removed', kind: 'new_video' }]);
    expect(pushService.received.length).toBe(before);
  });

  it('answers when quiet hours end, across midnight and within a day (Nairobi time)', async () => {
    const at = async (start: string | null, end: string | null, when: string) =>
      (await rows<{ t: string | Date }>(sql`SELECT quiet_hours_end(${start}, ${end}, ${when}::timestamptz) AS t`))[0]!.t;
    const iso = async (...a: Parameters<typeof at>) => new Date(await at(...a)).toISOString();
    expect(await iso('22:00', '07:00', '2026-11-27T20:30:00Z')).toBe('2026-11-28T04:00:00.000Z'); // 23:30 in Nairobi: until 07:00 next day
    expect(await iso('22:00', '07:00', '2026-11-28T01:00:00Z')).toBe('2026-11-28T04:00:00.000Z'); // 04:00 in Nairobi
    expect(await iso('22:00', '07:00', '2026-11-28T09:00:00Z')).toBe('2026-11-28T09:00:00.000Z'); // noon: at once
    expect(await iso('13:00', '14:00', '2026-11-28T10:30:00Z')).toBe('2026-11-28T11:00:00.000Z');
    expect(await iso(null, null, '2026-11-28T01:00:00Z')).toBe('2026-11-28T01:00:00.000Z');
  });

  it('removes a subscription its push service answers 404 or 410 for, and retries one that answered 500', async () => {
    const c = await signedInCustomer(t.app);
    await kit.noQuietHours(c);
    const [gone, missing, hiccup] = [pushService.subscribe(), pushService.subscribe(), pushService.subscribe()];
    for (const s of [gone, missing, hiccup]) expect((await call('POST', '/api/push/subscriptions/', c, s)).statusCode).toBe(201);
    pushService.answer(gone.endpoint, 410);
    pushService.answer(missing.endpoint, 404);
    pushService.answer(hiccup.endpoint, 500);
    expect((await call('PUT', `/api/follows/dj/${dj('Kibe')}/`, c)).statusCode).toBe(200);
    await publish({ dj: 'Kibe', title: 'Gone Girl Nai' });
    await kit.drain();
    expect((await kit.deliveries(c.id)).map((d) => d.state).sort()).toEqual(['queued', 'removed', 'removed']);
    const left = await rows<{ endpoint: string }>(sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${c.id}`);
    expect(left.map((r) => r.endpoint)).toEqual([hiccup.endpoint]);
    // The 500 waits for its retry with backoff, then goes through.
    const [retry] = await t.database.db.select().from(mediaJobs).where(sql`kind = 'notify-send' AND state = 'queued' AND attempts > 0`);
    expect(retry!.attempts).toBe(1);
    expect(retry!.runAfter.getTime()).toBeGreaterThan(Date.now() + 5_000);
    pushService.answer(hiccup.endpoint, 201);
    await t.database.db.update(mediaJobs).set({ runAfter: new Date() }).where(eq(mediaJobs.id, retry!.id));
    await kit.drain();
    expect((await kit.deliveries(c.id)).map((d) => d.state).sort()).toEqual(['removed', 'removed', 'sent']);
  });

  it('follows no redirect from a push service: the push is not sent elsewhere and waits for its retry', async () => {
    const c = await signedInCustomer(t.app);
    await kit.noQuietHours(c);
    // The redirect points at another subscription of the same service: had it been followed, that one would receive the push.
    const [moved, elsewhere] = [pushService.subscribe(), pushService.subscribe()];
    expect((await call('POST', '/api/push/subscriptions/', c, moved)).statusCode).toBe(201);
    pushService.answer(moved.endpoint, 307, elsewhere.endpoint);
    expect((await call('PUT', `/api/follows/dj/${dj('Kibe')}/`, c)).statusCode).toBe(200);
    await publish({ dj: 'Kibe', title: 'Redirected Nai' });
    await kit.drain();
    const paths = [moved, elsewhere].map((s) => new URL(s.endpoint).pathname);
    expect(pushService.received.filter((r) => paths.includes(r.path))).toEqual([]);
    expect((await kit.deliveries(c.id)).map((d) => d.state)).toEqual(['queued']);
    const retries = await t.database.db.select().from(mediaJobs).where(sql`kind = 'notify-send' AND state = 'queued' AND attempts = 1 AND error LIKE '%307%'`);
    expect(retries).toHaveLength(1);
  });

  it('refuses a subscription to anything but a push service’s own host over https (400), and forgets one on DELETE', async () => {
    const c = await signedInCustomer(t.app);
    const keys = pushService.subscribe().keys;
    const refused = [
      'http://127.0.0.1/push/1',
      'https://127.0.0.1/push/1',
      `http://127.0.0.1:${Number(pushService.hostPort.split(':')[1]) + 1}/x`,
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://notify.windows.com/w/',
      'https://example.com/push',
      'not a url',
    ];
    for (const endpoint of refused) {
      const res = await call('POST', '/api/push/subscriptions/', c, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
    }
    const inSwahili = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/', headers: { ...c.auth, 'accept-language': 'sw' }, payload: { endpoint: 'https://10.0.0.5/push', keys } });
    expect(inSwahili.json()).toEqual({ detail: 'Huduma hii ya arifa si mojawapo ambazo duka hutumia.' });
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://wns2-par02p.notify.windows.com/w/?token=x', 'https://web.push.apple.com/QGx', 'https://updates.push.services.mozilla.com/wpush/v2/x']) {
      expect((await call('POST', '/api/push/subscriptions/', c, { endpoint, keys })).statusCode, endpoint).toBe(201);
    }
    expect((await call('POST', '/api/push/subscriptions/', c, { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: 'a b', auth: '' } })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/push/subscriptions/', c, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' })).json()).toEqual({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', subscribed: false });
    const left = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${c.id}`))[0]!;
    expect(Number(left.n)).toBe(3);
  });

  it('gives staff follower counts and what was sent, failed and removed', async () => {
    const res = await t.app.inject({ url: '/api/admin/notifications/report/', headers: staff.auth });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.followers.djs.find((d: { id: number }) => d.id === dj('Kibe')).followers).toBeGreaterThanOrEqual(3);
    expect(r.followers.series).toEqual([{ id: 'empire of swords', name: 'Empire of Swords', followers: 2 }]);
    expect(r.push.sent).toBeGreaterThanOrEqual(2);
    expect(r.push.removed).toBe(3); // the 404, the 410, and the push for a browser another account took over
    expect(r.in_store.made).toBeGreaterThanOrEqual(7);
    const customer = await signedInCustomer(t.app);
    expect((await t.app.inject({ url: '/api/admin/notifications/report/', headers: customer.auth })).statusCode).toBe(403);
  });
  it('queues a fan-out’s pushes 16 to a job, sends a claimed batch as one (one read, one write), and a retried job sends only what is not out', async () => {
    const c = await signedInCustomer(t.app);
    await kit.noQuietHours(c);
    const browsers = Array.from({ length: 20 }, () => pushService.subscribe());
    // Straight into the table: twenty through the API would spend the hour's subscriptions of the tests after.
    for (const s of browsers) await t.database.db.execute(sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (${c.id}, ${s.endpoint}, ${s.keys.p256dh}, ${s.keys.auth})`);
    pushService.answer(browsers[1]!.endpoint, 410);
    pushService.answer(browsers[2]!.endpoint, 500);
    // A DJ of this test's own: the jobs are this customer's twenty pushes.
    djs.push((await rows<{ id: number; djName: string }>(sql`INSERT INTO djs (dj_name) VALUES ('Mpya') RETURNING id, dj_name AS "djName"`))[0]!);
    expect((await call('PUT', `/api/follows/dj/${dj('Mpya')}/`, c)).statusCode).toBe(200);
    await publish({ dj: 'Mpya', title: 'Batch ya Nne' });
    await kit.drain(['notify']);
    const jobs = await t.store.jobQueue.claimMany(['notify-send'], 32);
    expect(jobs.map((j) => (j.payload as SendPayload).pushes!.length).sort()).toEqual([16, 4]);
    const before = pushService.received.length;
    const statements = vi.spyOn(t.database.db, 'execute');
    let failed: typeof jobs;
    try {
      const outcomes = await t.store.notifications.sendMany(jobs);
      // The read, the gone subscription, the outcomes: three statements for twenty pushes.
      expect(statements).toHaveBeenCalledTimes(3);
      failed = jobs.filter((_, i) => !outcomes[i]!.ok);
    } finally {
      statements.mockRestore();
    }
    // Only the job holding the 500 goes back to the queue; its other pushes are out.
    expect(failed).toHaveLength(1);
    expect(pushService.received.length - before).toBe(18);
    const states = async () => (await kit.deliveries(c.id)).map((d) => d.state).sort();
    expect(await states()).toEqual(['queued', 'removed', ...Array<string>(18).fill('sent')]);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = ${c.id}`))[0]!.n).toBe(19);
    await t.store.jobQueue.completeMany(jobs.filter((job) => job !== failed[0]));
    await t.store.jobQueue.fail(failed[0]!, 'The push service answered 500.');
    // Its retry, once the push service is back: the one push, not its fifteen companions again.
    pushService.answer(browsers[2]!.endpoint, 201);
    await t.database.db.update(mediaJobs).set({ runAfter: new Date() }).where(eq(mediaJobs.id, failed[0]!.id));
    await kit.drain();
    expect(pushService.received.length - before).toBe(19);
    expect(await states()).toEqual(['removed', ...Array<string>(19).fill('sent')]);
  });

  it('tells many followers a slice at a time, pausing between slices, each once even when a run stops halfway and runs again', async () => {
    const fans = [];
    for (let i = 0; i < 5; i++) fans.push(await signedInCustomer(t.app));
    const season = async (n: number) =>
      (await t.database.db
        .insert(videos)
        .values({ title: 'Pwani Slices', season: `Season ${n}`, djId: dj('Nyota'), genreId: (await rows<{ id: number }>(sql`SELECT min(id) AS id FROM genres`))[0]!.id, cartegory: 'series', type: 'dj_x', price: 80, videoPath: 'videos/x/r1', published: true })
        .returning())[0];
    await season(1);
    for (const c of fans.slice(0, 4)) expect((await call('PUT', `/api/follows/dj/${dj('Nyota')}/`, c)).statusCode).toBe(200);
    // The fifth follows the series only; the fourth the DJ and the series (told once).
    for (const c of fans.slice(3)) expect((await call('PUT', '/api/follows/series/Pwani%20Slices/', c)).statusCode).toBe(200);
    const v = await season(2);
    const told = async () => (await rows<{ user_id: number }>(sql`SELECT user_id FROM customer_notifications WHERE dedupe_key = ${`new_video:${v!.id}`} ORDER BY user_id`)).map((r) => Number(r.user_id));
    const followers = (await rows<{ user_id: number }>(sql`SELECT DISTINCT user_id FROM follows WHERE dj_id = ${dj('Nyota')} OR series_key = 'pwani slices' ORDER BY user_id`)).map((r) => Number(r.user_id));

    // A run that stops after its first slice (the process killed between two), then the job again.
    let pauses = 0;
    const stopped = newVideo(t.database.db, v!.id, { slice: 2, between: async () => Promise.reject(new Error('killed')) });
    await expect(stopped).rejects.toThrow('killed');
    expect(await told()).toHaveLength(2);
    const again = await newVideo(t.database.db, v!.id, { slice: 2, between: async () => void pauses++ });
    expect(again.made).toBe(followers.length - 2);
    // A pause after each full slice, none after the last.
    expect(pauses).toBe(Math.floor(followers.length / 2));
    expect(await told()).toEqual(followers);
    for (const c of fans) expect(followers).toContain(c.id);
    expect((await newVideo(t.database.db, v!.id, { slice: 2 })).made).toBe(0);
  });
});
