import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPayment, CustomerPass, PassBought, PassProduct, Video } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { customerPasses, djs, ledgerEntries, passDjShares, passPeriods, passProducts, profiles, promoCodes, receipts, saleLines, videos } from '../../../db/schema.ts';
import { ledgerMismatches, postLedgerEntry, saleLineMismatches } from '../../wallet/index.ts';
import { mediaPaths, signMediaPath, type StoredMediaInfo } from '../../media/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer, signedInStaff } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { notificationKit } from '../../../../test/helpers/notifications.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
const HOUR = 3600_000;

/** A playable video's files shaped like the pipeline's output: three 4-second segments. */
async function fakeRenditions(privateDir: string, videoId: number) {
  const rev = 'r1-1';
  const dir = path.join(privateDir, 'videos', String(videoId), rev);
  await fs.mkdir(path.join(dir, '240p'), { recursive: true });
  await fs.writeFile(path.join(dir, 'download.mp4'), Buffer.alloc(1000, 7));
  await fs.writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240\n240p/index.m3u8\n');
  const segs = ['seg-0000.m4s', 'seg-0001.m4s', 'seg-0002.m4s'];
  await fs.writeFile(path.join(dir, '240p', 'index.m3u8'), `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init.mp4"\n${segs.map((s) => `#EXTINF:4.0,\n${s}`).join('\n')}\n#EXT-X-ENDLIST\n`);
  for (const name of ['init.mp4', ...segs]) await fs.writeFile(path.join(dir, '240p', name), `bytes of ${name}`);
  const info: StoredMediaInfo = { rev, duration: 10, width: 426, height: 240, renditions: [{ name: '240p', height: 240, width: 426, bandwidth: 150_000, peak: 200_000, dataSaver: true }], downloadSize: 1000, thumbnails: { count: 1, intervalSeconds: 5 } };
  return { videoPath: `videos/${videoId}/${rev}`, info };
}

/** CONTRACT §14: passes sold by the selling core, watched under their scope, renewed only with the customer's word, DJs paid by what was watched. */
describe.each(engines())('passes on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // Kibe: 0, 4, 5; Zamu: 1, 2, 3 (fixtures)
  let zamu: number;
  let kibe: number;
  let dayPass: number; // Zamu, 24 h, Ksh 20
  let weekAll: number; // everything, 168 h, Ksh 150
  let topUps = 0;
  let phones = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const cat = await insertFixtureCatalogue(t.database.db);
    ids = cat.videos.map((v) => v.id);
    zamu = cat.djs.find((d) => d.djName === 'Zamu')!.id;
    kibe = cat.djs.find((d) => d.djName === 'Kibe')!.id;
    await db().update(djs).set({ revenueSharePercent: 50 }).where(sql`true`);
    // Media for 0 (Kibe), 1, 2, 3 (Zamu) that segments can be fetched from (the fixtures mark every published video playable).
    for (const i of [0, 1, 2, 3]) {
      const fake = await fakeRenditions(mediaPaths(path.join(t.config.dataDir, 'media')).private, ids[i]!);
      await db().update(videos).set({ videoPath: fake.videoPath, mediaInfo: fake.info }).where(eq(videos.id, ids[i]!));
    }
    [dayPass, weekAll] = await Promise.all([product({ title: 'Zamu day pass', scope: { kind: 'dj', value: zamu }, hours: 24, price: 20 }), product({ title: 'Week of everything', scope: { kind: 'all' }, hours: 168, price: 150 })]);
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
    if (balance > 0) await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: balance, reference: `pass-top-up-${engine}-${++topUps}` }));
    return c;
  };
  const balanceOf = async (c: Customer) => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b;
  const buy = (c: Customer, passId: number, payload: object = {}, key?: string) => t.app.inject({ method: 'POST', url: `/api/passes/${passId}/buy/`, headers: { ...c.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const details = async (c: Customer, id: number) => (await t.app.inject({ url: `/api/videoDetails/${id}/`, headers: c.auth })).json<Video>();
  const mine = async (c: Customer) => (await t.app.inject({ url: '/api/passes/mine/', headers: c.auth })).json<CustomerPass[]>();
  const books = async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  };
  /** Moves a customer's pass (and its periods) back in time: the clock this test controls. */
  const rewind = async (passId: number, ms: number) => {
    const by = sql`make_interval(secs => ${ms / 1000})`;
    await db().update(customerPasses).set({ startsAt: sql`${customerPasses.startsAt} - ${by}`, endsAt: sql`${customerPasses.endsAt} - ${by}` }).where(eq(customerPasses.id, passId));
    await db().update(passPeriods).set({ startsAt: sql`${passPeriods.startsAt} - ${by}`, endsAt: sql`${passPeriods.endsAt} - ${by}` }).where(eq(passPeriods.customerPassId, passId));
  };
  const mediaGet = (_c: Customer, url: string) => t.app.inject({ url });
  const signed = (c: Customer, p: string) => signMediaPath(t.config.media.secret, p, { userId: c.id, expires: Math.floor(Date.now() / 1000) + 600 });

  it('lists the passes on sale with how many playable videos each covers, and only those covering a video with video_id', async () => {
    const all = (await t.app.inject('/api/passes/')).json<PassProduct[]>();
    expect(all.find((p) => p.id === dayPass)).toMatchObject({ title: 'Zamu day pass', scope: { kind: 'dj', value: zamu, name: 'Zamu' }, hours: 24, price: 20, video_count: 3, active: true });
    // Every published video (six), never the unpublished one.
    expect(all.find((p) => p.id === weekAll)).toMatchObject({ scope: { kind: 'all', value: null }, video_count: 6 });
    const forKibe = (await t.app.inject(`/api/passes/?video_id=${ids[0]}`)).json<PassProduct[]>();
    expect(forKibe.map((p) => p.id)).toEqual([weekAll]);
    expect((await t.app.inject('/api/passes/?video_id=abc')).statusCode).toBe(400);
  });

  it('sells a pass from the balance: 201, live for its hours, one sale line of no video with its receipt, and the books agree', async () => {
    const c = await customerWith(100);
    const res = await buy(c, dayPass);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<PassBought>();
    expect(body.balance).toBe(80);
    expect(body.pass).toMatchObject({ pass_id: dayPass, title: 'Zamu day pass', live: true, renewal: 'off', price: 20 });
    expect(Date.parse(body.pass.ends_at) - Date.parse(body.pass.starts_at)).toBe(24 * HOUR);
    const [line] = await db().select().from(saleLines).where(and(eq(saleLines.userId, c.id), eq(saleLines.kind, 'pass')));
    expect(line).toMatchObject({ videoId: null, djId: null, title: 'Zamu day pass', amount: 20, ledgerKind: 'pass' });
    const [receipt] = await db().select().from(receipts).where(and(eq(receipts.userId, c.id), eq(receipts.reference, line!.reference)));
    expect(receipt).toMatchObject({ kind: 'sale', total: 20 });
    expect(await mine(c)).toEqual([body.pass]);
    await books();
  });

  it('stacks the hours of a pass bought again while live, and starts a new one afresh after it ended', async () => {
    const c = await customerWith(100);
    const first = (await buy(c, dayPass)).json<PassBought>().pass;
    const again = (await buy(c, dayPass)).json<PassBought>().pass;
    expect(again.id).toBe(first.id);
    expect(again.starts_at).toBe(first.starts_at);
    expect(Date.parse(again.ends_at) - Date.parse(first.ends_at)).toBe(24 * HOUR);
    await rewind(first.id, 49 * HOUR);
    expect((await mine(c))[0]!.live).toBe(false);
    const fresh = (await buy(c, dayPass)).json<PassBought>().pass;
    expect(fresh.live).toBe(true);
    expect(Date.parse(fresh.ends_at) - Date.parse(fresh.starts_at)).toBe(24 * HOUR);
    expect(await balanceOf(c)).toBe(40);
    await books();
  });

  it('covers the videos of its scope: "pass" on their pages, streams but never the download, nothing outside it, and nothing once it ends', async () => {
    const c = await customerWith(20);
    const bought = (await buy(c, dayPass)).json<PassBought>().pass;
    const zamuVideo = await details(c, ids[1]!);
    expect(zamuVideo.pass).toEqual({ id: bought.id, ends_at: bought.ends_at });
    expect(zamuVideo.owned).toBe(false);
    expect(zamuVideo.media?.stream).toBeTruthy();
    expect(zamuVideo.media?.download).toBeNull();
    const kibeVideo = await details(c, ids[0]!);
    expect(kibeVideo.pass).toBeNull();
    expect(kibeVideo.media).toBeUndefined();
    const base = `/media/private/videos/${ids[1]}/r1-1`;
    expect((await mediaGet(c, signed(c, `${base}/240p/index.m3u8`))).statusCode).toBe(200);
    expect((await mediaGet(c, signed(c, `${base}/download.mp4`))).statusCode).toBe(403);
    await rewind(bought.id, 25 * HOUR);
    // The route remembers a "yes" for at most 10 s, and never past the pass's end.
    t.store.mediaAccess.forget();
    expect((await mediaGet(c, signed(c, `${base}/240p/seg-0000.m4s`))).statusCode).toBe(403);
    expect((await details(c, ids[1]!)).pass).toBeNull();
  });

  it('refuses what cannot be sold: a withdrawn pass 404, short with no phone 402, a code not for passes 400', async () => {
    const c = await customerWith(10);
    const short = await buy(c, dayPass);
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ balance: 10, price: 20, shortfall: 10 });
    const gone = await product({ title: 'Old pass', scope: { kind: 'category', value: 'movie' }, hours: 24, price: 10, active: false });
    expect((await buy(c, gone)).statusCode).toBe(404);
    expect((await buy(c, 999_999)).statusCode).toBe(404);
    await db().insert(promoCodes).values({ code: 'RENTONLY', percentOff: 50, kinds: ['rental'] });
    const refused = await buy(c, dayPass, { promo_code: 'RENTONLY' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('not for passes');
    expect(await balanceOf(c)).toBe(10);
    const bad = await t.app.inject({ method: 'POST', url: '/api/admin/passes', headers: await staff(), payload: { title: 'X', scope: { kind: 'dj', value: 999_999 }, hours: 24, price: 10 } });
    expect(bad.statusCode).toBe(400);
    await books();
  });

  it('takes a promo code of kind pass off the price', async () => {
    await db().insert(promoCodes).values({ code: 'PASSHALF', percentOff: 50, kinds: ['pass'] });
    const c = await customerWith(100);
    const res = await buy(c, weekAll, { promo_code: 'passhalf' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PassBought>().balance).toBe(25);
    await books();
  });

  it('with a phone asks M-Pesa for the shortfall once (a retry with the key sends no second prompt) and makes the pass when paid', async () => {
    const c = await customerWith(5);
    const res = await buy(c, dayPass, { phone_number: `0712 555 ${String(++phones).padStart(3, '0')}` }, 'pass-mpesa');
    expect(res.statusCode, res.body).toBe(202);
    const pay = res.json<CheckoutPayment>();
    expect(pay.amount).toBe(15);
    const retry = await buy(c, dayPass, { phone_number: `0712 555 ${String(phones).padStart(3, '0')}` }, 'pass-mpesa');
    expect(retry.json<CheckoutPayment>().CheckoutRequestID).toBe(pay.CheckoutRequestID);
    expect((await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'pay' } })).statusCode).toBeLessThan(300);
    await vi.waitFor(async () => expect((await mine(c)).length).toBe(1), { timeout: 10_000 });
    expect(await balanceOf(c)).toBe(0);
    await books();
  });

  it('counts the segments served under a pass once each and, once it ends, shares its price less VAT among the DJs watched, to the cent', async () => {
    const c = await customerWith(150);
    const bought = (await buy(c, weekAll)).json<PassBought>().pass;
    const seg = (i: number, n: number) => signed(c, `/media/private/videos/${ids[i]}/r1-1/240p/seg-000${n}.m4s`);
    // Zamu: video 1 whole (3 segments, fetched twice), video 2 one segment; Kibe: video 0 two segments.
    for (const url of [seg(1, 0), seg(1, 1), seg(1, 2), seg(1, 0), seg(2, 0), seg(0, 0), seg(0, 1)]) expect((await mediaGet(c, url)).statusCode).toBe(200);
    const counted = async () => Number(((await db().execute(sql`SELECT count(*)::int AS n FROM pass_views v JOIN pass_periods p ON p.id = v.period_id WHERE p.customer_pass_id = ${bought.id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    // Counted beside the bytes, never in their way: 6 distinct segments of 7 fetches.
    await vi.waitFor(async () => expect(await counted()).toBe(6));
    await rewind(bought.id, 169 * HOUR);
    await t.store.passRenewals.settle();
    const [period] = await db().select().from(passPeriods).where(eq(passPeriods.customerPassId, bought.id));
    expect(period!.settledAt).not.toBeNull();
    const shares = await db().select().from(passDjShares).where(eq(passDjShares.periodId, period!.id));
    // Zamu: 10 s (video 1 runs 10 s: capped) + 4 s; Kibe: 8 s. Ksh 150 less VAT is 129.31.
    const byDj = Object.fromEntries(shares.map((s) => [s.djId, s]));
    expect(byDj[zamu]).toMatchObject({ seconds: 14, djSharePercent: 50 });
    expect(byDj[kibe]).toMatchObject({ seconds: 8 });
    expect(shares.reduce((a, s) => a + s.amountCents, 0)).toBe(12931);
    expect(byDj[zamu]!.amountCents).toBe(Math.round((12931 * 14) / 22));
    // Settled once: running again writes nothing more.
    await t.store.passRenewals.settle();
    expect((await db().select().from(passDjShares).where(eq(passDjShares.periodId, period!.id))).length).toBe(2);
    // The pass line is on Zamu's statement and counts toward what is owed.
    const month = new Date().toISOString().slice(0, 7);
    const statement = (await t.app.inject({ url: `/api/admin/djs/${zamu}/statement/?month=${month}`, headers: await staff() })).json<{ lines: { kind: string; earned: number }[] }>();
    expect(statement.lines.filter((l) => l.kind === 'pass').map((l) => l.earned)).toContain(Math.round(byDj[zamu]!.earnedCents / 100));
    await books();
  });

  it('pays no DJ for a pass nobody watched', async () => {
    const c = await customerWith(20);
    const bought = (await buy(c, dayPass)).json<PassBought>().pass;
    await rewind(bought.id, 25 * HOUR);
    await t.store.passRenewals.settle();
    const [period] = await db().select().from(passPeriods).where(eq(passPeriods.customerPassId, bought.id));
    expect(period!.settledAt).not.toBeNull();
    expect(await db().select().from(passDjShares).where(eq(passDjShares.periodId, period!.id))).toEqual([]);
  });

  it('turns renewal on and off in one call each, and only the owner can', async () => {
    const c = await customerWith(20);
    const other = await signedInCustomer(t.app);
    const bought = (await buy(c, dayPass)).json<PassBought>().pass;
    const put = (who: Customer, renewal: string) => t.app.inject({ method: 'PUT', url: `/api/passes/mine/${bought.id}/renewal`, headers: who.auth, payload: { renewal } });
    expect((await put(c, 'prompt')).json<CustomerPass>().renewal).toBe('prompt');
    expect((await put(other, 'off')).statusCode).toBe(404);
    expect((await put(c, 'sometimes')).statusCode).toBe(400);
    expect((await put(c, 'off')).json<CustomerPass>().renewal).toBe('off');
  });

  it('on the last day sends one M-Pesa prompt for the full price, never the balance unasked; paid, the pass runs on; at night nobody is prompted', async () => {
    const c = await customerWith(40);
    await db().update(profiles).set({ phoneNumber: `2547125${String(++phones).padStart(5, '0')}` }).where(eq(profiles.userId, c.id));
    const bought = (await buy(c, dayPass)).json<PassBought>().pass;
    await t.app.inject({ method: 'PUT', url: `/api/passes/mine/${bought.id}/renewal`, headers: c.auth, payload: { renewal: 'prompt' } });
    await rewind(bought.id, 14 * HOUR); // 10 hours left
    const night = new Date('2026-11-28T21:00:00Z'); // midnight in Nairobi
    expect(await t.store.passRenewals.prompt(night)).toBe(0);
    const noon = new Date('2026-11-28T09:00:00Z');
    expect(await t.store.passRenewals.prompt(noon)).toBe(1);
    expect(await t.store.passRenewals.prompt(noon), 'once per period').toBe(0);
    expect(await balanceOf(c), 'the balance is not touched').toBe(20);
    const found = (await db().execute(sql`SELECT checkout_request_id AS id, amount FROM deposits WHERE user_id = ${c.id}`)) as unknown as { rows: { id: string; amount: number }[] };
    const row = found.rows[0]!;
    expect(Number(row.amount)).toBe(20);
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${row.id}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect(Date.parse((await mine(c))[0]!.ends_at) - Date.parse(bought.ends_at)).toBe(10 * HOUR), { timeout: 10_000 });
    expect(await balanceOf(c)).toBe(20);
    await books();
  });

  it('renews by a Ratiba standing order: a deduction posted twice extends once; after renewal is off a deduction goes to the balance', async () => {
    const c = await customerWith(20);
    await kit.setLanguage(c.id, 'sw');
    const phone = `2547126${String(++phones).padStart(5, '0')}`;
    const bought = (await buy(c, dayPass)).json<PassBought>().pass;
    const on = await t.app.inject({ method: 'PUT', url: `/api/passes/mine/${bought.id}/renewal`, headers: c.auth, payload: { renewal: 'standing_order', phone_number: phone } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<CustomerPass>().renewal).toBe('standing_order');
    const [cp] = await db().select().from(customerPasses).where(eq(customerPasses.id, bought.id));
    const order = await t.store.standingOrders.byId(cp!.standingOrderId!);
    const sim = (await t.app.inject('/mpesa-sim/simulate/standing-orders')).json<{ id: string; accountReference: string }[]>().find((o) => o.accountReference === order!.accountReference)!;
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${sim.id}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect((await t.store.standingOrders.byId(order!.id))!.state).toBe('active'));
    const deduct = await t.app.inject({ method: 'POST', url: `/mpesa-sim/simulate/standing-orders/${order!.accountReference}/deduct`, payload: { deliveries: 2 } });
    expect(deduct.statusCode, deduct.body).toBeLessThan(300);
    await vi.waitFor(async () => expect(Date.parse((await mine(c))[0]!.ends_at) - Date.parse(bought.ends_at)).toBe(24 * HOUR), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(Date.parse((await mine(c))[0]!.ends_at) - Date.parse(bought.ends_at), 'extended once').toBe(24 * HOUR);
    expect(await balanceOf(c)).toBe(0);
    // Off in one tap; what Ratiba still deducts is kept on the balance.
    expect((await t.app.inject({ method: 'PUT', url: `/api/passes/mine/${bought.id}/renewal`, headers: c.auth, payload: { renewal: 'off' } })).json<CustomerPass>().renewal).toBe('off');
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/simulate/standing-orders/${order!.accountReference}/deduct`, payload: {} });
    await vi.waitFor(async () => expect(await balanceOf(c)).toBe(20), { timeout: 10_000 });
    expect(Date.parse((await mine(c))[0]!.ends_at) - Date.parse(bought.ends_at)).toBe(24 * HOUR);
    const entries = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.kind, 'pass')));
    expect(entries.length).toBe(2);
    // Told in their language, once each however often M-Pesa delivered: renewed, then kept on the balance.
    await kit.drain(['notify']);
    const told = (await kit.mine(c)).results.filter((n) => n.kind === 'pass_renewal');
    expect(told.map((n) => n.title).sort()).toEqual(['Malipo yamewekwa kwenye salio lako', 'Pasi imefanywa upya']);
    expect(told.find((n) => n.title === 'Malipo yamewekwa kwenye salio lako')!.body).toContain('Ksh 20');
    await books();
  });

  it('a week pass cannot be a standing order of another length, and a pass of odd hours renews by prompt only', async () => {
    const odd = await product({ title: 'Weekend', scope: { kind: 'genre', value: (await db().select().from(videos).where(eq(videos.id, ids[1]!)))[0]!.genreId }, hours: 60, price: 40 });
    const c = await customerWith(40);
    const bought = (await buy(c, odd)).json<PassBought>().pass;
    const res = await t.app.inject({ method: 'PUT', url: `/api/passes/mine/${bought.id}/renewal`, headers: c.auth, payload: { renewal: 'standing_order', phone_number: '0712000999' } });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toContain('cannot renew by standing order');
  });

  it('reports pass revenue, renewals and live passes by product, and as CSV; revenue by way of selling has passes', async () => {
    const report = await t.app.inject({ url: '/api/admin/reports/passes', headers: await staff() });
    expect(report.statusCode, report.body).toBe(200);
    const day = report.json<{ rows: { pass_id: number; sold: number; renewals: number; revenue: number; live: number }[] }>().rows.find((r) => r.pass_id === dayPass)!;
    expect(day.renewals).toBeGreaterThanOrEqual(2); // the prompted one and the Ratiba one
    expect(day.sold).toBeGreaterThan(day.renewals);
    expect(day.revenue).toBe(day.sold * 20);
    expect(day.live).toBeGreaterThan(0);
    const csv = await t.app.inject({ url: '/api/admin/reports/passes?format=csv', headers: await staff() });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('pass_id,title,hours,price,active,sold,renewals,revenue,live,renewing');
    const kinds = (await t.app.inject({ url: '/api/admin/reports/revenue/kind', headers: await staff() })).json<{ rows: { key: string; sales: number }[] }>();
    const passSales = Number(((await db().execute(sql`SELECT coalesce(sum(amount), 0)::int AS n FROM sale_lines WHERE kind = 'pass'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(kinds.rows.find((r) => r.key === 'pass')!.sales).toBe(passSales);
    expect((await t.app.inject({ url: '/api/admin/reports/passes', headers: (await signedInCustomer(t.app)).auth })).statusCode).toBe(403);
  });

  it('staff see customers’ passes, and a product bought by someone cannot be deleted, only withdrawn', async () => {
    const list = await t.app.inject({ url: '/api/admin/customer-passes', headers: await staff() });
    expect(list.statusCode).toBe(200);
    expect(list.json<unknown[]>().length).toBeGreaterThan(0);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/passes/${dayPass}`, headers: await staff() });
    expect(del.statusCode).toBe(409);
    const withdrawn = await t.app.inject({ method: 'PUT', url: `/api/admin/passes/${weekAll}`, headers: await staff(), payload: { active: false } });
    expect(withdrawn.json<PassProduct>().active).toBe(false);
    expect((await t.app.inject('/api/passes/')).json<PassProduct[]>().map((p) => p.id)).not.toContain(weekAll);
    await db().update(passProducts).set({ active: true }).where(eq(passProducts.id, weekAll));
  });
});
