import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { adminQuery } from './admin-sql.ts';
import { TEMPLATE_DB, testDatabaseUrl, withDatabase } from './engines.ts';

async function dropTestDatabases(url: string) {
  const { rows } = await adminQuery<{ datname: string }>(url, "SELECT datname FROM pg_database WHERE datname LIKE 'store\\_test\\_%'");
  for (const { datname } of rows) await adminQuery(url, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}

/** Builds one migrated PostgreSQL database that every test file clones (CREATE DATABASE ... TEMPLATE). */
export async function setup() {
  const url = testDatabaseUrl();
  if (!url) return;
  await dropTestDatabases(url);
  await adminQuery(url, `CREATE DATABASE "${TEMPLATE_DB}"`);
  const handle = await openDatabase({ url: withDatabase(url, TEMPLATE_DB), poolSize: 1 });
  await migrateDatabase(handle);
  await handle.close();
}

export async function teardown() {
  const url = testDatabaseUrl();
  if (url) await dropTestDatabases(url);
}
