import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { ledgerMismatches, payoutMismatches, saleLineMismatches } from '../modules/wallet/index.ts';
import {
  BackupError,
  MEDIA_FOLDER,
  assertPgliteClosed,
  codeMigrations,
  copyTree,
  filesUnder,
  libpqTarget,
  readCheckedManifest,
  runPgTool,
  stamp,
  storeHasData,
  storeSummary,
  type Manifest,
  type Query,
} from './backup-files.ts';

const USAGE = `Brings a store back from a folder written by npm run backup.

  npm run restore -- --from FOLDER [--force]

  --from FOLDER  the backup (its manifest.json is checked first: the engine, and every file's sha256)
  --force        restore over a store that has data: on the embedded database its folder (and the
                 media folder) is moved aside to *.before-restore-<time>; on PostgreSQL the
                 database's tables are replaced (run npm run backup first if you may want them back)

Uses DATA_DIR or DATABASE_URL like the server; stop the store and the worker first. See
docs/backup-and-restore.md.`;

const ENGINE_NAMES = { pglite: 'the embedded database (PGlite, DATA_DIR/db)', postgres: 'PostgreSQL (DATABASE_URL)' } as const;

/** What the target store holds before anything is changed. */
interface Target {
  hasData: boolean;
  hasMedia: boolean;
  restoreMedia: boolean;
  note: string | null;
}

async function inspectPglite(dbDir: string): Promise<{ hasData: boolean; note: string | null }> {
  if (!existsSync(dbDir)) return { hasData: false, note: null };
  const note = assertPgliteClosed(dbDir, 'replaced');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) return { hasData: (await fs.readdir(dbDir)).length > 0, note };
  const client = await PGlite.create({ dataDir: dbDir, extensions: { pg_trgm } });
  try {
    return { hasData: await storeHasData(async (text) => (await client.query<Record<string, unknown>>(text)).rows), note };
  } finally {
    await client.close();
  }
}

/** PostgreSQL: nobody else connected (a running store would have its tables replaced under it), and whether it has data. */
async function inspectPostgres(url: string): Promise<{ hasData: boolean }> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot reach the PostgreSQL database to restore into (${libpqTarget(url).shown}): ${(err as Error).message}. Create it first if it does not exist (createdb, or CREATE DATABASE).`);
  }
  try {
    const others = await client.query<{ pid: number; application_name: string; client_addr: string | null }>('SELECT pid, application_name, client_addr::text FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    if (others.rows.length) {
      const who = others.rows.map((r) => `${r.pid}${r.application_name ? ` ${r.application_name}` : ''}${r.client_addr ? ` from ${r.client_addr}` : ''}`).join(', ');
      throw new BackupError(`${others.rows.length} other connection(s) use the database ${libpqTarget(url).shown} (${who}): a store or worker may be running. Stop them first (or end them with pg_terminate_backend), then run this again; a restore replaces the tables they use.`);
    }
    const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
    return { hasData: await storeHasData(query) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function inspect(config: Config, manifest: Manifest): Promise<Target> {
  const mediaDir = path.join(config.dataDir, 'media');
  const restoreMedia = manifest.media.storage === 'disk' && manifest.media.copied && !config.media.storage;
  const hasMedia = restoreMedia && (await filesUnder(mediaDir)).length > 0;
  if (config.databaseUrl) {
    await runPgTool('pg_restore', ['--version'], process.env);
    return { ...(await inspectPostgres(config.databaseUrl)), hasMedia, restoreMedia, note: null };
  }
  return { ...(await inspectPglite(path.join(config.dataDir, 'db'))), hasMedia, restoreMedia };
}

/** Loads the tarball into a new folder beside DATA_DIR/db and swaps it in only once PGlite has opened it. */
async function restorePglite(config: Config, folder: string, manifest: Manifest, target: Target, when: string): Promise<string | null> {
  const dbDir = path.join(config.dataDir, 'db');
  const fresh = `${dbDir}.restoring-${process.pid}`;
  await fs.rm(fresh, { recursive: true, force: true });
  await fs.mkdir(config.dataDir, { recursive: true });
  const tarball = new Blob([await fs.readFile(path.join(folder, manifest.database.file))], { type: 'application/x-gzip' });
  try {
    const client = await PGlite.create({ dataDir: fresh, loadDataDir: tarball, extensions: { pg_trgm } });
    await client.query('SELECT 1');
    await client.close();
  } catch (err) {
    await fs.rm(fresh, { recursive: true, force: true });
    throw new BackupError(`This store's PGlite cannot open the backup's database (${(err as Error).message}); it was made by ${manifest.database.tool}. Nothing was changed.`);
  }
  let aside: string | null = null;
  if (existsSync(dbDir)) {
    if (target.hasData) {
      aside = `${dbDir}.before-restore-${when}`;
      await fs.rename(dbDir, aside);
    } else {
      await fs.rm(dbDir, { recursive: true, force: true });
    }
  }
  await fs.rename(fresh, dbDir);
  return aside;
}

/** pg_restore in one transaction: on any error nothing is changed. */
async function restorePostgres(url: string, folder: string, manifest: Manifest): Promise<void> {
  const target = libpqTarget(url);
  try {
    await runPgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${target.dbname}`, path.join(folder, manifest.database.file)], target.env);
  } catch (err) {
    if (err instanceof BackupError) throw new BackupError(`${err.message}\nThe restore ran in one transaction: the database was not changed.`);
    throw err;
  }
}

