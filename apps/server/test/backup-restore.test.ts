/**
 * The restore drill (issue 31, docs/backup-and-restore.md): a store with a month of trade is backed
 * up with `npm run backup`, wiped, brought back with `npm run restore`, and compared row by row:
 * balances, ledger entries, sale lines, receipts, purchases, rentals and the media metadata; the
 * ledger checks are clean and the media files are the same. The CLIs run as child processes, the npm
 * scripts' own code path. On PGlite always; on PostgreSQL with TEST_DATABASE_URL, in a throw-away
 * database of this run.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { ledgerEntries, profiles, purchases, receipts, rentals, saleLines, videoFiles } from '../src/db/schema.ts';
import { seedDemoStore } from '../src/demo/seed.ts';
import { ledgerMismatches, payoutMismatches, saleLineMismatches } from '../src/modules/wallet/index.ts';
import { adminQuery } from './helpers/admin-sql.ts';
import { engines, newTestDatabaseName, templateDatabase, testDatabaseUrl, withDatabase, type Engine } from './helpers/engines.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

type Env = Record<string, string | undefined>;
const cli = (script: 'backup' | 'restore' | 'ledger-verify', args: string[], env: Env) => run(tsx, [`apps/server/src/cli/${script}.ts`, ...args], { cwd: root, env: env as NodeJS.ProcessEnv, maxBuffer: 1 << 24 });
/** A refused run: its exit code and what it said. */
async function refused(script: 'backup' | 'restore', args: string[], env: Env): Promise<{ code: number; stderr: string }> {
  try {
    await cli(script, args, env);
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
  throw new Error(`${script} ${args.join(' ')} was expected to refuse`);
}

/** Every row the money and ownership are made of, in id order. */
async function storeRows(handle: DatabaseHandle) {
  const db = handle.db;
  return {
    balances: await db.select({ userId: profiles.userId, account: profiles.account }).from(profiles).orderBy(asc(profiles.userId)),
    ledger: await db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id)),
    saleLines: await db.select().from(saleLines).orderBy(asc(saleLines.id)),
    receipts: await db.select().from(receipts).orderBy(asc(receipts.id)),
    purchases: await db.select().from(purchases).orderBy(asc(purchases.id)),
    rentals: await db.select().from(rentals).orderBy(asc(rentals.id)),
    videoFiles: await db.select().from(videoFiles).orderBy(asc(videoFiles.id)),
  };
}

async function mediaHashes(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256').update(await fs.readFile(file)).digest('hex');
  }
  return out;
}

async function expectLedgerClean(handle: DatabaseHandle) {
  expect(await ledgerMismatches(handle.db)).toEqual([]);
  expect(await saleLineMismatches(handle.db)).toEqual([]);
  expect(await payoutMismatches(handle.db)).toEqual([]);
}

/** The engine's store: where its database is, how to open it, and how to wipe it to nothing. */
interface EngineStore {
  env: Env;
  open(): Promise<DatabaseHandle>;
  wipe(): Promise<void>;
  destroy(): Promise<void>;
}

async function engineStore(engine: Engine, dataDir: string): Promise<EngineStore> {
  const base = { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (engine === 'pglite') {
    const dbDir = path.join(dataDir, 'db');
    return {
      env: base,
      open: () => openDatabase({ dataDir: dbDir }),
      wipe: () => fs.rm(dbDir, { recursive: true, force: true }),
      destroy: async () => undefined,
    };
  }
  const server = testDatabaseUrl()!;
  const name = newTestDatabaseName();
  await adminQuery(server, `CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`);
  const url = withDatabase(server, name);
  return {
    env: { ...base, DATABASE_URL: url },
    open: () => openDatabase({ url, poolSize: 2 }),
    // An empty database of the same name, as a new server would have: no tables, no migrations.
    wipe: async () => {
      await adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await adminQuery(server, `CREATE DATABASE "${name}"`);
    },
    destroy: () => adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => undefined),
  };
}

