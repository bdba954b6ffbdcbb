import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appMeta, djs, genres, notifications, people, profiles, users, videos } from '../db/schema.ts';
import { hashPassword } from '../modules/accounts/index.ts';
import { storeImage, type MediaStore } from '../modules/media/index.ts';
import { ledger } from '../modules/wallet/index.ts';
import { portraitSvg, posterSvg } from './art.ts';
import { addDemoMedia } from './media.ts';
import { addDemoPromoCodes } from './promo-codes.ts';
import { addDemoBundles } from './bundles.ts';
import { addDemoPasses } from './passes.ts';
import { addDemoCustomerHistory, addDemoSales, demoLibrary } from './sales.ts';
import {
  DEMO_ANIME,
  DEMO_DJS,
  DEMO_GENRES,
  DEMO_GUIDES,
  DEMO_MOVIES,
  DEMO_NOTIFICATIONS,
  DEMO_PEOPLE,
  DEMO_SERIES,
  type DemoTitle,
  synopsisFor,
  synopsisSwFor,
} from './catalogue.ts';

const SEEDED_KEY = 'demo_seeded_at';
export const DEMO_OPENING_BALANCE = 1000;

/** The demo store's accounts: staff, a customer, and DJ Zamu's own login; printed at start-up, never created in production. */
export const DEMO_ACCOUNTS = [
  { username: 'staff', email: 'staff@demo.videostore.co.ke', password: 'demo-staff-kilimanjaro', isStaff: true },
  { username: 'wanjiku', email: 'customer@demo.videostore.co.ke', password: 'demo-customer-nairobi', isStaff: false },
  { username: 'zamu', email: 'dj@demo.videostore.co.ke', password: 'demo-dj-zamu-mombasa', isStaff: false, dj: 'Zamu' },
] as const;

/** Each demo DJ's revenue share and M-Pesa payout phone (CONTRACT §12), so the month of trade shows on statements. */
const DEMO_DJ_TERMS: Record<(typeof DEMO_DJS)[number], { revenueSharePercent: number; payoutPhone: string }> = {
  Zamu: { revenueSharePercent: 40, payoutPhone: '254708374149' },
  Kibe: { revenueSharePercent: 35, payoutPhone: '254711223344' },
  Nyota: { revenueSharePercent: 30, payoutPhone: '254722334455' },
  Simba: { revenueSharePercent: 45, payoutPhone: '254733445566' },
};
const DAY = 24 * 3600 * 1000;

/** A small deterministic generator, so every fresh demo store looks the same. */
export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PlannedVideo {
  title: string;
  season: string | null;
  dj: string;
  genre: string;
  cartegory: 'movie' | 'series' | 'anime' | 'guide';
  price: number;
  synopsis: string;
  synopsisSw: string;
  purchaseTimes: number;
  dateUploaded: Date;
  suggest: boolean;
  popular: boolean;
  rating: DemoTitle['rating'];
}

const PRICES = { movie: [50, 70, 100], series: [150, 200, 250], anime: [80, 100, 120], guide: [30, 50] } as const;

/** A quarter of the price to the nearest 5 shillings (at least 10); one video in seven is not for rent. */
export const demoRentPrice = (price: number, index: number): number | null => (index % 7 === 6 ? null : Math.max(10, Math.round(price / 20) * 5));

export function planDemoVideos(now = Date.now()): PlannedVideo[] {
  const rand = mulberry32(2025);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const planned: PlannedVideo[] = [];
  const add = (t: DemoTitle, cartegory: PlannedVideo['cartegory'], season: number | null) => {
    const dj = DEMO_DJS[planned.length % DEMO_DJS.length]!;
    const n = planned.length;
    planned.push({
      title: t.title,
      season: season === null ? null : `Season ${season}`,
      dj,
      genre: t.genre,
      cartegory,
      price: pick(PRICES[cartegory]),
      synopsis: synopsisFor(t.title, t.genre, dj, n),
      synopsisSw: synopsisSwFor(t.title, t.genre, dj, n),
      purchaseTimes: Math.floor(rand() ** 2 * 900),
      // Spread over the last ten months; later entries of the same series are newer.
      dateUploaded: new Date(now - Math.floor(rand() * 300 * DAY) + (season ?? 0) * 20 * DAY),
      suggest: rand() < 0.3,
      popular: rand() < 0.3,
      rating: t.rating,
    });
  };
  for (const t of DEMO_MOVIES) add(t, 'movie', null);
  for (const t of DEMO_SERIES) for (let s = 1; s <= (t.seasons ?? 1); s++) add(t, 'series', s);
  for (const t of DEMO_ANIME) add(t, 'anime', null);
  for (const t of DEMO_GUIDES) add(t, 'guide', null);
  for (const v of planned) if (v.dateUploaded.getTime() > now) v.dateUploaded = new Date(now - Math.floor(rand() * DAY));
  return planned;
}

