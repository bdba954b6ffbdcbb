import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerEntries, profiles, purchases, saleLines } from '../../../db/schema.ts';
import { ledgerMismatches, saleLineMismatches } from '../../wallet/index.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { customerWithBalance } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * A fault inside the sale's transaction, after the balance is debited and its ledger entry written
 * (sell_checked.sql), as the sale line goes in: `timeout` raises what PostgreSQL's statement timeout
 * raises (57014); `hang` waits until the test cancels or terminates the backend from outside, as an
 * operator or a failover would. Test databases only.
 */
const FAULT_SQL = `
  create table if not exists test_sale_fault (mode text not null);
  create or replace function test_sale_fault() returns trigger language plpgsql as $$
  declare m text;
  begin
    select mode into m from test_sale_fault limit 1;
    if m = 'timeout' then raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled'; end if;
    if m = 'hang' then perform pg_sleep(30); end if;
    return new;
  end $$;
  drop trigger if exists test_sale_fault on sale_lines;
  create trigger test_sale_fault before insert on sale_lines for each row execute function test_sale_fault();
`;

describe.each(engines())('a sale interrupted in the middle on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    for (const statement of FAULT_SQL.split(/;\n(?=\s*(?:create|drop))/)) await t.database.db.execute(sql.raw(statement));
  });
  afterAll(() => t.close());
  beforeEach(() => fault(null));

  const db = () => t.database.db;
  const fault = async (mode: 'timeout' | 'hang' | null) => {
    await db().execute(sql`delete from test_sale_fault`);
    if (mode) await db().execute(sql`insert into test_sale_fault (mode) values (${mode})`);
  };
  type Customer = Awaited<ReturnType<typeof customerWithBalance>>;
  /** Everything a sale writes for the customer: the balance, ledger entries, sale lines, purchases. */
  const footprint = async (c: Customer) => ({
    balance: (await db().select({ b: profiles.account }).from(profiles).where(eq(profiles.userId, c.id)))[0]!.b,
    ledger: (await db().select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, c.id)))[0]!.n,
    lines: (await db().select({ n: count() }).from(saleLines).where(eq(saleLines.userId, c.id)))[0]!.n,
    purchases: (await db().select({ n: count() }).from(purchases).where(eq(purchases.userId, c.id)))[0]!.n,
  });
  const buy = (c: Customer, key: string) => t.app.inject({ method: 'POST', url: '/api/purchased/', headers: { ...c.auth, 'idempotency-key': key }, payload: { video_id: ids[1] } });
  const checkout = (c: Customer, key: string) => t.app.inject({ method: 'POST', url: '/api/checkout/', headers: { ...c.auth, 'idempotency-key': key, 'accept-language': 'sw' }, payload: { video_ids: [ids[0], ids[4]] } });

  /** The fault gave 503 "try again" and left nothing; without it the same key buys once, and replays. */
  async function expectAllOrNothing(c: Customer, key: string, res: Awaited<ReturnType<typeof buy>>, send: (c: Customer, key: string) => ReturnType<typeof buy>, total: number) {
    const before = { balance: 500, ledger: 1, lines: 0, purchases: 0 };
    expect(res.statusCode, res.body).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/sale_lines|canceling|statement|insert/i);
    expect(await footprint(c)).toEqual(before);
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);

    await fault(null);
    const again = await send(c, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ total, balance: 500 - total });
    const replay = await send(c, key);
    expect([replay.statusCode, replay.json()]).toEqual([201, again.json()]);
    const bought = await footprint(c);
    expect(bought).toMatchObject({ balance: 500 - total, ledger: 2, purchases: total === 70 ? 1 : 2 });
    expect(bought.lines).toBe(bought.purchases);
    expect(await ledgerMismatches(db())).toEqual([]);
    expect(await saleLineMismatches(db())).toEqual([]);
  }

  it('a statement timeout as the sale line goes in: 503, nothing half-made, then the same key buys once', async () => {
    const c = await customerWithBalance(t.app, 500);
    await fault('timeout');
    await expectAllOrNothing(c, `timeout-${c.id}`, await buy(c, `timeout-${c.id}`), buy, 70);
  });

  it('the same for a cart checkout of two videos, said in Kiswahili', async () => {
    const c = await customerWithBalance(t.app, 500);
    await fault('timeout');
    const res = await checkout(c, `cart-${c.id}`);
    expect(res.json<{ detail: string }>().detail).not.toMatch(/try again/);
    await expectAllOrNothing(c, `cart-${c.id}`, res, checkout, 150);
  });

  // PGlite has one connection and nothing outside it to stop it with.
  const stops = engine === 'postgres' ? ['pg_cancel_backend', 'pg_terminate_backend'] : [];
  it.each(stops)('a backend stopped from outside mid-sale (%s): 503, nothing half-made, then the same key buys once', async (stop) => {
    const c = await customerWithBalance(t.app, 500);
    await fault('hang');
    const pending = buy(c, `${stop}-${c.id}`);
    // The sale's backend, asleep in the trigger with the debit already made.
    let pid: number | undefined;
    for (let i = 0; i < 200 && !pid; i++) {
      const rows = (await db().execute(sql`select pid from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep' and pid <> pg_backend_pid()`)) as unknown as { rows?: { pid: number }[] } & { pid: number }[];
      pid = (rows.rows ?? rows)[0]?.pid;
      if (!pid) await new Promise((r) => setTimeout(r, 25));
    }
    expect(pid, 'the sale reached the fault').toBeDefined();
    await db().execute(sql`select ${sql.raw(stop)}(${pid})`);
    await expectAllOrNothing(c, `${stop}-${c.id}`, await pending, buy, 70);
  });
});
