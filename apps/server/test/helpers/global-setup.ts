import pg from 'pg';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { TEMPLATE_DB, testDatabaseUrl, withDatabase } from './engines.ts';

async function dropTestDatabases(admin: pg.Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'store\\_test\\_%'",
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}

/** Builds one migrated PostgreSQL database that every test file clones (CREATE DATABASE ... TEMPLATE). */
export async function setup() {
  const url = testDatabaseUrl();
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await dropTestDatabases(admin);
    await admin.query(`CREATE DATABASE "${TEMPLATE_DB}"`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ url: withDatabase(url, TEMPLATE_DB), poolSize: 1 });
  await migrateDatabase(handle);
  await handle.close();
}

export async function teardown() {
  const url = testDatabaseUrl();
  if (!url) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await dropTestDatabases(admin);
  } finally {
    await admin.end();
  }
}
