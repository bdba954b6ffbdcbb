import type { Database } from './client.ts';

/**
 * A statement of a hot path, built by drizzle once per database (or transaction) it runs on; on
 * PostgreSQL a named statement is then parsed and planned once per connection. `build` is called the
 * first time a database asks for it (media/access.ts, the quick sale's sale_facts and sell_checked).
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
