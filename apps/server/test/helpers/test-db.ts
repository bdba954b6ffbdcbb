import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { adminQuery } from './admin-sql.ts';
import { type Engine, newTestDatabaseName, templateDatabase, testDatabaseUrl, withDatabase } from './engines.ts';

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and drops the PostgreSQL database. */
  destroy(): Promise<void>;
  /** The PostgreSQL database's URL, for another process to share it (unset on PGlite). */
  url?: string;
}

/** A fresh, migrated, empty database on the given engine, private to the caller. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const handle = await openDatabase({});
    await migrateDatabase(handle);
    return { ...handle, destroy: handle.close };
  }
  const url = testDatabaseUrl();
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = newTestDatabaseName();
  await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`);
  const handle = await openDatabase({ url: withDatabase(url, name), poolSize: 4 });
  return {
    ...handle,
    url: withDatabase(url, name),
    async destroy() {
      await handle.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
