import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminQuery } from '../../test/helpers/admin-sql.ts';
import { engines } from '../../test/helpers/engines.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-db.ts';
import { openDatabase, type Database, type DatabaseHandle } from './client.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** PostgreSQL only: PGlite runs in this process and has no connection to lose. */
describe.each(engines().filter((e) => e === 'postgres'))('a %s connection lost while in use', () => {
  let t: TestDatabase;
  let handle: DatabaseHandle;
  const logged: { obj: object; msg: string }[] = [];
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    handle = await openDatabase({ url: t.url!, poolSize: 2, log: { warn: (obj, msg) => logged.push({ obj, msg }) } });
  });
  afterAll(async () => {
    await handle?.close();
    await t?.destroy();
  });

  it('inside a transaction fails that transaction, is logged once without its query, and the pool carries on', async () => {
    const secret = 'a-secret-parameter-7f3a';
    const attempt = handle.db.transaction(async (txn) => {
      const tx = txn as unknown as Database;
      const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid, ${secret}::text AS s`)) as [{ pid: number }];
      // Between two statements the connection is checked out and idle: the server's FATAL message
      // arrives with no query to fail, as an 'error' event on the client (and again when the socket ends).
      await adminQuery(t.url!, `SELECT pg_terminate_backend(${pid})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(attempt).rejects.toThrow();
    await vi.waitFor(() => expect(logged).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toMatch(/connection was lost/);
    expect(JSON.stringify(logged[0]!.obj)).not.toContain(secret);
    expect((logged[0]!.obj as { database: { code?: string } }).database.code).toBe('57P01');
    // The next query gets a working connection.
    expect(rowsOf<{ one: number }>(await handle.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
  });

  it('when idle is logged once too', async () => {
    logged.length = 0;
    const [{ pid }] = rowsOf<{ pid: number }>(await handle.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as [{ pid: number }];
    await adminQuery(t.url!, `SELECT pg_terminate_backend(${pid})`);
    await vi.waitFor(() => expect(logged).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logged).toHaveLength(1);
    expect(rowsOf<{ one: number }>(await handle.db.execute(sql`SELECT 1 AS one`))).toEqual([{ one: 1 }]);
  });

  it('is written as one JSON line by default', async () => {
    const other = await openDatabase({ url: t.url!, poolSize: 1 });
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    try {
      const [{ pid }] = rowsOf<{ pid: number }>(await other.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as [{ pid: number }];
      await adminQuery(t.url!, `SELECT pg_terminate_backend(${pid})`);
      await vi.waitFor(() => expect(lines.some((l) => l.includes('connection was lost'))).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      write.mockRestore();
      await other.close();
    }
    const ours = lines.filter((l) => l.includes('connection was lost'));
    expect(ours).toHaveLength(1);
    const parsed = JSON.parse(ours[0]!) as { level: number; database: { code: string } };
    expect(parsed).toMatchObject({ level: 40, database: { code: '57P01' } });
  });
});

describe.each(engines().filter((e) => e === 'postgres'))('%s timeouts', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(() => t?.destroy());

  it('cancels a statement longer than the statement timeout (57014)', async () => {
    const handle = await openDatabase({ url: t.url!, poolSize: 1, statementTimeoutMs: 200, log: { warn: () => undefined } });
    try {
      const started = Date.now();
      const slow = handle.db.execute(sql`SELECT pg_sleep(5)`);
      await expect(slow).rejects.toSatisfy((err: unknown) => (err as { cause?: { code?: string } }).cause?.code === '57014');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await handle.close();
    }
  });

  it('gives up waiting for a connection after the connection timeout', async () => {
    const handle = await openDatabase({ url: t.url!, poolSize: 1, connectionTimeoutMs: 200, log: { warn: () => undefined } });
    try {
      // Drizzle's queries start when awaited: this one holds the pool's one connection for a second.
      const holding = Promise.resolve(handle.db.execute(sql`SELECT pg_sleep(1)`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = Date.now();
      await expect(handle.db.execute(sql`SELECT 1`)).rejects.toSatisfy((err: unknown) => /timeout exceeded when trying to connect/.test(String((err as { cause?: Error }).cause?.message ?? err)));
      expect(Date.now() - started).toBeLessThan(900);
      await holding;
    } finally {
      await handle.close();
    }
  });

  it('gives up on a LISTEN connection that never answers after the connection timeout', async () => {
    // A relay that forwards the pool's first connection and swallows every later one.
    const target = new URL(t.url!);
    const held: net.Socket[] = [];
    let forwarded = 0;
    const relay = net.createServer((client) => {
      client.on('error', () => undefined);
      if (forwarded++ > 0) return void held.push(client);
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      upstream.on('error', () => undefined);
      client.pipe(upstream).pipe(client);
      held.push(client, upstream);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(t.url!);
    relayed.hostname = '127.0.0.1';
    relayed.port = String((relay.address() as net.AddressInfo).port);
    const handle = await openDatabase({ url: relayed.toString(), poolSize: 1, connectionTimeoutMs: 300, log: { warn: () => undefined } });
    try {
      const started = Date.now();
      await expect(handle.listen('hang_test', () => undefined)).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const s of held) s.destroy();
      relay.close();
      await handle.close();
    }
  });
});
