import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database, DatabaseHandle } from './client.ts';
import { sqlFunctions } from './schema.ts';

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
const functionsFolder = path.join(import.meta.dirname, 'functions');

/** Brings either engine to the latest schema with the same SQL files, then the live SQL functions. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder });
  }
  await applyFunctions(handle.db);
}

/** Each db/functions/<name>.sql file: one CREATE OR REPLACE FUNCTION, the function's one live definition. */
export function functionFiles(): { name: string; text: string; sha256: string }[] {
  return fs
    .readdirSync(functionsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const text = fs.readFileSync(path.join(functionsFolder, f), 'utf8');
      return { name: f.slice(0, -'.sql'.length), text, sha256: createHash('sha256').update(text).digest('hex') };
    });
}

/**
 * Applies the function files that changed since they were last applied (decision 0049), in one
 * transaction under an advisory lock, so processes starting together on one PostgreSQL apply each
 * change once and none sees half of them.
 */
async function applyFunctions(db: Database): Promise<void> {
  const files = functionFiles();
  const live = new Map((await db.select().from(sqlFunctions)).map((r) => [r.name, r.sha256]));
  if (files.every((f) => live.get(f.name) === f.sha256)) return;
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('store:sql-functions'))`);
    const applied = new Map((await tx.select().from(sqlFunctions)).map((r) => [r.name, r.sha256]));
    for (const f of files) {
      if (applied.get(f.name) === f.sha256) continue;
      await tx.execute(sql.raw(f.text));
      await tx.insert(sqlFunctions).values({ name: f.name, sha256: f.sha256 }).onConflictDoUpdate({ target: sqlFunctions.name, set: { sha256: f.sha256, appliedAt: sql`now()` } });
    }
  });
}
