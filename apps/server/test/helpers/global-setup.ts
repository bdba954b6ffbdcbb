import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { adminQuery } from './admin-sql.ts';
import { newTestRun, testDatabaseUrl, testRunPrefix, testRunStart, withDatabase } from './engines.ts';

/** A run still going after this long was killed before its teardown: its databases are left over. */
const STALE_AFTER_MS = 6 * 3600_000;

async function testDatabases(url: string): Promise<string[]> {
  const { rows } = await adminQuery<{ datname: string }>(url, "SELECT datname FROM pg_database WHERE datname LIKE 'store\\_test\\_%'");
  return rows.map((r) => r.datname);
}

const drop = (url: string, name: string) => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);

/**
 * Builds one migrated PostgreSQL database that every test file of this run clones (CREATE DATABASE
 * ... TEMPLATE), named for this run; other runs' databases are left alone unless they are stale.
 */
export async function setup(project: TestProject) {
  const run = newTestRun();
  project.provide('storeTestRun', run);
  const url = testDatabaseUrl();
  if (!url) return;
  for (const name of await testDatabases(url)) {
    const started = testRunStart(name);
    // Names of the old shape (one shared template) are from runs before this naming: all left over.
    if (started === null || Date.now() - started > STALE_AFTER_MS) await drop(url, name);
  }
  const template = `${testRunPrefix(run)}template`;
  await adminQuery(url, `CREATE DATABASE "${template}"`);
  const handle = await openDatabase({ url: withDatabase(url, template), poolSize: 1 });
  await migrateDatabase(handle);
  await handle.close();
  return async () => {
    for (const name of await testDatabases(url)) if (name.startsWith(testRunPrefix(run))) await drop(url, name);
  };
}
