import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq, sql } from 'drizzle-orm';
import { deposits, djs, genres, ledgerEntries, mediaJobs, notifications, people, profiles, promoCodes, purchases, users, videos } from '../db/schema.ts';
import { ledgerMismatches, saleLineMismatches, owedTo } from '../modules/wallet/index.ts';
import { engines } from '../../test/helpers/engines.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-db.ts';
import { seedDemoStore } from './seed.ts';

describe('demo store', () => {
  let mediaDir: string;
  beforeAll(async () => {
    mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-demo-'));
  });
  afterAll(() => fs.rm(mediaDir, { recursive: true, force: true }));

  describe.each(engines())('on %s', (engine) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(engine);
    });
    afterAll(() => database.destroy());

    it('creates the catalogue of CONTRACT §2 with a poster for every video', async () => {
      const db = database.db;
      expect(await seedDemoStore(db, mediaDir)).toEqual({ videos: expect.any(Number) });
      const n = async (table: typeof djs | typeof genres | typeof videos | typeof people | typeof notifications) =>
        (await db.select({ n: count() }).from(table))[0]!.n;
      expect(await n(djs)).toBe(4);
      expect(await n(genres)).toBeGreaterThanOrEqual(10);
      expect(await n(videos)).toBeGreaterThanOrEqual(60);
      expect(await n(people)).toBeGreaterThanOrEqual(2);
      expect(await n(notifications)).toBeGreaterThan(0);

      const byCategory = await db
        .select({ c: videos.cartegory, n: count(), suggested: sql<number>`sum(case when ${videos.suggest} then 1 else 0 end)::int`, popular: sql<number>`sum(case when ${videos.popular} then 1 else 0 end)::int` })
        .from(videos)
        .groupBy(videos.cartegory);
      expect(byCategory.map((r) => r.c).sort()).toEqual(['anime', 'guide', 'movie', 'series']);
      expect(byCategory.reduce((s, r) => s + r.suggested, 0)).toBeGreaterThan(5);
      expect(byCategory.reduce((s, r) => s + r.popular, 0)).toBeGreaterThan(5);

      const seasons = await db.selectDistinct({ s: videos.season }).from(videos).where(sql`${videos.season} is not null`);
      expect(seasons.length).toBeGreaterThanOrEqual(2);
      const counters = await db.selectDistinct({ p: videos.purchaseTimes }).from(videos);
      expect(counters.length).toBeGreaterThan(20);

      const accounts = await db.select({ email: users.email, isStaff: users.isStaff }).from(users);
      expect(accounts).toEqual(expect.arrayContaining([{ email: 'staff@demo.videostore.co.ke', isStaff: true }, { email: 'customer@demo.videostore.co.ke', isStaff: false }]));

      const [customer] = await db.select({ balance: profiles.account }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(eq(users.email, 'customer@demo.videostore.co.ke'));
      expect(customer!.balance).toBe(1000);
      // The promo codes printed at start (CONTRACT §2): one for a first purchase, one the demo customer can try.
      const codes = await db.select({ code: promoCodes.code, first: promoCodes.firstPurchaseOnly, active: promoCodes.active }).from(promoCodes).orderBy(promoCodes.code);
      expect(codes).toEqual([
        { code: 'KARIBU20', first: true, active: true },
        { code: 'SIKUKUU50', first: false, active: true },
      ]);
      expect(await ledgerMismatches(db)).toEqual([]);
      expect(await saleLineMismatches(db), 'every demo sale has its lines').toEqual([]);
      const unlined = (await db.execute(sql`SELECT count(*)::int AS n FROM purchases WHERE sale_line_id IS NULL`)) as unknown as { rows: { n: number }[] };
      expect(unlined.rows, 'every demo purchase has its line').toEqual([{ n: 0 }]);

      // DJs with revenue shares and payout phones, paid a week ago, and Zamu's own login (CONTRACT §2, §12).
      const terms = await db.select({ share: djs.revenueSharePercent, phone: djs.payoutPhone }).from(djs);
      expect(terms.every((d) => d.share > 0 && /^254\d{9}$/.test(d.phone ?? ''))).toBe(true);
      const djPayouts = (await db.execute(sql`SELECT count(*)::int AS n FROM payouts WHERE purpose = 'dj' AND state = 'completed'`)) as unknown as { rows: { n: number }[] };
      expect(djPayouts.rows[0]!.n).toBeGreaterThan(0);
      const [zamu] = await db.select({ djId: users.djId, isStaff: users.isStaff }).from(users).where(eq(users.email, 'dj@demo.videostore.co.ke'));
      expect(zamu).toEqual({ djId: expect.any(Number), isStaff: false });
      for (const dj of await db.select({ id: djs.id }).from(djs)) expect(await owedTo(db, dj.id, 5), 'never paid more than earned').toBeGreaterThanOrEqual(0);

      // A month of trade for the dashboard: deposits and purchases on many of the last 30 days,
      // no video bought before it was added, and no demo buyer able to sign in.
      const sales = (await db.execute(sql`
        SELECT count(DISTINCT p.created_at::date)::int AS days, count(*)::int AS n,
          count(*) FILTER (WHERE p.created_at < v.date_uploaded)::int AS before_upload,
          count(*) FILTER (WHERE p.created_at < now() - interval '30 days')::int AS too_old
        FROM purchases p JOIN videos v ON v.id = p.video_id`)) as unknown as { rows: { days: number; n: number; before_upload: number; too_old: number }[] };
      expect(sales.rows[0]).toMatchObject({ before_upload: 0, too_old: 0 });
      expect(Number(sales.rows[0]!.n)).toBeGreaterThan(40);
      expect(Number(sales.rows[0]!.days)).toBeGreaterThan(10);
      // Each demo purchase's ledger note names its video as buy_videos names what it sells.
      const notes = (await db.execute(sql`
        SELECT l.note, v.title || coalesce(' (' || v.season || ')', '') AS named
        FROM ledger_entries l JOIN purchases p ON l.reference = 'demo-purchase-' || p.user_id || '-' || p.video_id JOIN videos v ON v.id = p.video_id
        WHERE l.kind = 'purchase'`)) as unknown as { rows: { note: string; named: string }[] };
      expect(notes.rows.length).toBe(Number(sales.rows[0]!.n));
      expect(notes.rows.filter((r) => r.note !== r.named)).toEqual([]);
      const paid = await db.select({ n: count() }).from(deposits).where(eq(deposits.state, 'completed'));
      expect(paid[0]!.n).toBeGreaterThanOrEqual(40);

      const keys = await db.select({ k: videos.posterKey }).from(videos);
      for (const { k } of keys) await expect(fs.access(path.join(mediaDir, 'posters', `${k}-480.webp`))).resolves.toBeUndefined();
    });

    it('gives the demo customer a library that plays, paid through the ledger, and every change of the balance in their history', async () => {
      const fresh = await createTestDatabase(engine);
      try {
        const db = fresh.db;
        // As the journeys start it: clips for the 3 newest videos only.
        await seedDemoStore(db, mediaDir, { demoClips: 3 });
        const [customer] = await db.select({ id: users.id, balance: profiles.account }).from(users).innerJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.email, 'customer@demo.videostore.co.ke'));
        const owned = await db.select({ videoId: purchases.videoId, price: purchases.price }).from(purchases).where(eq(purchases.userId, customer!.id));
        expect(owned).toHaveLength(3);
        // Each owned video gets a clip (its own job, or a copy of a shared one), beside the 3 newest
        // that the store sells first and that other customers' journeys buy.
        const jobs = await db.select({ videoId: mediaJobs.videoId, payload: mediaJobs.payload }).from(mediaJobs).where(eq(mediaJobs.kind, 'transcode'));
        const playable = jobs.flatMap((j) => [j.videoId, ...((j.payload as { sharedWith?: number[] } | null)?.sharedWith ?? [])]);
        const newest = (await db.select({ id: videos.id }).from(videos).orderBy(desc(videos.dateUploaded)).limit(3)).map((v) => v.id);
        expect(playable.sort()).toEqual([...newest, ...owned.map((o) => o.videoId)].sort());
        expect(owned.some((o) => newest.includes(o.videoId))).toBe(false);
        // The opening balance (an adjustment), an M-Pesa deposit, the purchases: the balance is still Ksh 1,000.
        const history = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, customer!.id)).orderBy(ledgerEntries.createdAt, ledgerEntries.id);
        expect(history.map((e) => e.kind)).toEqual(['adjustment', 'deposit', 'purchase', 'purchase', 'purchase']);
        expect(history[1]!.amount).toBe(owned.reduce((s, o) => s + o.price, 0));
        let running = 0;
        for (const e of history) expect(e.balanceAfter).toBe((running += e.amount));
        expect(customer!.balance).toBe(1000);
        expect(await ledgerMismatches(db)).toEqual([]);
      } finally {
        await fresh.destroy();
      }
    });

    it('writes what staff would write in Kiswahili too: every synopsis, the notices and the About page', async () => {
      const db = database.db;
      const all = await db.select({ synopsis: videos.synopsis, synopsisSw: videos.synopsisSw }).from(videos);
      for (const v of all) {
        expect(v.synopsisSw).toBeTruthy();
        expect(v.synopsisSw).not.toBe(v.synopsis);
      }
      expect(all.some((v) => /kwa sauti (maarufu )?ya DJ/.test(v.synopsisSw!))).toBe(true);
      for (const n of await db.select().from(notifications)) expect(n.messageSw).toMatch(/\S/);
      for (const p of await db.select().from(people)) {
        expect(p.titleSw).toMatch(/\S/);
        expect(p.messageSw).not.toBe(p.message);
      }
    });

    it('adds nothing when it runs again', async () => {
      const before = (await database.db.select({ n: count() }).from(videos))[0]!.n;
      expect(await seedDemoStore(database.db, mediaDir)).toBeNull();
      expect((await database.db.select({ n: count() }).from(videos))[0]!.n).toBe(before);
    });
  });
});