async function restoreMedia(config: Config, folder: string, target: Target, when: string): Promise<string | null> {
  const mediaDir = path.join(config.dataDir, 'media');
  let aside: string | null = null;
  if (target.hasMedia) {
    aside = `${mediaDir}.before-restore-${when}`;
    await fs.rename(mediaDir, aside);
  } else {
    await fs.rm(mediaDir, { recursive: true, force: true });
  }
  await copyTree(path.join(folder, MEDIA_FOLDER), mediaDir);
  return aside;
}

async function main() {
  const { values, positionals } = parseArgs({ options: { from: { type: 'string' }, force: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true });
  const from = values.from ?? positionals[0];
  if (values.help || !from) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const folder = path.resolve(from);
  const config = loadConfig();
  const engine = config.databaseUrl ? 'postgres' : 'pglite';

  // Everything is checked before anything is touched.
  const manifest = await readCheckedManifest(folder);
  if (manifest.engine !== engine) {
    throw new BackupError(`This backup is of ${ENGINE_NAMES[manifest.engine]}, and this store runs on ${ENGINE_NAMES[engine]}: a backup is restored onto the engine it was made on. ${manifest.engine === 'pglite' ? 'Unset DATABASE_URL' : 'Set DATABASE_URL to the PostgreSQL database to restore into'} and run this again. Nothing was changed.`);
  }
  const known = codeMigrations();
  if (manifest.store.migrations > known.length) {
    throw new BackupError(`This backup was made by a newer version of the store (${manifest.store.migrations} database migrations; this one knows ${known.length}): update this store's code first. Nothing was changed.`);
  }
  const target = await inspect(config, manifest);
  if ((target.hasData || target.hasMedia) && !values.force) {
    const where = engine === 'pglite' ? path.join(config.dataDir, 'db') : libpqTarget(config.databaseUrl!).shown;
    throw new BackupError(
      `This store already has ${target.hasData ? `data (in ${where})` : `media files (in ${path.join(config.dataDir, 'media')})`}: a restore would replace it. ` +
        `Run it again with --force to restore over it${engine === 'pglite' ? ' (the current database and media folders are moved aside, not deleted)' : ' (the database’s tables are replaced: run npm run backup first if you may want them back)'}. Nothing was changed.`,
    );
  }
  if (target.note) console.log(target.note);

  const when = stamp();
  const asides: string[] = [];
  if (engine === 'pglite') {
    const aside = await restorePglite(config, folder, manifest, target, when);
    if (aside) asides.push(aside);
  } else {
    await restorePostgres(config.databaseUrl!, folder, manifest);
  }
  if (target.restoreMedia) {
    const aside = await restoreMedia(config, folder, target, when);
    if (aside) asides.push(aside);
  }

  // Check what came back: brought to this code's schema as a start would, counted, and the ledger verified.
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  let problems: string[];
  let summaryNow: Record<string, number>;
  try {
    await migrateDatabase(database);
    summaryNow = await storeSummary(async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows);
    const wrong = await ledgerMismatches(database.db);
    const lines = await saleLineMismatches(database.db);
    const sent = await payoutMismatches(database.db);
    problems = [
      ...Object.entries(manifest.summary)
        .filter(([k, v]) => summaryNow[k] !== v)
        .map(([k, v]) => `${k}: ${summaryNow[k]} after the restore, ${v} in the backup`),
      ...(wrong.length ? [`${wrong.length} balance(s) do not match the ledger`] : []),
      ...(lines.length ? [`${lines.length} sale(s) whose lines do not match their ledger entry`] : []),
      ...(sent.length ? [`${sent.length} refund(s) sent to M-Pesa whose ledger entries do not match`] : []),
    ];
  } finally {
    await database.close();
  }

  const s = summaryNow;
  const media = manifest.media;
  console.log(
    (`Restored the store from ${folder} (made ${manifest.createdAt}) into ${engine === 'pglite' ? path.join(config.dataDir, 'db') : libpqTarget(config.databaseUrl!).shown}.\n` +
      `  ${s.users} users, balances Ksh ${s.balances_ksh}, ${s.ledger_entries} ledger entries, ${s.purchases} purchases, ${s.receipts} receipts, ${s.videos} videos, ${s.video_files} video files.\n` +
      (target.restoreMedia
        ? `  Media: ${(await filesUnder(path.join(config.dataDir, 'media'))).length} file(s) into ${path.join(config.dataDir, 'media')}.\n`
        : media.storage === 'bucket'
          ? `  Media stays in the bucket the backup recorded, ${media.location}${!config.media.storage ? ' (this store keeps media on disk: set MEDIA_STORAGE_URL to it)' : `s3://${config.media.storage.bucket}/${config.media.storage.prefix}` === media.location ? '' : ` (this store's MEDIA_STORAGE_URL points elsewhere: s3://${config.media.storage.bucket}/${config.media.storage.prefix})`}; restore earlier versions of its files with the bucket's versioning if they were lost.\n`
          : media.storage === 'disk' && media.copied
            ? `  Media: the backup's files in ${path.join(folder, MEDIA_FOLDER)} were not copied, as this store keeps media in a bucket: copy them there (e.g. aws s3 sync).\n`
            : `  Media was not in this backup: bring ${path.join(config.dataDir, 'media')} back from where it was copied.\n`) +
      asides.map((a) => `  The store's previous files are in ${a}: delete them once the restored store is checked.\n`).join('')).trimEnd(),
  );
  if (problems.length) {
    console.error(`The restored store does not match its backup:\n  ${problems.join('\n  ')}`);
    process.exitCode = 1;
    return;
  }
  console.log('Checked: the counts and money match the backup, every balance equals its ledger entries and every sale its lines (as npm run ledger:verify checks).');
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? err.message : err instanceof Error ? `The restore failed: ${err.message}` : err);
  process.exit(1);
});
