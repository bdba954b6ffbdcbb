import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { seedDemoStore } from '../../demo/seed.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/** CONTRACT §2: the demo store's trade comes with signed receipts on its first start. */
describe.each(engines())('the demo store’s receipts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('gives every demo sale a tax invoice, and eTIMS signs them all', async () => {
    await seedDemoStore(t.database.db, t.store.mediaStore, { demoClips: 0 });
    const sales = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM sale_lines GROUP BY ledger_kind, reference HAVING sum(amount) <> 0) s`)) as unknown as { rows: { n: number }[] };
    const made = await t.database.db.select().from(receipts);
    expect(made.length).toBeGreaterThan(10);
    expect(made.length).toBe(Number(sales.rows[0]!.n));
    expect(made.every((r) => r.invoiceNo === null)).toBe(true); // the submitter numbers them as it sends them
    await t.store.receipts.submitter.drain();
    const after = await t.database.db.select({ state: receipts.etimsState, invoiceNo: receipts.invoiceNo }).from(receipts).orderBy(receipts.id);
    expect(after.every((r) => r.state === 'signed')).toBe(true);
    expect(after.map((r) => r.invoiceNo)).toEqual(made.map((_, i) => i + 1));
  });
});

/** Decision 0056: in simulator mode the store reaches its own simulator in-process, not through its public address. */
describe.each(engines())('the simulator called in-process on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // A public address no one answers at: only the in-process call can sign.
    const publicUrl = 'http://store.invalid';
    t = await createTestApp(engine, { publicUrl, etims: loadConfig({ NODE_ENV: 'test', PUBLIC_URL: publicUrl }).etims });
  });
  afterAll(() => t.close());

  it('signs the demo’s receipts with the public address out of reach', async () => {
    expect(t.config.etims).toMatchObject({ mode: 'simulator', inProcess: true, url: 'http://store.invalid/etims-sim' });
    await seedDemoStore(t.database.db, t.store.mediaStore, { demoClips: 0 });
    const signed = await t.store.receipts.submitter.drain();
    const after = await t.database.db.select({ state: receipts.etimsState }).from(receipts);
    expect(signed).toBe(after.length);
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((r) => r.state === 'signed')).toBe(true);
    expect(t.store.receipts.sim?.signed.size).toBe(after.length);
  });
});
