/** Facts about this store's data, written by src/demo (no module owns it). */
import { pgTable, text } from 'drizzle-orm/pg-core';

/** Key-value facts about this store's data (e.g. that the demo catalogue was created). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
