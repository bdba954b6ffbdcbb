import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pino } from 'pino';
import * as schema from './schema.ts';

/** The one database type the code sees, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Told when a LISTEN connection is lost (notifications may be missed until it is back) and when it is back. */
export interface ListenState {
  onDown?: () => void;
  onUp?: () => void;
}

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * LISTEN on a channel (PostgreSQL on a connection of its own, which comes back after a failure);
   * answers the unsubscribe. PGlite, in this process, never loses one: `state` is told nothing.
   */
  listen(channel: string, onMessage: (payload: string) => void, state?: ListenState): Promise<() => Promise<void>>;
}

/** How long to wait before trying a lost LISTEN connection again, and again after each failure. */
const RELISTEN_AFTER_MS = 1000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries). A lost connection
 * (PostgreSQL restarting, an idle-session timeout) is ended and replaced, one at a time, retried
 * every second until it is back; node-postgres reports one loss up to three times ('error' for the
 * server's message, 'error' and 'end' for the socket), so each connection is replaced once. The first
 * connection's failure is the caller's: it rejects and nothing is retried.
 */
async function listenOnPostgres(url: string, channel: string, onMessage: (payload: string) => void, state: ListenState = {}, connectionTimeoutMs?: number): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect(false);
    }, RELISTEN_AFTER_MS).unref();
  };
  const connect = async (first: boolean): Promise<void> => {
    // Keep-alive probes: a connection dropped silently (a NAT or a balancer forgetting it) is noticed and replaced.
    // A connection timeout: a server that hangs is given up on and tried again, not waited on for ever.
    const client = new pg.Client({ connectionString: url, keepAlive: true, ...(connectionTimeoutMs ? { connectionTimeoutMillis: connectionTimeoutMs } : {}) });
    let lost = false;
    const lose = () => {
      if (lost) return;
      lost = true;
      if (current === client) {
        current = undefined;
        state.onDown?.();
      }
      void client.end().catch(() => undefined);
      again();
    };
    client.on('notification', (m) => m.channel === channel && onMessage(m.payload ?? ''));
    client.on('error', lose);
    client.on('end', lose);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      if (first) {
        lost = true;
        await client.end().catch(() => undefined);
        throw err;
      }
      return lose();
    }
    if (closed || lost) return void client.end().catch(() => undefined);
    current = client;
    if (!first) state.onUp?.();
  };
  await connect(true);
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

/** How typo-tolerant title search is (pg_trgm's `<%`); a session setting, so set on every connection. */
const WORD_SIMILARITY_THRESHOLD = 0.6;

/** Where the pool tells of a lost connection: a pino (or Fastify) logger, one JSON line each. */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

export interface OpenOptions {
  /** A PostgreSQL URL; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite's directory; absent means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * How long to wait for a PostgreSQL connection (a new one, or a free one of a busy pool) before the
   * query fails with pg's "timeout exceeded when trying to connect"; 0 waits for ever.
   */
  connectionTimeoutMs?: number | undefined;
  /** PostgreSQL's statement_timeout on every connection of the pool (57014 beyond it); 0 or unset: none. */
  statementTimeoutMs?: number | undefined;
  /** Told of each lost PostgreSQL connection, in use or idle, once; default: JSON on standard output. */
  log?: DatabaseLog | undefined;
}

/** What is worth logging of a pg error: never its query or parameters (they hold secrets and addresses). */
export function connectionErrorFields(err: Error): { code?: string; message: string } {
  const code = (err as { code?: unknown }).code;
  return { ...(typeof code === 'string' ? { code } : {}), message: err.message.split('\n')[0]!.slice(0, 200) };
}

/**
 * Every connection of the pool gets an 'error' listener when it is made and keeps it, in use or
 * idle. node-postgres removes the pool's own listener while a connection is checked out (inside
 * db.transaction, between statements), so without this one a connection dropped there (PostgreSQL
 * restarting, its backend terminated, a network cut) is an unhandled 'error' event that ends the
 * process. One loss is reported up to twice (the server's message, then the socket's end): it is
 * logged once. The query that was running fails on its own and its caller answers for it; the
 * pool drops the broken connection when it is released and makes a new one when asked.
 */
export function handleConnectionErrors(pool: pg.Pool, log: DatabaseLog): void {
  const reported = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (reported.has(client)) return;
      reported.add(client);
      log.warn({ database: connectionErrorFields(err) }, 'a database connection was lost; the pool will make a new one');
    });
  });
  // An idle connection's error reaches the pool too; the connection's own listener has logged it.
  pool.on('error', () => undefined);
}

export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const settings = [`-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`];
    if (opts.statementTimeoutMs) settings.push(`-c statement_timeout=${Math.round(opts.statementTimeoutMs)}`);
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      options: settings.join(' '),
      ...(opts.connectionTimeoutMs ? { connectionTimeoutMillis: opts.connectionTimeoutMs } : {}),
      // Keep-alive probes: a connection dropped silently (a NAT, a balancer, a failover) is noticed.
      keepAlive: true,
    });
    handleConnectionErrors(pool, opts.log ?? pino({ base: { name: 'database' } }, process.stdout));
    // Fail at start-up, not at the first request, when the server cannot be reached.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const url = opts.url;
    return { db, engine: 'postgres', close: () => pool.end(), listen: (channel, onMessage, state) => listenOnPostgres(url, channel, onMessage, state, opts.connectionTimeoutMs) };
  }
  if (opts.dataDir) await fs.mkdir(path.dirname(opts.dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    extensions: { pg_trgm },
  });
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, engine: 'pglite', close: () => client.close(), listen: (channel, onMessage) => client.listen(channel, onMessage) };
}
