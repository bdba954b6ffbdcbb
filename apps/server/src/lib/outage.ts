/**
 * Errors that say a dependency is away for now (the database, Redis, the bucket, the disk), not that
 * the request or the code is wrong: the caller should try again in a moment. The error handler
 * answers them 503 with Retry-After (plugins/error-handler.ts); this file only recognises them.
 */

/** What is away; `network` is a socket error whose other end is not known (not a query, not the bucket). */
export type Outage = 'database' | 'redis' | 'storage' | 'disk' | 'network';

/** Seconds a client should wait before trying again, by what is away. */
export const RETRY_AFTER_SECONDS: Record<Outage, number> = { database: 5, redis: 5, storage: 10, disk: 60, network: 5 };

/**
 * PostgreSQL's SQLSTATEs for "not now": a server shutting down or starting (57P01-57P03), too many
 * connections or too few resources (class 53; 53100 is a full disk), a statement cancelled by the
 * statement timeout (57014) or a lock not had within lock_timeout (55P03). Class 08 (connection
 * exceptions) is matched by its prefix.
 */
const DATABASE_CODES = new Set(['57P01', '57P02', '57P03', '57014', '55P03', '53000', '53200', '53300', '53400']);
const DISK_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
/** A socket that could not be opened or was lost, whoever was at the other end. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

/** node-postgres's own words when it cannot get or keep a connection (they carry no code). */
const PG_MESSAGES = [/^timeout exceeded when trying to connect/, /^Connection terminated/, /is not queryable/, /^Client was closed and is not queryable/, /^Cannot use a pool after calling end/];
/** ioredis's words when Redis cannot be reached (enableOfflineQueue false, retries spent, closed, commandTimeout passed). */
const REDIS_MESSAGES = [/^Stream isn't writeable/, /^Connection is closed\.?$/, /^Reached the max retries per request limit/, /^Command timed out$/];
const REDIS_NAMES = new Set(['MaxRetriesPerRequestError']);
/** The AWS SDK's names for a request that did not get through in time. */
const S3_TIMEOUTS = new Set(['TimeoutError', 'RequestTimeout', 'RequestTimeoutException']);

interface Found {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
  $fault?: unknown;
  query?: unknown;
}

/** The error and every error it wraps (drizzle's `cause`, an AggregateError's `errors`), outermost first. */
function chain(err: unknown): Found[] {
  const out: Found[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown) => {
    if (!e || typeof e !== 'object' || seen.has(e) || out.length > 20) return;
    seen.add(e);
    out.push(e as Found);
    visit((e as Found).cause);
    const errors = (e as Found).errors;
    if (Array.isArray(errors)) for (const inner of errors) visit(inner);
  };
  visit(err);
  return out;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** What is away, or null when the error is not an outage (a bug, a refusal, a constraint). */
export function outageOf(err: unknown): Outage | null {
  const errors = chain(err);
  if (!errors.length) return null;
  const codes = errors.map((e) => text(e.code));
  if (codes.some((c) => DISK_CODES.has(c))) return 'disk';
  // The bucket: the AWS SDK marks its errors with $metadata; the server's fault (a 5xx, SlowDown) or
  // no answer at all (a network error, a timeout) is an outage, its refusals (404, 403) are not.
  const s3 = errors.find((e) => e.$metadata !== undefined || e.$fault !== undefined);
  if (s3) {
    const status = s3.$metadata?.httpStatusCode;
    if (s3.$fault === 'server' || (status !== undefined && status >= 500) || S3_TIMEOUTS.has(text(s3.name)) || codes.some((c) => NETWORK_CODES.has(c))) return 'storage';
    return null;
  }
  if (errors.some((e) => REDIS_NAMES.has(text(e.name)) || REDIS_MESSAGES.some((re) => re.test(text(e.message))))) return 'redis';
  if (codes.some((c) => DATABASE_CODES.has(c) || /^08[0-9A-Z]{3}$/.test(c))) return 'database';
  if (errors.some((e) => PG_MESSAGES.some((re) => re.test(text(e.message))))) return 'database';
  // A bare socket error: the database when a query was running (drizzle wraps it with the query),
  // else whatever the request was talking to (a connection the pool could not open for a
  // transaction, a webhook); either way, it is away for now.
  if (codes.some((c) => NETWORK_CODES.has(c))) return errors.some((e) => e.query !== undefined) ? 'database' : 'network';
  return null;
}

/**
 * What to log of an outage: what is away, its code and the first line of the innermost message,
 * never a query, its parameters or a stack (they hold secrets and customers' addresses).
 */
export function outageSummary(err: unknown, outage: Outage): { outage: Outage; code?: string; reason: string } {
  const errors = chain(err);
  const code = errors.map((e) => text(e.code)).find((c) => c !== '');
  const innermost = errors.at(-1);
  const reason = text(innermost?.message).split('\n')[0]!.slice(0, 200) || text(innermost?.name);
  return { outage, ...(code ? { code } : {}), reason };
}

/**
 * Logs an outage seen by requests at most once per `everyMs` for each kind, with how many were
 * not logged since: a database away for 30 s under load is a few lines, not one per request.
 */
export function outageLogThrottle(everyMs = 5000, now: () => number = Date.now) {
  const last = new Map<Outage, { at: number; unlogged: number }>();
  return (outage: Outage): { log: boolean; unlogged: number } => {
    const seen = last.get(outage);
    const t = now();
    if (seen && t - seen.at < everyMs) {
      seen.unlogged++;
      return { log: false, unlogged: seen.unlogged };
    }
    const unlogged = seen?.unlogged ?? 0;
    last.set(outage, { at: t, unlogged: 0 });
    return { log: true, unlogged };
  };
}