/** Runs `fn` over `items` with at most `limit` at a time (image rendering is CPU-bound). */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Creates the demo store on an empty catalogue (CONTRACT §2) and answers what it made, or null when
 * the store already has a catalogue. Pictures are written first (content-addressed, so harmless to
 * repeat); every row goes in one transaction, so an interrupted start leaves no half-made store.
 */
export async function seedDemoStore(db: Database, mediaDir: MediaStore | string, opts: { demoClips: number; withholdingPercent?: number } = { demoClips: Number.POSITIVE_INFINITY }): Promise<{ videos: number } | null> {
  const [existing] = await db.select({ n: count() }).from(videos);
  const [marker] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (marker || (existing?.n ?? 0) > 0) return null;

  const planned = planDemoVideos();
  const posterKeys = await mapLimit(planned, 4, (v) =>
    storeImage(mediaDir, 'posters', posterSvg(v.title, `DJ ${v.dj}`, v.season ?? v.cartegory)),
  );
  const portraitKeys = await mapLimit(DEMO_PEOPLE, 4, (p) => storeImage(mediaDir, 'portraits', portraitSvg(p.fullName)));
  const accountHashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  const unusableHash = await hashPassword(randomBytes(24).toString('base64url'));

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return null; // another process seeded first

    const djRows = await tx
      .insert(djs)
      .values(DEMO_DJS.map((djName) => ({ djName, ...DEMO_DJ_TERMS[djName] })))
      .returning();
    const genreRows = await tx
      .insert(genres)
      .values(DEMO_GENRES.map((title) => ({ title })))
      .returning();
    const djId = new Map(djRows.map((d) => [d.djName, d.id]));
    const genreId = new Map(genreRows.map((g) => [g.title, g.id]));

    const videoRows = await tx.insert(videos).values(
      planned.map((v, i) => ({
        title: v.title,
        season: v.season,
        djId: djId.get(v.dj)!,
        genreId: genreId.get(v.genre)!,
        cartegory: v.cartegory,
        type: `dj_${v.dj.toLowerCase()}`,
        price: v.price,
        // Rentals (CONTRACT §2, §11): most videos rent for about a quarter of the price, 48 hours.
        rentPrice: demoRentPrice(v.price, i),
        rentalHours: 48,
        synopsis: v.synopsis,
        synopsisSw: v.synopsisSw,
        posterKey: posterKeys[i]!,
        purchaseTimes: v.purchaseTimes,
        dateUploaded: v.dateUploaded,
        suggest: v.suggest,
        popular: v.popular,
        rating: v.rating,
      })),
    ).returning({ id: videos.id, title: videos.title, season: videos.season, cartegory: videos.cartegory, dateUploaded: videos.dateUploaded, type: videos.type, price: videos.price });
    const library = demoLibrary(videoRows, opts.demoClips);
    await addDemoMedia(
      tx as unknown as Database,
      mediaDir,
      videoRows,
      opts.demoClips,
      library.map((v) => v.id),
    );
    await tx.insert(people).values(DEMO_PEOPLE.map((p, i) => ({ ...p, imageKey: portraitKeys[i]!, sortOrder: i })));
    const now = Date.now();
    await tx
      .insert(notifications)
      .values(DEMO_NOTIFICATIONS.map((n, i) => ({ ...n, dateNotified: new Date(now - i * 3 * DAY) })));
    // The month of trade before the demo accounts, so the tables' ids follow time.
    await addDemoSales(tx as unknown as Database, videoRows, unusableHash, mulberry32(2026));
    // DJs paid a week ago what they had earned by then, so statements show a payout and what is owed since.
    await ledger.recordDemoPayouts(tx as unknown as Database, new Date(Date.now() - 7 * DAY), opts.withholdingPercent ?? 5);
    for (const [i, a] of DEMO_ACCOUNTS.entries()) {
      const dj = 'dj' in a ? djId.get(a.dj)! : null;
      const [user] = await tx.insert(users).values({ username: a.username, email: a.email, passwordHash: accountHashes[i]!, isStaff: a.isStaff, djId: dj }).returning();
      await tx.insert(profiles).values({ userId: user!.id, city: 'Nairobi', phoneNumber: '254712345678' });
      // The demo customer has money to spend and a library, each change of the balance in the ledger.
      if (!a.isStaff && !dj) await addDemoCustomerHistory(tx as unknown as Database, { userId: user!.id, phone: '254712345678', opening: DEMO_OPENING_BALANCE, library });
    }
    await addDemoPromoCodes(tx as unknown as Database);
    await addDemoBundles(tx as unknown as Database);
    await addDemoPasses(tx as unknown as Database);
    return { videos: planned.length };
  });
}
