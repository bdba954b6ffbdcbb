import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import { djs, genres, profiles, users, videos } from '../src/db/schema.ts';
import { ledgerMismatches, postLedgerEntry } from '../src/modules/wallet/wallet.ts';
import { adminQuery } from './helpers/admin-sql.ts';
import { newTestDatabaseName, templateDatabase, testDatabaseUrl, withDatabase } from './helpers/engines.ts';
import { type Running, startServer } from './helpers/server-process.ts';

const url = testDatabaseUrl();
const json = { 'content-type': 'application/json' };

// Two processes can share only a PostgreSQL server: vitest.config.ts runs this file only with TEST_DATABASE_URL,
// which CI always sets (engines.ts fails CI without it).
describe('purchases through two server processes on one PostgreSQL', () => {
  const servers: Running[] = [];
  const name = newTestDatabaseName();
  let dataDir = '';
  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await adminQuery(url!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('gives exactly 5 purchases out of 200 split between them when the balance covers 5', async () => {
    await adminQuery(url!, `CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`);
    const dbUrl = withDatabase(url!, name);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-two-'));
    const env = { DATABASE_URL: dbUrl, DEMO_DATA: 'false' };
    servers.push(await startServer(path.join(dataDir, 'a'), 30_000, { env }), await startServer(path.join(dataDir, 'b'), 30_000, { env }));
    const [a, b] = servers as [Running, Running];

    const user = { username: 'njeri', email: 'njeri@example.co.ke', password: 'jacaranda-evening-42' };
    expect((await fetch(`${a.base}/api/register/`, { method: 'POST', headers: json, body: JSON.stringify({ ...user, password1: user.password, password2: user.password }) })).status).toBe(201);
    const token = async (s: Running) => ((await (await fetch(`${s.base}/api/login/`, { method: 'POST', headers: json, body: JSON.stringify(user) })).json()) as { tokens: { access: string } }).tokens.access;
    const tokens = [await token(a), await token(b)];

    const handle = await openDatabase({ url: dbUrl, poolSize: 2 });
    const db = handle.db;
    const [u] = await db.select().from(users).where(eq(users.email, user.email));
    await db.transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: u!.id, kind: 'adjustment', amount: 5 * 30 + 29, reference: 'two-process-top-up' }));
    const [dj] = await db.insert(djs).values({ djName: 'Zamu' }).returning();
    const [genre] = await db.insert(genres).values({ title: 'Action' }).returning();
    const many = await db
      .insert(videos)
      .values(Array.from({ length: 200 }, (_, i) => ({ title: `Burst ${i}`, djId: dj!.id, genreId: genre!.id, cartegory: 'movie', type: 'dj_zamu', price: 30, videoPath: `renditions/burst-${i}` })))
      .returning({ id: videos.id });

    const statuses = await Promise.all(
      many.map(async (v, i) => {
        const s = servers[i % 2]!;
        const res = await fetch(`${s.base}/api/purchased/`, { method: 'POST', headers: { ...json, authorization: `Bearer ${tokens[i % 2]}` }, body: JSON.stringify({ video_id: v.id }) });
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 402)).toHaveLength(195);
    expect((await db.select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, u!.id)))[0]!.b).toBe(29);
    expect(await ledgerMismatches(db)).toEqual([]);
    await handle.close();
  }, 120_000);
});
