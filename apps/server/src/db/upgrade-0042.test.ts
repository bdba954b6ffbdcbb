import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery } from '../../test/helpers/admin-sql.ts';
import { engines, newTestDatabaseName, testDatabaseUrl, withDatabase } from '../../test/helpers/engines.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const migrations = path.join(import.meta.dirname, 'migrations');
const rows = async <T>(h: DatabaseHandle, q: ReturnType<typeof sql>) => ((await h.db.execute(q)) as unknown as { rows: T[] }).rows;

/** A store as it was before migration `tag`: the migrations before it only, in a folder of their own. */
async function storeBefore(engine: 'pglite' | 'postgres', tag: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const journal = JSON.parse(await fs.readFile(path.join(migrations, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const before = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'store-migrations-'));
  await fs.mkdir(path.join(folder, 'meta'));
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: before }));
  for (const e of before) await fs.copyFile(path.join(migrations, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  let url: string | undefined;
  if (engine === 'postgres') {
    const name = newTestDatabaseName();
    url = withDatabase(testDatabaseUrl()!, name);
    await adminQuery(testDatabaseUrl()!, `CREATE DATABASE "${name}"`);
  }
  const handle = await openDatabase({ url, log: { warn: () => undefined } });
  if (engine === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  await fs.rm(folder, { recursive: true });
  return {
    handle,
    drop: async () => {
      await handle.close();
      if (url) await adminQuery(testDatabaseUrl()!, `DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
    },
  };
}

describe.each(engines())('upgrading a store with pushes queued to migration 0042 on %s', (engine) => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('rewrites a push job of the old form into what it sends, marks a push whose subscription went as removed, and keeps a delivery’s subscription after it goes', async () => {
    const { handle, drop } = await storeBefore(engine, '0042_deliveries_written_when_sent');
    drops.push(drop);
    const [user] = await rows<{ id: number }>(handle, sql`INSERT INTO users (username, email, password_hash) VALUES ('wanjiru', 'wanjiru@example.test', 'x') RETURNING id`);
    await handle.db.execute(sql`INSERT INTO profiles (user_id, phone_number) VALUES (${user!.id}, '+254712345678')`);
    const [n] = await rows<{ id: number }>(handle, sql`INSERT INTO customer_notifications (user_id, kind, url, dedupe_key) VALUES (${user!.id}, 'new_video', '/video/1', 'new_video:1') RETURNING id`);
    const subs = await rows<{ id: number }>(handle, sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (${user!.id}, 'https://fcm.googleapis.com/fcm/send/a', 'k', 'a'), (${user!.id}, 'https://fcm.googleapis.com/fcm/send/b', 'k', 'a') RETURNING id`);
    const made = await rows<{ id: number }>(
      handle,
      sql`INSERT INTO notification_deliveries (notification_id, channel, subscription_id) VALUES (${n!.id}, 'push', ${subs[0]!.id}), (${n!.id}, 'push', ${subs[1]!.id}), (${n!.id}, 'sms', NULL) RETURNING id`,
    );
    // The second browser unsubscribed while its push waited: the old foreign key set its delivery's subscription to NULL.
    await handle.db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${subs[1]!.id}`);
    const [grouped] = await rows<{ id: number }>(handle, sql`INSERT INTO media_jobs (kind, payload) VALUES ('notify-send', ${JSON.stringify({ deliveries: made.map((d) => d.id) })}::jsonb) RETURNING id`);
    const [single] = await rows<{ id: number }>(handle, sql`INSERT INTO media_jobs (kind, payload) VALUES ('notify-send', ${JSON.stringify({ delivery: made[2]!.id })}::jsonb) RETURNING id`);

    await migrateDatabase(handle);

    const payloads = await rows<{ id: number; payload: unknown }>(handle, sql`SELECT id, payload FROM media_jobs ORDER BY id`);
    expect(payloads).toEqual([
      { id: grouped!.id, payload: { pushes: [[n!.id, subs[0]!.id]], sms: [n!.id] } },
      { id: single!.id, payload: { pushes: [], sms: [n!.id] } },
    ]);
    const states = await rows<{ channel: string; state: string }>(handle, sql`SELECT channel, state FROM notification_deliveries ORDER BY id`);
    expect(states).toEqual([
      { channel: 'push', state: 'queued' },
      { channel: 'push', state: 'removed' },
      { channel: 'sms', state: 'queued' },
    ]);
    // From now on a delivery keeps the subscription it went to when that subscription goes.
    await handle.db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${subs[0]!.id}`);
    const [kept] = await rows<{ subscription_id: number }>(handle, sql`SELECT subscription_id FROM notification_deliveries WHERE id = ${made[0]!.id}`);
    expect(Number(kept!.subscription_id)).toBe(subs[0]!.id);
  });
});
