import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { outageLogThrottle, outageOf, outageSummary } from './outage.ts';

const withCode = (message: string, code: string, extra: object = {}) => Object.assign(new Error(message), { code, ...extra });
/** As drizzle throws a driver's error: wrapped, with the query and its parameters. */
const wrapped = (cause: Error) => new DrizzleQueryError('select * from users where email = $1', ['amina@example.co.ke'], cause);
/** As the AWS SDK throws: $metadata on every error, $fault on the ones the service answered. */
const s3Error = (name: string, status: number | undefined, extra: object = {}) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status, attempts: 3 }, ...extra });

describe('outageOf', () => {
  it('knows a database that cannot be reached, shut down, full or too slow, wrapped by drizzle or not', () => {
    const cases: Error[] = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is shutting down', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      withCode('could not connect', '08001'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('canceling statement due to lock timeout', '55P03'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
    ];
    for (const err of cases) expect(outageOf(wrapped(err)), err.message).toBe('database');
    for (const err of cases.slice(2)) expect(outageOf(err), err.message).toBe('database');
    // Node's connect to every address of a name: an AggregateError of ECONNREFUSED.
    const aggregate = Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')]), { code: 'ECONNREFUSED' });
    expect(outageOf(wrapped(aggregate))).toBe('database');
    // A bare socket error with no query: something is away, not known what.
    expect(outageOf(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('network');
  });

  it('knows Redis that cannot be reached (ioredis)', () => {
    expect(outageOf(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe('redis');
    expect(outageOf(Object.assign(new Error('Reached the max retries per request limit (which is 2). Refer to "maxRetriesPerRequest" option for details.'), { name: 'MaxRetriesPerRequestError' }))).toBe('redis');
    expect(outageOf(new Error('Connection is closed.'))).toBe('redis');
    expect(outageOf(new Error('Command timed out'))).toBe('redis');
  });

  it('knows a bucket that does not answer or answers with its own fault, not its refusals', () => {
    expect(outageOf(s3Error('ServiceUnavailable', 503, { $fault: 'server' }))).toBe('storage');
    expect(outageOf(s3Error('SlowDown', 503, { $fault: 'server' }))).toBe('storage');
    expect(outageOf(s3Error('InternalError', 500, { $fault: 'server' }))).toBe('storage');
    expect(outageOf(s3Error('TimeoutError', undefined))).toBe('storage');
    expect(outageOf(Object.assign(withCode('connect ECONNREFUSED 127.0.0.1:7480', 'ECONNREFUSED'), { $metadata: { attempts: 3 } }))).toBe('storage');
    expect(outageOf(s3Error('NoSuchKey', 404, { $fault: 'client' }))).toBeNull();
    expect(outageOf(s3Error('AccessDenied', 403, { $fault: 'client' }))).toBeNull();
  });

  it('knows a full disk, the store’s or the database’s', () => {
    expect(outageOf(withCode('ENOSPC: no space left on device, write', 'ENOSPC'))).toBe('disk');
    expect(outageOf(wrapped(withCode('could not extend file: No space left on device', '53100')))).toBe('disk');
  });

  it('leaves bugs, refusals and the caller’s mistakes alone', () => {
    expect(outageOf(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(outageOf(wrapped(withCode('duplicate key value violates unique constraint', '23505')))).toBeNull();
    expect(outageOf(wrapped(withCode('value out of range', '22003')))).toBeNull();
    expect(outageOf(wrapped(withCode('deadlock detected', '40P01')))).toBeNull();
    expect(outageOf(withCode('ENOENT: no such file', 'ENOENT'))).toBeNull();
    expect(outageOf(undefined)).toBeNull();
    expect(outageOf('a string')).toBeNull();
  });

  it('survives an error that wraps itself', () => {
    const looped = new Error('loop') as Error & { cause?: unknown };
    looped.cause = looped;
    expect(outageOf(looped)).toBeNull();
  });
});

describe('outageSummary', () => {
  it('says what is away and why, without the query or its parameters', () => {
    const summary = outageSummary(wrapped(withCode('terminating connection due to administrator command', '57P01')), 'database');
    expect(summary).toEqual({ outage: 'database', code: '57P01', reason: 'terminating connection due to administrator command' });
    expect(JSON.stringify(summary)).not.toMatch(/amina|select/);
  });
});

describe('outageLogThrottle', () => {
  it('logs each kind at most once per period, counting what it did not log', () => {
    let now = 0;
    const shouldLog = outageLogThrottle(5000, () => now);
    expect(shouldLog('database')).toEqual({ log: true, unlogged: 0 });
    expect(shouldLog('database').log).toBe(false);
    expect(shouldLog('database').log).toBe(false);
    expect(shouldLog('redis').log).toBe(true);
    now = 5000;
    expect(shouldLog('database')).toEqual({ log: true, unlogged: 2 });
  });
});
