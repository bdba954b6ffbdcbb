import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { deposits, djs, genres, notifications, people, profiles, users, videos } from '../db/schema.ts';
import { ledgerMismatches } from '../modules/wallet/wallet.ts';
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
      expect(await ledgerMismatches(db)).toEqual([]);

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

    it('adds nothing when it runs again', async () => {
      const before = (await database.db.select({ n: count() }).from(videos))[0]!.n;
      expect(await seedDemoStore(database.db, mediaDir)).toBeNull();
      expect((await database.db.select({ n: count() }).from(videos))[0]!.n).toBe(before);
    });
  });
});