describe.each(engines())('npm run backup and npm run restore on %s', (engine) => {
  const dirs: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
    await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
  });

  it('backs up a store with a month of trade, wipes it, restores it and finds every row and file as it was', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-backup-'));
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'store-backups-'));
    dirs.push(dataDir, elsewhere);
    const store = await engineStore(engine, dataDir);
    cleanups.push(store.destroy);
    const mediaDir = path.join(dataDir, 'media');

    let handle = await store.open();
    await migrateDatabase(handle);
    await seedDemoStore(handle.db, mediaDir, { demoClips: 0 });
    const before = await storeRows(handle);
    expect(before.balances.some((b) => b.account > 0)).toBe(true);
    expect(before.ledger.length).toBeGreaterThan(20);
    expect(before.purchases.length).toBeGreaterThan(10);
    expect(before.receipts.length).toBeGreaterThan(10);
    expect(before.videoFiles.length).toBeGreaterThan(0);
    await expectLedgerClean(handle);
    // A rendition shared by hard links (as the demo's clips are under every demo video) stays one file.
    const firstFile = Object.keys(await mediaHashes(mediaDir))[0]!;
    await fs.link(path.join(mediaDir, firstFile), path.join(mediaDir, 'shared-link'));
    const mediaBefore = await mediaHashes(mediaDir);
    expect(Object.keys(mediaBefore).length).toBeGreaterThan(10);

    const folder = path.join(elsewhere, 'nightly');
    if (engine === 'pglite') {
      // PGlite is one process's database: with the store's database open here, the backup refuses.
      const live = await refused('backup', ['--to', folder], store.env);
      expect(live.code).toBe(1);
      expect(live.stderr).toContain(`A store is running on the embedded database in ${path.join(dataDir, 'db')}: process ${process.pid}`);
      expect(live.stderr).toContain('Stop the store (npm start) and the worker (npm run worker) first');
      await expect(fs.access(folder)).rejects.toThrow();
      await handle.close();
    }
    // On PostgreSQL the store may keep its connections open: pg_dump reads one snapshot.
    const made = await cli('backup', ['--to', folder], store.env);
    expect(made.stdout).toContain(`to ${folder}:`);
    expect(made.stdout).toContain(`${before.receipts.length} receipts`);
    if (engine === 'postgres') await handle.close();

    const manifest = JSON.parse(await fs.readFile(path.join(folder, 'manifest.json'), 'utf8')) as { engine: string; files: { name: string; sha256: string }[]; store: { migrations: number }; summary: Record<string, number>; media: { storage: string } };
    expect(manifest.engine).toBe(engine);
    expect(manifest.media.storage).toBe('disk');
    expect(manifest.store.migrations).toBeGreaterThan(25);
    expect(manifest.summary).toMatchObject({ ledger_entries: before.ledger.length, purchases: before.purchases.length, receipts: before.receipts.length });
    expect(manifest.files.map((f) => f.name)).toContain(engine === 'pglite' ? 'database.tar.gz' : 'database.dump');
    expect(manifest.files.filter((f) => f.name.startsWith('media/')).length).toBe(Object.keys(mediaBefore).length);

    // Over a store that has data, only with --force; nothing is touched before it.
    const over = await refused('restore', ['--from', folder], store.env);
    expect(over.stderr).toContain('This store already has data');
    expect(over.stderr).toContain('--force');

    // A damaged copy and a copy of the other engine are refused before anything is touched.
    const damaged = path.join(elsewhere, 'damaged');
    await fs.cp(folder, damaged, { recursive: true });
    const poster = manifest.files.find((f) => f.name.startsWith('media/'))!.name;
    await fs.appendFile(path.join(damaged, poster), '!');
    expect((await refused('restore', ['--from', damaged, '--force'], store.env)).stderr).toContain(`has been altered or damaged: 1 file(s) differ from their sha256 in the manifest (${poster})`);
    await fs.rm(path.join(damaged, poster));
    expect((await refused('restore', ['--from', damaged, '--force'], store.env)).stderr).toContain(`is incomplete: 1 file(s) it lists are missing (${poster})`);
    const other = path.join(elsewhere, 'other-engine');
    await fs.cp(folder, other, { recursive: true });
    await fs.writeFile(path.join(other, 'manifest.json'), JSON.stringify({ ...manifest, engine: engine === 'pglite' ? 'postgres' : 'pglite' }));
    expect((await refused('restore', ['--from', other, '--force'], store.env)).stderr).toMatch(/^This backup is of .* and this store runs on .*Nothing was changed\./);

    // The drill: the store is wiped to nothing, database and media, and brought back.
    await store.wipe();
    await fs.rm(mediaDir, { recursive: true, force: true });
    const restored = await cli('restore', ['--from', folder], store.env);
    expect(restored.stdout).toContain(`Restored the store from ${folder}`);
    expect(restored.stdout).toContain('Checked: the counts and money match the backup');

    handle = await store.open();
    try {
      const after = await storeRows(handle);
      expect(after.balances).toEqual(before.balances);
      expect(after.ledger).toEqual(before.ledger);
      expect(after.saleLines).toEqual(before.saleLines);
      expect(after.receipts).toEqual(before.receipts);
      expect(after.purchases).toEqual(before.purchases);
      expect(after.rentals).toEqual(before.rentals);
      expect(after.videoFiles).toEqual(before.videoFiles);
      await expectLedgerClean(handle);
    } finally {
      await handle.close();
    }
    expect(await mediaHashes(mediaDir)).toEqual(mediaBefore);
    const [linked, link] = await Promise.all([fs.stat(path.join(mediaDir, firstFile)), fs.stat(path.join(mediaDir, 'shared-link'))]);
    expect(link.ino).toBe(linked.ino);
    const verified = await cli('ledger-verify', [], store.env);
    expect(verified.stdout).toContain('ledger:verify: every balance equals the sum of its ledger entries');

    // Again over the restored store with --force: on PGlite the replaced folders are kept aside.
    const forced = await cli('restore', ['--from', folder, '--force'], store.env);
    expect(forced.stdout).toContain('Checked: the counts and money match the backup');
    if (engine === 'pglite') {
      const kept = (await fs.readdir(dataDir)).filter((n) => n.includes('.before-restore-')).sort();
      expect(kept.map((n) => n.replace(/-\d{4}-.*$/, ''))).toEqual(['db.before-restore', 'media.before-restore']);
    }
  }, 300_000);
});
