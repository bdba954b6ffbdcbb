import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receipts } from '../../db/schema.ts';
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
