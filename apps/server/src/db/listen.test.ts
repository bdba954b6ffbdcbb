import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engines } from '../../test/helpers/engines.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-db.ts';

/** What the job runner relies on to wake at once (jobs/runner.ts), on every engine. */
describe.each(engines())('LISTEN on %s', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.destroy());

  const notify = (channel: string, payload: string) => t.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);

  it('hears each notification on its channel once, none of another channel, and none once stopped', async () => {
    const heard: string[] = [];
    const witnessed: string[] = [];
    const states: string[] = [];
    const stop = await t.listen('jobs_test', (p) => heard.push(p), { onDown: () => states.push('down'), onUp: () => states.push('up') });
    const stopWitness = await t.listen('jobs_test', (p) => witnessed.push(p));
    const stopOther = await t.listen('other_test', () => heard.push('other channel'));
    try {
      await notify('jobs_test', 'first');
      await notify('other_test_not_listened', 'elsewhere');
      await vi.waitFor(() => expect(witnessed).toEqual(['first']));
      await vi.waitFor(() => expect(heard).toEqual(['first']));
      await stop();
      await notify('jobs_test', 'second');
      // The witness on the same channel heard it: the stopped listener would have by now.
      await vi.waitFor(() => expect(witnessed).toEqual(['first', 'second']));
      expect(heard).toEqual(['first']);
      expect(states).toEqual([]);
    } finally {
      await stopWitness();
      await stopOther();
    }
  });
});

/** PostgreSQL only: PGlite listens inside this process and cannot lose its connection. */
describe.each(engines().filter((e) => e === 'postgres'))('LISTEN on %s after its connection is lost', (engine) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
  });
  afterAll(() => t.destroy());

  const listeners = async (channel: string) =>
    ((await t.db.execute(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${channel}`}`)) as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
  const notify = (channel: string) => t.db.execute(sql`SELECT pg_notify(${channel}, 'hello')`);

  it('comes back on one new connection, says it was down and up, and hears each notification once', async () => {
    const heard: string[] = [];
    const states: string[] = [];
    const stop = await t.listen('listen_test', (p) => heard.push(p), { onDown: () => states.push('down'), onUp: () => states.push('up') });
    try {
      const [first] = await listeners('listen_test');
      expect(first).toBeDefined();
      // As a restart or an idle-session timeout ends it: node-postgres reports the loss more than once.
      await t.db.execute(sql`SELECT pg_terminate_backend(${first!})`);
      await vi.waitFor(() => expect(states).toEqual(['down', 'up']), { timeout: 5_000 });
      const after = await listeners('listen_test');
      expect(after).toHaveLength(1);
      expect(after[0]).not.toBe(first);
      await notify('listen_test');
      await vi.waitFor(() => expect(heard).toEqual(['hello']));
      // Still one connection a while later: the loss was not answered twice.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await listeners('listen_test')).toHaveLength(1);
    } finally {
      await stop();
    }
    await vi.waitFor(async () => expect(await listeners('listen_test')).toEqual([]));
  });
});
