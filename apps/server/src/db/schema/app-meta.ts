/** Facts about this store's data, written by src/demo (no module owns it). */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key-value facts about this store's data (e.g. that the demo catalogue was created). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Which version of each db/functions/<name>.sql file is live (db/migrate.ts, migration 0027). */
export const sqlFunctions = pgTable('sql_functions', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
