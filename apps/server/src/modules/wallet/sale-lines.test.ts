import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { purchases, saleLines, users } from '../../db/schema.ts';
import { ledger } from './ledger.ts';
import { ledgerMismatches, postLedgerEntry, saleLineMismatches } from './wallet.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { signedInCustomer } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe.each(engines())('sale lines on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  async function customerWith(balance: number) {
    const c = await signedInCustomer(t.app);
    const [u] = await db().select().from(users).where(eq(users.email, c.email));
    await db().transaction((tx) => postLedgerEntry(tx as unknown as Database, { userId: u!.id, kind: 'adjustment', amount: balance, reference: `sale-lines-top-up-${u!.id}` }));
    return { ...c, userId: u!.id };
  }
  const linesOf = (userId: number) => db().select().from(saleLines).where(eq(saleLines.userId, userId)).orderBy(saleLines.id);

  it('writes a line per video of a cart at its price, under the purchase ledger entry, and links each purchase to its line', async () => {
    const c = await customerWith(500);
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout/', headers: c.auth, payload: { video_ids: [ids[1], ids[4]] } });
    expect(res.statusCode, res.body).toBe(201);
    const lines = await linesOf(c.userId);
    expect(lines.map((l) => [l.kind, l.ledgerKind, l.videoId, l.title, l.listPrice, l.amount])).toEqual([
      ['purchase', 'purchase', ids[1], 'Nairobi Heist', 70, 70],
      ['purchase', 'purchase', ids[4], expect.any(String), 50, 50],
    ]);
    expect(new Set(lines.map((l) => l.reference)).size).toBe(1);
    expect(lines.every((l) => l.djId !== null)).toBe(true);
    const owned = await db().select().from(purchases).where(eq(purchases.userId, c.userId));
    expect(owned.map((p) => p.saleLineId).sort()).toEqual(lines.map((l) => l.id).sort());
    expect(await saleLineMismatches(db())).toEqual([]);
  });

  it('writes a refund as a negative line pointing at the line it returns, once', async () => {
    const c = await customerWith(500);
    await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[0] } });
    const [bought] = await db().select().from(purchases).where(eq(purchases.userId, c.userId));
    await db().transaction((tx) => ledger.refundPurchase(tx as unknown as Database, bought!.id, 'Wrong video'));
    const [sale, refund] = await linesOf(c.userId);
    expect(refund).toMatchObject({ kind: 'refund', ledgerKind: 'refund', reference: `refund-${bought!.id}`, amount: -100, refundsLineId: sale!.id, videoId: ids[0] });
    await expect(db().transaction((tx) => ledger.refundPurchase(tx as unknown as Database, bought!.id, 'again'))).rejects.toThrow(/already refunded/);
    expect(await saleLineMismatches(db())).toEqual([]);
    expect(await ledgerMismatches(db())).toEqual([]);
  });

  it('finds a sale whose lines do not add up to its ledger entry', async () => {
    const c = await customerWith(500);
    await t.app.inject({ method: 'POST', url: '/api/purchased/', headers: c.auth, payload: { video_id: ids[5] } });
    const [line] = await linesOf(c.userId);
    await db().update(saleLines).set({ amount: 29 }).where(eq(saleLines.id, line!.id));
    expect(await saleLineMismatches(db())).toEqual([{ kind: 'purchase', reference: line!.reference, lines: 29, entry: 30 }]);
    await db().update(saleLines).set({ amount: 30 }).where(eq(saleLines.id, line!.id));
  });
});
