/**
 * What `npm run backup` and `npm run restore` share: the manifest, the store's summary (the counts
 * and sums a restore is checked against), whether a store holds the embedded database, and running
 * PostgreSQL's client tools with sentences a shop owner can act on (docs/backup-and-restore.md).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { existsSync, readFileSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'manifest.json';
export const MANIFEST_FORMAT = 'video-store-backup';
/** The embedded database's data directory, as PGlite's dumpDataDir makes it. */
export const PGLITE_FILE = 'database.tar.gz';
/** pg_dump's custom format (compressed, read by pg_restore). */
export const POSTGRES_FILE = 'database.dump';
export const MEDIA_FOLDER = 'media';

/** A refusal or failure worded for the operator: the CLIs print its message alone and exit 1. */
export class BackupError extends Error {}

export type Engine = 'pglite' | 'postgres';

export interface BackupFile {
  /** Relative to the backup folder, with `/` separators. */
  name: string;
  bytes: number;
  sha256: string;
}

export type MediaRecord =
  | { storage: 'disk'; copied: true; folder: string; files: number }
  | { storage: 'disk'; copied: false; from: string }
  | { storage: 'bucket'; location: string; endpoint: string | null; region: string };

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  version: 1;
  createdAt: string;
  engine: Engine;
  store: { migrations: number; lastMigration: string | null };
  database: { file: string; from: string; tool: string };
  media: MediaRecord;
  /** Row counts and sums of money at the moment of the backup, checked again after a restore. */
  summary: Summary;
  files: BackupFile[];
}

export type Summary = Record<string, number>;

/** A query on either engine answering plain rows. */
export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** The tables whose rows a restore must bring back, and the money that must add up. */
const COUNTED = ['users', 'profiles', 'ledger_entries', 'sale_lines', 'purchases', 'rentals', 'gifts', 'receipts', 'deposits', 'payouts', 'videos', 'video_files'];

export async function storeSummary(query: Query): Promise<Summary> {
  const parts = COUNTED.map((t) => `(SELECT count(*) FROM ${t})::bigint AS ${t}`);
  parts.push('(SELECT coalesce(sum(account), 0) FROM profiles)::bigint AS balances_ksh');
  parts.push('(SELECT coalesce(sum(amount), 0) FROM ledger_entries)::bigint AS ledger_ksh');
  parts.push('(SELECT coalesce(sum(amount), 0) FROM sale_lines)::bigint AS sale_lines_ksh');
  const [row] = await query(`SELECT ${parts.join(', ')}`);
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

/** Whether the store in this database has anything to lose: customers, videos or money. */
export async function storeHasData(query: Query): Promise<boolean> {
  const [tables] = await query(`SELECT to_regclass('public.users') IS NOT NULL AND to_regclass('public.videos') IS NOT NULL AND to_regclass('public.ledger_entries') IS NOT NULL AS present`);
  if (!tables?.present) return false;
  const [row] = await query('SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM videos) OR EXISTS (SELECT 1 FROM ledger_entries) AS any');
  return Boolean(row?.any);
}

/** How many migrations the database has had (drizzle's table), 0 for none. */
export async function appliedMigrations(query: Query): Promise<number> {
  const [present] = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!present?.present) return 0;
  const [row] = await query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return Number(row?.n ?? 0);
}

