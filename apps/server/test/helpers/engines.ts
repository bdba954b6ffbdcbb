/**
 * Which database engines the tests run on. PGlite always; PostgreSQL when TEST_DATABASE_URL is set.
 * In CI the PostgreSQL run is required: a missing URL fails the suite instead of skipping it.
 */
export type Engine = 'pglite' | 'postgres';

export const TEMPLATE_DB = 'store_test_template';

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
