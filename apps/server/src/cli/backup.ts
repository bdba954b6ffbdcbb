import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { loadConfig, type Config } from '../config.ts';
import {
  BackupError,
  MANIFEST,
  MANIFEST_FORMAT,
  MEDIA_FOLDER,
  PGLITE_FILE,
  POSTGRES_FILE,
  appliedMigrations,
  assertPgliteClosed,
  codeMigrations,
  copyTree,
  describeFile,
  filesUnder,
  libpqTarget,
  runPgTool,
  stamp,
  storeSummary,
  type Manifest,
  type MediaRecord,
  type Query,
  type Summary,
} from './backup-files.ts';

const USAGE = `Backs up the store: its database (PGlite or PostgreSQL, with the media metadata in it) and,
for media kept on disk, the media files, with a manifest of every file's sha256.

  npm run backup [-- --to FOLDER] [--no-media]

  --to FOLDER   where to write it (a new or empty folder); default DATA_DIR/backups/<time>
  --no-media    leave out DATA_DIR/media (copy it another way, e.g. rsync); media in a bucket is
                never copied: the manifest records the bucket, whose versioning keeps the files

Uses DATA_DIR or DATABASE_URL like the server. On PostgreSQL the store may keep running (pg_dump
reads one snapshot); on the embedded database stop the store first. See docs/backup-and-restore.md.`;

interface DatabasePart {
  file: string;
  from: string;
  tool: string;
  migrations: number;
  summary: Summary;
  note?: string | null;
}

/** The embedded database: opened only when no store has it (PGlite is one process's), dumped whole. */
async function backupPglite(config: Config, folder: string): Promise<DatabasePart> {
  const dbDir = path.join(config.dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${dbDir} to back up (set DATA_DIR, or DATABASE_URL for PostgreSQL).`);
  const note = assertPgliteClosed(dbDir, 'backed up');
  const client = await PGlite.create({ dataDir: dbDir, extensions: { pg_trgm } });
  try {
    const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
    const summary = await storeSummary(query);
    const migrations = await appliedMigrations(query);
    await client.query('CHECKPOINT');
    const tarball = await client.dumpDataDir('gzip');
    await fs.writeFile(path.join(folder, PGLITE_FILE), Buffer.from(await tarball.arrayBuffer()));
    const [version] = (await client.query<{ v: string }>('SHOW server_version')).rows;
    return { file: PGLITE_FILE, from: dbDir, tool: `PGlite (PostgreSQL ${version?.v ?? 'unknown'})`, migrations, summary, note };
  } finally {
    await client.close();
  }
}

/**
 * PostgreSQL: pg_dump's custom format, taken from a snapshot this process exports, so the summary
 * the restore is checked against counts exactly the rows the dump holds while the store keeps selling.
 */
async function backupPostgres(url: string, folder: string): Promise<DatabasePart> {
  const target = libpqTarget(url);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ snapshot: string; version: string }>('SELECT pg_export_snapshot() AS snapshot, current_setting(\'server_version\') AS version');
    const query: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
    const summary = await storeSummary(query);
    const migrations = await appliedMigrations(query);
    const file = path.join(folder, POSTGRES_FILE);
    await runPgTool('pg_dump', ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, `--dbname=${target.dbname}`], target.env);
    const { stdout } = await runPgTool('pg_dump', ['--version'], target.env);
    await client.query('COMMIT');
    return { file: POSTGRES_FILE, from: target.shown, tool: `${stdout.trim()}, server ${rows[0]!.version}`, migrations, summary };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Media files on disk are copied after the database, so every file the dump names was there (new uploads meanwhile are extra, harmless). */
async function backupMedia(config: Config, folder: string, withMedia: boolean): Promise<MediaRecord> {
  const s3 = config.media.storage;
  if (s3) return { storage: 'bucket', location: `s3://${s3.bucket}/${s3.prefix}`, endpoint: s3.endpoint ?? null, region: s3.region };
  const from = path.join(config.dataDir, 'media');
  if (!withMedia) return { storage: 'disk', copied: false, from };
  const files = await copyTree(from, path.join(folder, MEDIA_FOLDER));
  return { storage: 'disk', copied: true, folder: MEDIA_FOLDER, files };
}

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, 'no-media': { type: 'boolean' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  const folder = path.resolve(values.to ?? path.join(config.dataDir, 'backups', stamp()));
  if (existsSync(folder) && (await fs.readdir(folder)).length > 0) throw new BackupError(`${folder} is not empty: give a new or empty folder with --to.`);
  // Written beside its place and renamed when whole, so a half-made backup is never taken for one.
  const partial = `${folder}.partial-${process.pid}`;
  await fs.mkdir(partial, { recursive: true });
  try {
    const database = config.databaseUrl ? await backupPostgres(config.databaseUrl, partial) : await backupPglite(config, partial);
    if (database.note) console.log(database.note);
    const media = await backupMedia(config, partial, !values['no-media']);
    const names = [database.file, ...(media.storage === 'disk' && media.copied ? (await filesUnder(path.join(partial, MEDIA_FOLDER))).map((n) => `${MEDIA_FOLDER}/${n}`) : [])];
    const files = [];
    for (const name of names) files.push(await describeFile(partial, name));
    const known = codeMigrations();
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      engine,
      store: { migrations: database.migrations, lastMigration: known[database.migrations - 1] ?? null },
      database: { file: database.file, from: database.from, tool: database.tool },
      media,
      summary: database.summary,
      files,
    };
    await fs.writeFile(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    if (existsSync(folder)) await fs.rmdir(folder);
    await fs.rename(partial, folder);
    const bytes = files.reduce((n, f) => n + f.bytes, 0);
    const s = database.summary;
    console.log(
      `Backed up the store (${engine === 'pglite' ? 'embedded database' : `PostgreSQL ${database.from}`}) to ${folder}: ${files.length} file(s), ${(bytes / 1e6).toFixed(1)} MB.\n` +
        `  ${s.users} users, balances Ksh ${s.balances_ksh}, ${s.ledger_entries} ledger entries, ${s.purchases} purchases, ${s.receipts} receipts, ${s.videos} videos, ${s.video_files} video files.\n` +
        (media.storage === 'bucket'
          ? `  Media is in ${media.location}: not copied; keep that bucket versioned or replicated (docs/backup-and-restore.md).`
          : media.copied
            ? `  Media: ${media.files} file(s) from ${path.join(config.dataDir, 'media')}.`
            : `  Media in ${media.from} was left out (--no-media): back it up another way.`),
    );
  } catch (err) {
    await fs.rm(partial, { recursive: true, force: true });
    throw err;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof BackupError ? err.message : err instanceof Error ? `The backup failed: ${err.message}` : err);
  process.exit(1);
});