/** The migrations this code knows, in order (db/migrations/meta/_journal.json). */
export function codeMigrations(): string[] {
  const journal = JSON.parse(readFileSync(path.join(import.meta.dirname, '../db/migrations/meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `dir` (relative names with `/`), sorted. */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    for (const entry of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) out.push(name);
    }
  };
  if (existsSync(dir)) await walk('');
  return out.sort();
}

/**
 * Copies a folder of media, keeping hard links as links (the demo's renditions are one set of files
 * linked under every demo video, decision 0033): a file seen before by its inode is linked to its
 * first copy instead of copied again. Answers how many files are in the copy.
 */
export async function copyTree(from: string, to: string): Promise<number> {
  await fs.mkdir(to, { recursive: true });
  const copied = new Map<string, string>();
  const names = await filesUnder(from);
  for (const name of names) {
    const source = path.join(from, ...name.split('/'));
    const target = path.join(to, ...name.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    const st = await fs.stat(source);
    const inode = `${st.dev}:${st.ino}`;
    const first = st.nlink > 1 ? copied.get(inode) : undefined;
    if (first) {
      await fs.link(first, target);
      continue;
    }
    await fs.copyFile(source, target);
    await fs.utimes(target, st.atime, st.mtime);
    if (st.nlink > 1) copied.set(inode, target);
  }
  return names.length;
}

export async function describeFile(folder: string, name: string): Promise<BackupFile> {
  const file = path.join(folder, ...name.split('/'));
  return { name, bytes: (await fs.stat(file)).size, sha256: await sha256File(file) };
}

/**
 * Reads a backup's manifest and checks every file it lists is there, unchanged (size and sha256),
 * before anything is touched. Answers the manifest or throws a BackupError that says what is wrong.
 */
export async function readCheckedManifest(folder: string): Promise<Manifest> {
  const file = path.join(folder, MANIFEST);
  if (!existsSync(folder)) throw new BackupError(`There is no backup at ${folder}.`);
  if (!existsSync(file)) throw new BackupError(`${folder} is not a backup: it has no ${MANIFEST}.`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fs.readFile(file, 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${file} is not a readable backup manifest (not JSON).`);
  }
  if (manifest?.format !== MANIFEST_FORMAT || manifest.version !== 1 || !Array.isArray(manifest.files) || (manifest.engine !== 'pglite' && manifest.engine !== 'postgres')) {
    throw new BackupError(`${file} is not a manifest this store understands (format ${MANIFEST_FORMAT}, version 1).`);
  }
  if (!manifest.files.some((f) => f.name === manifest.database?.file)) throw new BackupError(`The manifest lists no database file: the backup is incomplete.`);
  const missing: string[] = [];
  const altered: string[] = [];
  for (const f of manifest.files) {
    if (typeof f.name !== 'string' || f.name.startsWith('/') || f.name.split('/').includes('..') || f.name === MANIFEST) {
      throw new BackupError(`The manifest names a file outside the backup (${String(f.name)}): refusing it.`);
    }
    const at = path.join(folder, ...f.name.split('/'));
    if (!existsSync(at)) {
      missing.push(f.name);
      continue;
    }
    const seen = await describeFile(folder, f.name);
    if (seen.bytes !== f.bytes || seen.sha256 !== f.sha256) altered.push(f.name);
  }
  const list = (names: string[]) => names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
  if (missing.length) throw new BackupError(`The backup at ${folder} is incomplete: ${missing.length} file(s) it lists are missing (${list(missing)}). Nothing was changed.`);
  if (altered.length) throw new BackupError(`The backup at ${folder} has been altered or damaged: ${altered.length} file(s) differ from their sha256 in the manifest (${list(altered)}). Nothing was changed.`);
  return manifest;
}

/**
 * The processes (other than this one) with a file of `dir` open, from /proc; null where there is no
 * /proc to read (not Linux). A running PGlite keeps its WAL segment and relation files open.
 */
export function processesHolding(dir: string): { pid: number; command: string }[] | null {
  if (!existsSync('/proc/self/fd')) return null;
  const real = realpathSync(dir);
  const holders: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // another user's process, or one that has just ended
    }
    const holds = fds.some((fd) => {
      try {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        return target === real || target.startsWith(real + path.sep);
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 120);
    } catch {
      // gone meanwhile
    }
    holders.push({ pid: Number(entry), command });
  }
  return holders;
}

/**
 * Refuses when a store (npm start, npm run worker, another CLI) has the embedded database open.
 * PGlite is one process's database: a copy of a live directory is not a consistent backup, and
 * replacing it under a running store loses what the store writes next. PostgreSQL's postmaster.pid
 * is there while PGlite has the directory open and is removed when it closes; a store killed
 * without stopping leaves it behind, so the processes holding the directory's files tell the two
 * apart. Answers a note to print when the database was left open by a process that is gone.
 */
export function assertPgliteClosed(dbDir: string, doing: string): string | null {
  if (!existsSync(path.join(dbDir, 'postmaster.pid'))) return null;
  const holders = processesHolding(dbDir);
  const stop = 'PGlite is a database for one process at a time, and a copy of a directory it is writing to is not a consistent backup. Stop the store (npm start) and the worker (npm run worker) first, then run this again.';
  if (holders === null) {
    throw new BackupError(`The embedded database in ${dbDir} is open (its postmaster.pid is present), and this system cannot tell by which process. ${stop} If no store runs (one was killed), start the store and stop it once so the database is closed cleanly.`);
  }
  if (holders.length) {
    const who = holders.map((h) => `process ${h.pid}${h.command ? ` (${h.command})` : ''}`).join(', ');
    throw new BackupError(`A store is running on the embedded database in ${dbDir}: ${who} has it open, so it cannot be ${doing} now. ${stop}`);
  }
  return `The embedded database in ${dbDir} was left open by a process that is no longer running (it was killed, not stopped); opening it now recovers it as the store's next start would.`;
}

/** A PostgreSQL URL for libpq's tools without its password (which goes in PGPASSWORD, not on a command line others can read). */
export function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv; shown: string } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const shown = `${u.hostname || 'localhost'}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, shown };
}

const INSTALL_CLIENT =
  'Install PostgreSQL’s client tools of the server’s major version or newer: `sudo apt-get install postgresql-client` on Debian and Ubuntu (or `postgresql-client-17` and so on from apt.postgresql.org for a newer server), `brew install libpq` on macOS; with several versions installed, put the right one first on PATH (e.g. `PATH=/usr/lib/postgresql/17/bin:$PATH npm run backup`).';

/** Runs one of PostgreSQL's client tools; a missing tool or a version it cannot work with is a BackupError saying what to install. */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') reject(new BackupError(`${tool} was not found on PATH: backups on PostgreSQL are made and restored with its own tools. ${INSTALL_CLIENT}`));
      else reject(err);
    });
    child.on('close', (code) => {
      if (code === 0) return resolve({ stdout, stderr });
      reject(new BackupError(pgToolFailure(tool, stderr, code)));
    });
  });
}

/** The sentence for a failed pg_dump or pg_restore: a version mismatch says which versions and what to install. */
export function pgToolFailure(tool: string, stderr: string, code: number | null): string {
  const mismatch = /server version: ([\d.]+\w*); \S+ version: ([\d.]+\w*)/.exec(stderr);
  if (mismatch) {
    return `The PostgreSQL server is version ${mismatch[1]}, newer than this machine’s ${tool} (${mismatch[2]}), which cannot work with it. ${INSTALL_CLIENT}`;
  }
  if (/unsupported version \([\d.]+\) in file header/.test(stderr)) {
    return `This backup was made by a newer pg_dump than this machine’s pg_restore, which cannot read it. ${INSTALL_CLIENT}`;
  }
  const lines = stderr.trim().split('\n').slice(-8).join('\n');
  return `${tool} failed (exit ${code ?? 'signal'}):\n${lines}`;
}

/** `2026-05-01T02-00-00Z`: a folder name that sorts by time and is valid everywhere. */
export function stamp(now = new Date()): string {
  return now.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');
}
