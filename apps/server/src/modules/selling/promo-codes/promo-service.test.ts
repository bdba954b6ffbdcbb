import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../db/client.ts';
import { profiles, promoCodes, promoRedemptions, saleLines, users } from '../../../db/schema.ts';
import { FieldError } from '../../../lib/http-errors.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/test-db.ts';
import { promoCodeResource } from './admin-resource.ts';
import { promoRepository } from './promo-repository.ts';
import { applyPromo, confirmRedemption, previewPromo, releaseRedemption, type PromoLine } from './promo-service.ts';

type CodeInput = Partial<typeof promoCodes.$inferInsert>;

describe.each(engines())('promo codes on %s', (engine) => {
  let d: TestDatabase;
  let catalogue: Awaited<ReturnType<typeof insertFixtureCatalogue>>;
  beforeAll(async () => {
    d = await createTestDatabase(engine);
    catalogue = await insertFixtureCatalogue(d.db);
  });
  afterAll(() => d.destroy());
  const db = () => d.db;
  const v = (i: number) => catalogue.videos[i]!; // prices 100, 70, 200, 250, 50, 30
  const line = (i: number): PromoLine => ({ videoId: v(i).id, listPrice: v(i).price, amount: v(i).price });

  let n = 0;
  async function customer(): Promise<number> {
    n++;
    const [u] = await db().insert(users).values({ username: `promo${n}`, email: `promo${n}@example.co.ke`, passwordHash: 'x' }).returning();
    await db().insert(profiles).values({ userId: u!.id });
    return u!.id;
  }
  let codes = 0;
  async function code(over: CodeInput = {}): Promise<string> {
    const c = over.code ?? `CODE${++codes}X`;
    await db().insert(promoCodes).values({ percentOff: over.amountOff ? null : 20, ...over, code: c });
    return c;
  }
  let orders = 0;
  const apply = (o: { code: string; userId: number; lines: PromoLine[]; kind?: 'purchase' | 'rental' | 'bundle' | 'gift'; bundleId?: number; hold?: boolean; now?: Date; orderReference?: string }) =>
    db().transaction((tx) => applyPromo(tx as unknown as Database, { kind: 'purchase', orderReference: `order-${engine}-${++orders}`, ...o }));
  const why = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(FieldError);
    return (err as FieldError).fields.promo_code?.[0];
  };
  /** The code's live uses (held or used redemptions); a limited code's counter too, which must agree. */
  const timesRedeemed = async (c: string) => {
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.code, c));
    const live = (await db().select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, row!.id))).filter((r) => r.state !== 'released').length;
    if (row!.maxRedemptions !== null) expect(row!.timesRedeemed).toBe(live);
    return live;
  };

  it('takes a percent off, rounded to the shilling, spread over the lines so they still add up with no shilling lost', async () => {
    const c = await code({ percentOff: 15 });
    const lines = [line(0), line(1), line(5)]; // 100 + 70 + 30 = 200, 15% = 30
    const r = await apply({ code: c.toLowerCase(), userId: await customer(), lines });
    expect(r.discount).toBe(30);
    expect(r.totalBefore - r.totalAfter).toBe(30);
    expect(r.lines.reduce((s, l) => s + l.amount, 0)).toBe(170);
    expect(r.lines.map((l) => l.amount)).toEqual([85, 59, 26]); // 15, 10.5, 4.5 off: the shilling left goes to the earlier of the tied halves
    expect(r.code).toBe(c);
  });

  it('takes a fixed amount off, spread by what each line costs, never below 0, and can bring the total to 0', async () => {
    const c = await code({ amountOff: 33 });
    const r = await apply({ code: c, userId: await customer(), lines: [line(4), line(5), line(0)] }); // 50 + 30 + 100
    expect(r.discount).toBe(33);
    expect(r.lines.reduce((s, l) => s + l.amount, 0)).toBe(147);
    const big = await code({ amountOff: 5000 });
    const free = await apply({ code: big, userId: await customer(), lines: [line(4), line(5)] });
    expect(free).toMatchObject({ discount: 80, totalAfter: 0 });
    expect(free.lines.map((l) => l.amount)).toEqual([0, 0]);
    const all = await code({ percentOff: 100 });
    expect((await apply({ code: all, userId: await customer(), lines: [line(1)] })).totalAfter).toBe(0);
  });

  it('refuses a code outside its dates, and one switched off', async () => {
    const now = new Date('2026-11-24T09:00:00Z');
    const later = await code({ validFrom: new Date('2026-12-01T00:00:00Z') });
    const over = await code({ validUntil: new Date('2026-11-24T08:59:59Z') });
    const off = await code({ active: false });
    const userId = await customer();
    expect(await why(apply({ code: later, userId, lines: [line(0)], now }))).toBe('This code is not valid yet.');
    expect(await why(apply({ code: over, userId, lines: [line(0)], now }))).toBe('This code has expired.');
    expect(await why(apply({ code: off, userId, lines: [line(0)], now }))).toBe('This code is no longer valid.');
    expect(await why(apply({ code: 'NOSUCHCODE', userId, lines: [line(0)], now }))).toBe('There is no such code.');
    expect(await why(apply({ code: 'no such code!', userId, lines: [line(0)], now }))).toBe('There is no such code.');
    const inside = await code({ validFrom: new Date('2026-11-01T00:00:00Z'), validUntil: new Date('2026-12-01T00:00:00Z') });
    expect((await apply({ code: inside, userId, lines: [line(0)], now })).discount).toBe(20);
  });

  it('needs the order to reach the minimum total', async () => {
    const c = await code({ minTotal: 150 });
    const userId = await customer();
    expect(await why(apply({ code: c, userId, lines: [line(0)] }))).toBe('This code needs an order of at least Ksh 150.');
    expect((await apply({ code: c, userId, lines: [line(0), line(4)] })).discount).toBe(30);
  });

  it('takes off only the lines of the videos, DJs or genres it names, and a bundle it names whole', async () => {
    const userId = await customer();
    const zamu = catalogue.djs.find((x) => x.djName === 'Zamu')!.id;
    const comedy = catalogue.genres.find((g) => g.title === 'Comedy')!.id;
    const byDj = await code({ appliesDjIds: [zamu], perCustomer: 10 });
    const r = await apply({ code: byDj, userId, lines: [line(0), line(1)] }); // Kibe 100, Zamu 70
    expect(r.lines.map((l) => l.amount)).toEqual([100, 56]);
    const byGenre = await code({ appliesGenreIds: [comedy], perCustomer: 10 });
    expect((await apply({ code: byGenre, userId, lines: [line(4), line(0)] })).lines.map((l) => l.amount)).toEqual([40, 100]);
    const byVideo = await code({ appliesVideoIds: [v(3).id], perCustomer: 10 });
    expect((await apply({ code: byVideo, userId, lines: [line(2), line(3)] })).discount).toBe(50);
    expect(await why(apply({ code: byVideo, userId, lines: [line(0)] }))).toBe('This code is not for these videos.');
    const byBundle = await code({ appliesBundleIds: [7], perCustomer: 10, kinds: ['bundle'] });
    expect((await apply({ code: byBundle, userId, kind: 'bundle', bundleId: 7, lines: [line(2), line(3)] })).discount).toBe(90);
    expect(await why(apply({ code: byBundle, userId, kind: 'bundle', bundleId: 8, lines: [line(2), line(3)] }))).toBe('This code is not for these videos.');
  });

  it('is used only for the ways of selling it names', async () => {
    const c = await code({ kinds: ['rental', 'gift'], perCustomer: 10 });
    const userId = await customer();
    expect(await why(apply({ code: c, userId, lines: [line(0)] }))).toBe('This code is not for purchases.');
    expect(await why(apply({ code: c, userId, kind: 'bundle', lines: [line(0)] }))).toBe('This code is not for bundles.');
    expect((await apply({ code: c, userId, kind: 'rental', lines: [{ ...line(0), amount: 25 }] })).discount).toBe(5);
    expect((await apply({ code: c, userId, kind: 'gift', lines: [line(0)] })).discount).toBe(20);
  });

  it('keeps a first-purchase code for customers who have bought nothing yet', async () => {
    const c = await code({ firstPurchaseOnly: true });
    const fresh = await customer();
    expect((await apply({ code: c, userId: fresh, lines: [line(0)] })).discount).toBe(20);
    const buyer = await customer();
    await db().insert(saleLines).values({ ledgerKind: 'purchase', reference: `old-${buyer}`, kind: 'purchase', userId: buyer, videoId: v(1).id, title: 'x', listPrice: 70, amount: 70 });
    expect(await why(apply({ code: c, userId: buyer, lines: [line(0)] }))).toBe('This code is only for a first purchase.');
  });

  it('lets each customer use a code per_customer times, and counts a retried order once', async () => {
    const c = await code({ perCustomer: 2 });
    const userId = await customer();
    await apply({ code: c, userId, lines: [line(0)] });
    const again = await apply({ code: c, userId, lines: [line(1)], orderReference: 'retried-order' });
    const retried = await apply({ code: c, userId, lines: [line(1)], orderReference: 'retried-order' });
    expect(retried.redemptionId).toBe(again.redemptionId);
    expect(await why(apply({ code: c, userId, lines: [line(4)] }))).toBe('You have already used this code.');
    expect(await timesRedeemed(c)).toBe(2);
    // Another customer still may.
    expect((await apply({ code: c, userId: await customer(), lines: [line(4)] })).discount).toBe(10);
  });

  it('gives exactly max_redemptions of 50 parallel redemptions, and counts them exactly', async () => {
    const c = await code({ maxRedemptions: 5 });
    const people = await Promise.all(Array.from({ length: 50 }, () => customer()));
    const results = await Promise.allSettled(people.map((userId) => apply({ code: c, userId, lines: [line(0)] })));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(5);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as FieldError).fields.promo_code).toEqual(['This code has been used up.']);
    expect(await timesRedeemed(c)).toBe(5);
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.code, c));
    expect(await db().select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, row!.id))).toHaveLength(5);
  });

  it('holds one customer to per_customer under parallel sales too', async () => {
    const c = await code({ perCustomer: 1 });
    const userId = await customer();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => apply({ code: c, userId, lines: [line(0)] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await timesRedeemed(c)).toBe(1);
  });

  it('gives a held redemption back when its payment fails, so the last use is free again; a sale rolled back leaves none', async () => {
    const c = await code({ maxRedemptions: 1 });
    const payer = await customer();
    const held = await apply({ code: c, userId: payer, lines: [line(0)], hold: true, orderReference: 'mpesa-order-1' });
    expect(await why(apply({ code: c, userId: await customer(), lines: [line(0)] }))).toBe('This code has been used up.');
    expect(await db().transaction((tx) => releaseRedemption(tx as unknown as Database, 'mpesa-order-1'))).toBe(true);
    expect(await db().transaction((tx) => releaseRedemption(tx as unknown as Database, held.redemptionId))).toBe(false);
    expect(await timesRedeemed(c)).toBe(0);
    // The same customer may try again, and a paid one is confirmed.
    await apply({ code: c, userId: payer, lines: [line(0)], hold: true, orderReference: 'mpesa-order-2' });
    expect(await db().transaction((tx) => confirmRedemption(tx as unknown as Database, 'mpesa-order-2'))).toBe(true);
    const [r] = await db().select().from(promoRedemptions).where(eq(promoRedemptions.orderReference, 'mpesa-order-2'));
    expect(r).toMatchObject({ state: 'used', discount: 20 });
    // A sale that fails after the code rolls its redemption back with it.
    const d2 = await code({ maxRedemptions: 1 });
    await expect(
      db().transaction(async (tx) => {
        await applyPromo(tx as unknown as Database, { code: d2, userId: payer, kind: 'purchase', lines: [line(0)], orderReference: 'failed-sale' });
        throw new Error('balance short');
      }),
    ).rejects.toThrow('balance short');
    expect(await timesRedeemed(d2)).toBe(0);
  });

  it('keeps a held code’s terms for its order once M-Pesa pays, even if the code ended or was switched off meanwhile', async () => {
    const c = await code({ validUntil: new Date(Date.now() + 60_000), maxRedemptions: 2 });
    const userId = await customer();
    const held = await apply({ code: c, userId, lines: [line(0)], hold: true, orderReference: 'paid-late' });
    await db().update(promoCodes).set({ active: false }).where(eq(promoCodes.code, c));
    const paidAt = new Date(Date.now() + 3600_000);
    const sold = await apply({ code: c, userId, lines: [line(0)], orderReference: 'paid-late', now: paidAt });
    expect(sold).toMatchObject({ redemptionId: held.redemptionId, discount: 20, totalAfter: 80 });
    expect(await timesRedeemed(c)).toBe(1);
    // Another order is refused as usual.
    expect(await why(apply({ code: c, userId: await customer(), lines: [line(0)], now: paidAt }))).toBe('This code is no longer valid.');
  });

  it('previews the discount without holding anything, and says why not as a sale would', async () => {
    const c = await code({ maxRedemptions: 1 });
    const userId = await customer();
    expect(await previewPromo(db(), { code: ` ${c.toLowerCase()} `, userId, kind: 'purchase', lines: [line(0), line(1)] })).toEqual({ code: c, discount: 34, total_before: 170, total_after: 136 });
    expect(await timesRedeemed(c)).toBe(0);
    expect(await previewPromo(db(), { code: c, userId: null, kind: 'purchase', lines: [line(0)] })).toMatchObject({ total_after: 80 });
    await apply({ code: c, userId, lines: [line(0)] });
    expect(await why(previewPromo(db(), { code: c, userId: await customer(), kind: 'purchase', lines: [line(0)] }))).toBe('This code has been used up.');
    const once = await code();
    await apply({ code: once, userId, lines: [line(0)] });
    expect(await why(previewPromo(db(), { code: once, userId, kind: 'purchase', lines: [line(0)] }))).toBe('You have already used this code.');
  });
});

