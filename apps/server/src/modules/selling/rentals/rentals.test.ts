import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CheckoutPayment, Deposit, Page, Rental, RentalResult, Video } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { deposits, ledgerEntries, profiles, promoCodes, purchases, rentals, saleLines, videoFiles, videos } from '../../../db/schema.ts';
import { ledgerMismatches, postLedgerEntry, saleLineMismatches } from '../../wallet/index.ts';
import { mediaPaths, type StoredMediaInfo } from '../../media/index.ts';
import { signMediaPath } from '../../media/index.ts';
import { mediaRight } from '../../media/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A playable video's files shaped like the pipeline's output (as streaming.test.ts makes them). */
async function fakeRenditions(privateDir: string, videoId: number) {
  const rev = 'r1-1';
  const dir = path.join(privateDir, 'videos', String(videoId), rev);
  await fs.mkdir(path.join(dir, '240p'), { recursive: true });
  await fs.writeFile(path.join(dir, 'download.mp4'), Buffer.alloc(1000, 7));
  await fs.writeFile(path.join(dir, 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=426x240\n240p/index.m3u8\n');
  await fs.writeFile(path.join(dir, '240p', 'index.m3u8'), '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4.0,\nseg-0000.m4s\n#EXT-X-ENDLIST\n');
  for (const name of ['init.mp4', 'seg-0000.m4s']) await fs.writeFile(path.join(dir, '240p', name), `bytes of ${name}`);
  const info: StoredMediaInfo = {
    rev,
    duration: 4,
    width: 426,
    height: 240,
    renditions: [{ name: '240p', height: 240, width: 426, bandwidth: 150_000, peak: 200_000, dataSaver: true }],
    downloadSize: 1000,
    thumbnails: { count: 1, intervalSeconds: 5 },
  };
  return { videoPath: `videos/${videoId}/${rev}`, info };
}

/** CONTRACT §11 rentals: the three ways to pay, the clock from the first media fetch, rent then own. */
describe.each(engines())('rentals on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30; rent: 25, 20, 50, 60, none, none
  let topUps = 0;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    const rents = [25, 20, 50, 60];
    for (const [i, rent] of rents.entries()) await db().update(videos).set({ rentPrice: rent }).where(eq(videos.id, ids[i]!));
    const fake = await fakeRenditions(mediaPaths(path.join(t.config.dataDir, 'media')).private, ids[1]!);
    await db().update(videos).set({ videoPath: fake.videoPath, mediaInfo: fake.info }).where(eq(videos.id, ids[1]!));
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const customerWith = async (balance: number) => {
    const c = await signedInCustomer(t.app);
    if (balance > 0) await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: c.id, kind: 'adjustment', amount: balance, reference: `rental-top-up-${engine}-${++topUps}` }));
    return c;
  };
  const balanceOf = async (c: Customer) => (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b;
  const rent = (c: Customer, payload: object, key?: string) => t.app.inject({ method: 'POST', url: '/api/rentals/', headers: { ...c.auth, ...(key ? { 'idempotency-key': key } : {}) }, payload });
  const details = async (c: Customer, id: number) => (await t.app.inject({ url: `/api/videoDetails/${id}/`, headers: c.auth })).json<Video>();
  const rentalRow = async (c: Customer, id: number) => (await db().select().from(rentals).where(and(eq(rentals.userId, c.id), eq(rentals.videoId, id))))[0];
  const books = async () => {
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  };

  it('rents from the balance: 201 with a rental not yet started that has 30 days to start, one rental entry and its sale line', async () => {
    const c = await customerWith(100);
    const res = await rent(c, { video_id: ids[0] });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<RentalResult>();
    expect(body).toMatchObject({ balance: 75, rental: { video_id: ids[0], price_paid: 25, started_at: null } });
    expect(Date.parse(body.rental.expires_at) - Date.parse(body.rental.rented_at)).toBe(30 * DAY);
    const [entry] = await db().select().from(ledgerEntries).where(and(eq(ledgerEntries.userId, c.id), eq(ledgerEntries.kind, 'rental')));
    expect(entry).toMatchObject({ amount: -25, balanceAfter: 75 });
    const lines = await db().select().from(saleLines).where(eq(saleLines.reference, entry!.reference));
    expect(lines.map((l) => [l.kind, l.ledgerKind, l.videoId, l.listPrice, l.amount])).toEqual([['rental', 'rental', ids[0], 25, 25]]);
    const list = (await t.app.inject({ url: '/api/rentals/', headers: c.auth })).json<Page<Rental>>();
    expect(list.results).toEqual([body.rental]);
    await books();
  });

  it('refuses with 409 to rent a video the customer owns or is already renting, and with 404 one that is not for rent', async () => {
    const c = await customerWith(500);
    expect((await rent(c, { video_id: ids[2] })).statusCode).toBe(201);
    const again = await rent(c, { video_id: ids[2] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'You are already renting this video.' });
    const sw = await t.app.inject({ method: 'POST', url: '/api/rentals/', headers: { ...c.auth, 'accept-language': 'sw' }, payload: { video_id: ids[2] } });
    expect(sw.json()).toEqual({ detail: 'Tayari unakodisha video hii.' });
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[3] } })).statusCode).toBe(201);
    expect((await rent(c, { video_id: ids[3] })).json()).toEqual({ detail: 'You already own this video.' });
    const notForRent = await rent(c, { video_id: ids[4] });
    expect(notForRent.statusCode).toBe(404);
    expect((await rent(c, { video_id: 'x' })).statusCode).toBe(400);
    expect(await balanceOf(c)).toBe(500 - 50 - 250);
    await books();
  });

  it('answers a retried Idempotency-Key as the first and charges once', async () => {
    const c = await customerWith(100);
    const first = await rent(c, { video_id: ids[0] }, 'rent-key-1');
    const second = await rent(c, { video_id: ids[0] }, 'rent-key-1');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(c)).toBe(75);
    expect((await rent(c, { video_id: ids[2] }, 'rent-key-1')).statusCode).toBe(422);
    await books();
  });

  it('with a short balance answers 402 with the shortfall, or with a phone one M-Pesa prompt for it; rented when M-Pesa confirms, and a retry sends no second prompt', async () => {
    const c = await customerWith(10);
    const short = await rent(c, { video_id: ids[0] });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ balance: 10, price: 25, shortfall: 15 });
    const res = await rent(c, { video_id: ids[0], phone_number: '0712 000 333' }, 'rent-mpesa');
    expect(res.statusCode, res.body).toBe(202);
    const pay = res.json<CheckoutPayment>();
    expect(pay).toMatchObject({ amount: 15, deposit: { state: 'pending', purchase: { state: 'pending', video_ids: [ids[0]] } } });
    const retry = await rent(c, { video_id: ids[0], phone_number: '0712 000 333' }, 'rent-mpesa');
    expect(retry.json<CheckoutPayment>().CheckoutRequestID).toBe(pay.CheckoutRequestID);
    expect(await db().select().from(deposits).where(eq(deposits.userId, c.id))).toHaveLength(1);
    expect(await rentalRow(c, ids[0]!)).toBeUndefined();

    expect((await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'pay' } })).statusCode).toBeLessThan(300);
    const status = async () => (await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: c.auth })).json<Deposit>();
    await vi.waitFor(async () => expect((await status()).state).not.toBe('pending'));
    expect(await status()).toMatchObject({ state: 'completed', balance: 0, purchase: { state: 'completed', video_ids: [ids[0]], detail: null } });
    expect(await rentalRow(c, ids[0]!)).toMatchObject({ pricePaid: 25, startedAt: null });
    expect(await balanceOf(c)).toBe(0);
    await books();
  });

  it('a cancelled M-Pesa prompt rents nothing and charges nothing', async () => {
    const c = await customerWith(0);
    const pay = (await rent(c, { video_id: ids[2], phone_number: '0712000444' })).json<CheckoutPayment>();
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'cancel' } });
    await vi.waitFor(async () => expect((await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: c.auth })).json<Deposit>().state).toBe('cancelled'));
    expect(await rentalRow(c, ids[2]!)).toBeUndefined();
    expect(await balanceOf(c)).toBe(0);
    await books();
  });

  it('takes one promo code off the rent, and gives the code back when the M-Pesa payment for the rest is cancelled', async () => {
    await db().insert(promoCodes).values({ code: `RENT${engine.toUpperCase()}`, percentOff: 40, kinds: ['rental'], maxRedemptions: 1 });
    const code = `rent${engine}`;
    const poor = await customerWith(0);
    const pay = (await rent(poor, { video_id: ids[2], promo_code: code, phone_number: '0712000555' })).json<CheckoutPayment>();
    expect(pay.amount).toBe(30); // 50 less 40%
    const used = async () => (await db().select().from(promoCodes).where(eq(promoCodes.code, `RENT${engine.toUpperCase()}`)))[0]!.timesRedeemed;
    expect(await used(), 'held while M-Pesa is open').toBe(1);
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'cancel' } });
    await vi.waitFor(async () => expect(await used()).toBe(0));

    const c = await customerWith(100);
    const res = await rent(c, { video_id: ids[2], promo_code: code });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<RentalResult>()).toMatchObject({ balance: 70, rental: { price_paid: 30 } });
    const [line] = await db().select().from(saleLines).where(and(eq(saleLines.userId, c.id), eq(saleLines.kind, 'rental')));
    expect(line).toMatchObject({ listPrice: 50, amount: 30 });
    const refused = await rent(await customerWith(100), { video_id: ids[0], promo_code: code });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['promo_code']);
    await books();
  });

  it('starts the clock at the first fetch of its media, not when the page is opened: it then ends rental_hours later', async () => {
    const c = await customerWith(100);
    expect((await rent(c, { video_id: ids[1] })).statusCode).toBe(201);
    const page = await details(c, ids[1]!);
    expect(page).toMatchObject({ owned: false, rent_price: 20, rental_hours: 48, rental: { video_id: ids[1], started_at: null } });
    expect(page.media!.stream).toMatch(/master\.m3u8\?/);
    await details(c, ids[1]!);
    expect((await rentalRow(c, ids[1]!))!.startedAt, 'opening the page twice does not start it').toBeNull();

    const master = await t.app.inject({ url: page.media!.stream! });
    expect(master.statusCode).toBe(200);
    const row = (await rentalRow(c, ids[1]!))!;
    expect(row.startedAt).not.toBeNull();
    expect(row.expiresAt.getTime() - row.startedAt!.getTime()).toBe(48 * HOUR);
    // Later fetches do not move it.
    const rung = master.body.split('\n').find((l) => l.startsWith('/media/'))!;
    expect((await t.app.inject({ url: rung })).statusCode).toBe(200);
    expect((await rentalRow(c, ids[1]!))!.startedAt).toEqual(row.startedAt);
    expect((await details(c, ids[1]!)).rental).toMatchObject({ started_at: row.startedAt!.toISOString(), expires_at: row.expiresAt.toISOString() });
  });

  it('does not start the clock when the renter reads the subtitles, only when a playlist or a segment is fetched', async () => {
    const privateDir = mediaPaths(path.join(t.config.dataDir, 'media')).private;
    await fs.mkdir(path.join(privateDir, 'extras', String(ids[1])), { recursive: true });
    await fs.writeFile(path.join(privateDir, 'extras', String(ids[1]), 'subs-sw.vtt'), 'WEBVTT\n');
    await db().insert(videoFiles).values({ videoId: ids[1]!, name: 'Manukuu.vtt', path: `extras/${ids[1]}/subs-sw.vtt`, size: 7 });
    const c = await customerWith(100);
    expect((await rent(c, { video_id: ids[1] })).statusCode).toBe(201);
    const page = await details(c, ids[1]!);
    const subtitles = page.additional_files.find((f) => f.file?.includes('subs-sw.vtt'))!.file!;
    const read = await t.app.inject({ url: subtitles });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).toBe('WEBVTT\n');
    expect((await rentalRow(c, ids[1]!))!.startedAt, 'reading the subtitles does not start it').toBeNull();
    // A segment alone (a saved copy resuming offline) starts it.
    const segment = new URL(page.media!.stream!, 'http://x').pathname.replace('master.m3u8', '240p/seg-0000.m4s');
    expect((await t.app.inject({ url: signMediaPath(t.config.media.secret, segment, { userId: c.id, expires: Math.floor(Date.now() / 1000) + 600 }) })).statusCode).toBe(200);
    expect((await rentalRow(c, ids[1]!))!.startedAt).not.toBeNull();
  });

  it('never gives a renter the download file, and ends media access at the rental’s end', async () => {
    const c = await customerWith(100);
    expect((await rent(c, { video_id: ids[1] })).statusCode).toBe(201);
    const page = await details(c, ids[1]!);
    expect(page.video).toBeNull();
    expect(page.media).toMatchObject({ download: null, download_name: null });
    const stream = page.media!.stream!;
    expect((await t.app.inject({ url: stream })).statusCode).toBe(200);
    // Signed for the renter, the download is still refused; the same address plays for an owner.
    const signFor = (userId: number) => signMediaPath(t.config.media.secret, new URL(stream, 'http://x').pathname.replace('master.m3u8', 'download.mp4'), { userId, expires: Math.floor(Date.now() / 1000) + 600 });
    const refused = await t.app.inject({ url: signFor(c.id) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ detail: string }>().detail).toMatch(/not downloaded/);
    const owner = await customerWith(100);
    expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: owner.auth, payload: { video_id: ids[1] } })).statusCode).toBe(201);
    expect((await t.app.inject({ url: signFor(owner.id) })).statusCode).toBe(200);
    // The signed stream addresses expire no later than the rental does.
    const expires = Number(new URL(stream, 'http://x').searchParams.get('e'));
    expect(expires * 1000).toBeLessThanOrEqual((await rentalRow(c, ids[1]!))!.expiresAt.getTime());

    await db().update(rentals).set({ expiresAt: new Date(Date.now() - 1000) }).where(and(eq(rentals.userId, c.id), eq(rentals.videoId, ids[1]!)));
    await vi.waitFor(async () => expect((await t.app.inject({ url: stream })).statusCode).toBe(403));
    const after = await details(c, ids[1]!);
    expect(after).toMatchObject({ owned: false, rental: null });
    expect(after.media).toBeUndefined();
  });

  it('signs the segments of a rental’s first playlist to end with the rental, not with the page’s address', async () => {
    const c = await customerWith(100);
    expect((await rent(c, { video_id: ids[1] })).statusCode).toBe(201);
    await db().update(rentals).set({ hours: 1 }).where(and(eq(rentals.userId, c.id), eq(rentals.videoId, ids[1]!)));
    const stream = (await details(c, ids[1]!)).media!.stream!;
    const master = await t.app.inject({ url: stream });
    const rung = master.body.split('\n').find((l) => l.startsWith('/media/'))!;
    const ends = (await rentalRow(c, ids[1]!))!.expiresAt.getTime();
    expect(ends - Date.now()).toBeLessThanOrEqual(HOUR);
    expect(Number(new URL(rung, 'http://x').searchParams.get('e')) * 1000).toBeLessThanOrEqual(ends);
  });

  it('tells an owner from a renter, and a renter from a stranger, for the media rule', async () => {
    const buyer = await customerWith(1000);
    for (const id of [ids[4], ids[5], ids[1]]) expect((await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: buyer.auth, payload: { video_id: id } })).statusCode).toBe(201);
    const renter = await customerWith(100);
    expect((await rent(renter, { video_id: ids[1] })).statusCode).toBe(201);
    expect(await mediaRight(db(), buyer.id, ids[1]!)).toEqual({ owner: true });
    expect(await mediaRight(db(), renter.id, ids[1]!)).toMatchObject({ owner: false, started: false, until: expect.any(Date) });
    expect(await mediaRight(db(), (await customerWith(0)).id, ids[1]!)).toBeNull();
  });

  it('does not keep a cached "yes" for a rental past its end, even with no notice from the database', async () => {
    const c = await customerWith(100);
    expect((await rent(c, { video_id: ids[1] })).statusCode).toBe(201);
    const stream = (await details(c, ids[1]!)).media!.stream!;
    expect((await t.app.inject({ url: stream })).statusCode).toBe(200); // starts the clock
    // Ends in 1.5 s: this change's notice clears the cache before the next fetch remembers the "yes".
    await db().update(rentals).set({ expiresAt: new Date(Date.now() + 1500) }).where(and(eq(rentals.userId, c.id), eq(rentals.videoId, ids[1]!)));
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.app.inject({ url: stream })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expect((await t.app.inject({ url: stream })).statusCode).toBe(403);
  });

  it('rent, then own: buying within 7 days of a rental costs the price less the rent, its sale line at that amount', async () => {
    const c = await customerWith(200);
    expect((await rent(c, { video_id: ids[0] })).statusCode).toBe(201);
    expect((await details(c, ids[0]!)).price_for_you).toBe(75);
    // Ended 6 days ago: still counts.
    await db().update(rentals).set({ expiresAt: new Date(Date.now() - 6 * DAY) }).where(eq(rentals.userId, c.id));
    expect((await details(c, ids[0]!)).price_for_you).toBe(75);
    const bought = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: { ...c.auth, 'idempotency-key': 'own-1' }, payload: { video_id: ids[0] } });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ total: 75, balance: 200 - 25 - 75, purchases: [{ video_id: ids[0], price: 75 }] });
    const again = await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: { ...c.auth, 'idempotency-key': 'own-1' }, payload: { video_id: ids[0] } });
    expect(again.json()).toEqual(bought.json());
    const [p] = await db().select().from(purchases).where(eq(purchases.userId, c.id));
    const [line] = await db().select().from(saleLines).where(eq(saleLines.id, p!.saleLineId!));
    expect(line).toMatchObject({ kind: 'purchase', listPrice: 100, amount: 75 });
    expect((await details(c, ids[0]!)).owned).toBe(true);
    await books();

    // With too little on the balance, M-Pesa is asked for the rest of price_for_you only, and the purchase made when it pays.
    const m = await customerWith(25);
    expect((await rent(m, { video_id: ids[0] })).statusCode).toBe(201);
    const pay = (await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: m.auth, payload: { video_id: ids[0], phone_number: '0712000666' } })).json<CheckoutPayment>();
    expect(pay.amount).toBe(75);
    await t.app.inject({ method: 'POST', url: `/mpesa-sim/prompts/${pay.CheckoutRequestID}`, payload: { action: 'pay' } });
    await vi.waitFor(async () => expect((await t.app.inject({ url: `/api/deposit/${pay.CheckoutRequestID}/`, headers: m.auth })).json<Deposit>().purchase?.state).toBe('completed'));
    expect((await db().select().from(purchases).where(eq(purchases.userId, m.id)))[0]).toMatchObject({ videoId: ids[0], price: 75 });
    expect(await balanceOf(m)).toBe(0);
    await books();

    // Ended 8 days ago: the full price.
    const d = await customerWith(200);
    expect((await rent(d, { video_id: ids[0] })).statusCode).toBe(201);
    await db().update(rentals).set({ expiresAt: new Date(Date.now() - 8 * DAY) }).where(eq(rentals.userId, d.id));
    expect((await details(d, ids[0]!)).price_for_you).toBe(100);
  });

  it('rent, then own holds in a cart checkout and in a bundle: the rent comes off the rented video\'s line, as the pages said', async () => {
    // A cart of two videos, one rented: the rented one costs its price less its rent.
    const c = await customerWith(300);
    expect((await rent(c, { video_id: ids[0] })).statusCode).toBe(201);
    const cart = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: [ids[0], ids[1]] } });
    expect(cart.statusCode, cart.body).toBe(201);
    expect(cart.json()).toMatchObject({ total: 75 + 70, balance: 300 - 25 - 75 - 70 });
    const cartLines = await db().select().from(saleLines).where(and(eq(saleLines.userId, c.id), eq(saleLines.kind, 'purchase')));
    expect(cartLines.map((l) => [l.videoId, l.listPrice, l.amount]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [ids[0], 100, 75],
      [ids[1], 70, 70],
    ]);

    // The season pass (200 + 250 listed, 360: shares 160 and 200) after renting season 1 for 50.
    const b = await customerWith(500);
    expect((await rent(b, { video_id: ids[2] })).statusCode).toBe(201);
    const pass = (await t.app.inject({ url: '/api/bundles/', headers: b.auth })).json<Page<{ id: number; kind: string; price_for_you?: number }>>().results.find((x) => x.kind === 'all_seasons')!;
    expect(pass.price_for_you).toBe(360 - 50);
    const bought = await t.app.inject({ method: 'POST', url: `/api/bundles/${pass.id}/buy/`, headers: b.auth, payload: {} });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json()).toMatchObject({ total: 310, balance: 500 - 50 - 310, purchases: [{ video_id: ids[2], price: 110 }, { video_id: ids[3], price: 200 }] });
    const bundleLines = await db().select().from(saleLines).where(and(eq(saleLines.userId, b.id), eq(saleLines.kind, 'bundle')));
    expect(bundleLines.map((l) => [l.videoId, l.listPrice, l.amount]).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [ids[2], 200, 110],
      [ids[3], 250, 200],
    ]);
    await books();
  });
});
