/**
 * Which database engines the tests run on. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
 * In CI the PostgreSQL run is required: a missing URL fails the suite instead of skipping it.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

export type Engine = 'pglite' | 'postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This test run's part of the PostgreSQL database names (global-setup.ts). */
    storeTestRun: string;
  }
}

/**
 * Every database of one test run is named `store_test_<run>_…`: runs sharing one PostgreSQL (two
 * checkouts on a machine, CI beside a session) create and drop only their own. `<run>` starts with
 * the minute the run began (base 36), so a run killed before its teardown is cleaned up later.
 */
export const testRunPrefix = (run: string) => `store_test_${run}_`;
export const newTestRun = (now = Date.now()) => `${Math.floor(now / 60_000).toString(36)}x${randomBytes(3).toString('hex')}`;
/** When a run named `run` started (ms), or null for a name of another shape (an older run's). */
export function testRunStart(databaseName: string): number | null {
  const minutes = /^store_test_([0-9a-z]+)x[0-9a-f]{6}_/.exec(databaseName)?.[1];
  return minutes ? parseInt(minutes, 36) * 60_000 : null;
}

/** The migrated database every test file of this run clones (made once by global-setup.ts). */
export const templateDatabase = () => `${testRunPrefix(inject('storeTestRun'))}template`;
/** A new database name of this run. */
export const newTestDatabaseName = () => `${testRunPrefix(inject('storeTestRun'))}${randomBytes(6).toString('hex')}`;

export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI) {
    throw new Error('CI must test on PostgreSQL too: set TEST_DATABASE_URL (see .ci/run).');
  }
  return url || undefined;
}

export function engines(): Engine[] {
  return testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

/** The same server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Redis for shared rate limits: tested when TEST_REDIS_URL is set, and required in CI. */
export function testRedisUrl(): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url && process.env.CI) throw new Error('CI must test the Redis rate-limit store: set TEST_REDIS_URL (see .ci/run).');
  return url || undefined;
}