/** Sales side by side need PostgreSQL's connections (PGlite runs one transaction at a time). */
describe.each(engines().filter((e) => e === 'postgres'))('promo codes under parallel sales on %s', (engine) => {
  let d: TestDatabase;
  let videoId: number;
  beforeAll(async () => {
    d = await createTestDatabase(engine);
    videoId = (await insertFixtureCatalogue(d.db)).videos[0]!.id;
  });
  afterAll(() => d.destroy());

  async function customer(name: string): Promise<number> {
    const [u] = await d.db.insert(users).values({ username: name, email: `${name}@example.co.ke`, passwordHash: 'x' }).returning();
    await d.db.insert(profiles).values({ userId: u!.id });
    return u!.id;
  }
  /** Starts a sale that redeems `code` and stays open until the answer's `finish` is called. */
  async function openSale(code: string, userId: number, ref: string) {
    let finish!: () => void;
    const open = new Promise<void>((resolve) => (finish = resolve));
    let redeemed!: () => void;
    const applied = new Promise<void>((resolve) => (redeemed = resolve));
    const done = d.db.transaction(async (tx) => {
      await applyPromo(tx as unknown as Database, { code, userId, kind: 'purchase', lines: [{ videoId, listPrice: 100, amount: 100 }], orderReference: ref });
      redeemed();
      await open;
    });
    await applied;
    return { finish, done };
  }
  const within = <T>(p: Promise<T>, ms: number) => Promise.race([p.then(() => 'done' as const), new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms))]);

  const sale = (code: string, userId: number, ref: string) =>
    d.db.transaction((tx) => applyPromo(tx as unknown as Database, { code, userId, kind: 'purchase', lines: [{ videoId, listPrice: 100, amount: 100 }], orderReference: ref }));
  /** Staff changing a code from the back office, as PUT /api/admin/promo-codes/{id} does (its transaction, its checks). */
  const staffChange = (id: number, input: Parameters<typeof promoCodeResource.update>[2]) =>
    d.db.transaction((tx) => promoCodeResource.update(tx as unknown as Database, id, input, 0));

  it('queues the sales of a limited code on its row, lets an unlimited code’s sales pass each other, and another code’s pass', async () => {
    await d.db.insert(promoCodes).values([
      { code: 'WAZI1', percentOff: 10 },
      { code: 'WAZI2', percentOff: 10 },
      { code: 'KIKOMO1', percentOff: 10, maxRedemptions: 10 },
    ]);
    for (const code of ['WAZI1', 'KIKOMO1']) {
      const open = await openSale(code, await customer(`${code.toLowerCase()}first`), `${code}-1`);
      const queued = sale(code, await customer(`${code.toLowerCase()}second`), `${code}-2`);
      try {
        // An unlimited code's sales share its row's lock (only staff's change waits for them).
        expect(await within(queued, code === 'WAZI1' ? 2000 : 500)).toBe(code === 'WAZI1' ? 'done' : 'waiting');
        expect(await within(sale('WAZI2', await customer(`${code.toLowerCase()}other`), `${code}-other`), 2000)).toBe('done');
      } finally {
        open.finish();
        await open.done;
      }
      expect(await within(queued, 2000)).toBe('done');
    }
  });

  it('holds a limit staff set while a sale had already read the code as unlimited, and counts it after (issue 32 #19)', async () => {
    const [made] = await d.db.insert(promoCodes).values({ code: 'LIMIT1', percentOff: 10 }).returning();
    const [a, b, c, e] = [await customer('limit1'), await customer('limit2'), await customer('limit3'), await customer('limit4')];
    await sale('LIMIT1', a, 'limit-1');
    // B's sale has read the code (no limit yet) and stops before counting its use...
    let reached!: () => void;
    const atCount = new Promise<void>((resolve) => (reached = resolve));
    let go!: () => void;
    const gate = new Promise<void>((resolve) => (go = resolve));
    const liveCount = promoRepository.liveCount;
    const spy = vi.spyOn(promoRepository, 'liveCount').mockImplementation(async (tx, codeId, userId) => {
      const n = await liveCount(tx, codeId, userId);
      if (userId === b) {
        reached();
        await gate;
      }
      return n;
    });
    const late = sale('LIMIT1', b, 'limit-2').then(
      () => 'sold',
      (err: unknown) => (err as FieldError).fields.promo_code?.[0],
    );
    await atCount;
    try {
      // ...while staff limit it to the 1 use it has.
      await staffChange(made!.id, { max_redemptions: 1 });
    } finally {
      go();
      spy.mockRestore();
    }
    expect(await late).toBe('This code has been used up.');
    // Raised to 3, it counts every use from its row: 2 more, then used up.
    await staffChange(made!.id, { max_redemptions: 3 });
    await sale('LIMIT1', c, 'limit-3');
    await sale('LIMIT1', b, 'limit-4');
    await expect(sale('LIMIT1', e, 'limit-5')).rejects.toMatchObject({ fields: { promo_code: ['This code has been used up.'] } });
    const live = (await d.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoCodeId, made!.id))).filter((r) => r.state !== 'released');
    expect(live).toHaveLength(3);
    expect((await d.db.select().from(promoCodes).where(eq(promoCodes.id, made!.id)))[0]).toMatchObject({ maxRedemptions: 3, timesRedeemed: 3 });
  });
});
