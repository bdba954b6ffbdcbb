import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bundle, Page } from '@store/contract';
import { videos } from '../../../db/schema.ts';
import { engines } from '../../../../test/helpers/engines.ts';
import { customerWithBalance } from '../../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { PREVIEW_LIMITS } from './guess-limits.ts';

type Customer = Awaited<ReturnType<typeof customerWithBalance>>;

/** Every way to pay answers a made-up code as the preview does, so each takes from the preview's limits. */
describe.each(engines())('promo code guesses through the sale routes on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // prices 100, 70, 200, 250, 50, 30
  let pass: Bundle;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    await t.database.db.update(videos).set({ rentPrice: 25 }).where(eq(videos.id, ids[0]!));
    pass = (await t.app.inject({ url: '/api/bundles/' })).json<Page<Bundle>>().results.find((b) => b.kind === 'all_seasons')!;
  });
  afterAll(() => t.close());

  let addresses = 0;
  /** Each test asks from its own address, so the per-address limit is its own. */
  const from = () => `10.6.${Math.floor(++addresses / 250)}.${addresses % 250}`;
  /** The five ways to pay, each with a code: a made-up one is a 400, as the preview's. */
  const sales = (code: string) => [
    { method: 'POST' as const, url: '/api/rentals/', payload: { video_id: ids[0], promo_code: code } },
    { method: 'POST' as const, url: '/api/purchased/', payload: { video_id: ids[0], promo_code: code } },
    { method: 'POST' as const, url: '/api/checkout/', payload: { video_ids: [ids[0], ids[1]], promo_code: code } },
    { method: 'POST' as const, url: `/api/bundles/${pass.id}/buy/`, payload: { promo_code: code } },
    { method: 'POST' as const, url: '/api/gifts/', payload: { video_ids: [ids[0]], to_phone: '0712000001', promo_code: code } },
  ];
  const send = (c: Customer, req: { method: 'POST'; url: string; payload: object }, remoteAddress: string) => t.app.inject({ ...req, headers: c.auth, remoteAddress });
  const preview = (c: Customer | null, code: string, remoteAddress: string) => t.app.inject({ url: `/api/promo-codes/${code}/?video_ids=${ids[0]}`, headers: c?.auth ?? {}, remoteAddress });

  it('stops an account guessing codes through the sales once the preview’s count is spent, counted together with the preview (429 with Retry-After)', async () => {
    const c = await customerWithBalance(t.app, 1000);
    const address = from();
    const half = PREVIEW_LIMITS.perUser.points / 2;
    for (let i = 0; i < half; i++) expect((await preview(c, `PRE${i}`, address)).statusCode).toBe(400);
    for (let i = 0; i < half; i++) {
      const req = sales(`SALE${i}`)[i % 5]!;
      const res = await send(c, req, address);
      expect(res.statusCode, `${req.url} ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ promo_code: ['There is no such code.'] });
    }
    for (const req of sales('SALEX')) {
      const stopped = await send(c, req, from());
      expect(stopped.statusCode, `${req.url} ${stopped.body}`).toBe(429);
      expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
      expect(stopped.json<{ detail: string }>().detail).toMatch(/^Too many codes were tried\. Try again in \d+ minutes\.$/);
    }
    expect((await preview(c, 'PREX', from())).statusCode).toBe(429);
    // A sale without a code guesses nothing: it is never held back.
    expect((await send(c, { method: 'POST', url: '/api/purchased/', payload: { video_id: ids[2] } }, address)).statusCode).toBe(201);
  });

  it('stops one address guessing through the sales with many accounts, counted together with the preview', async () => {
    const address = from();
    const perAccount = PREVIEW_LIMITS.perUser.points - 1;
    let left = PREVIEW_LIMITS.perAddress.points;
    for (let i = 0; left > 0; i++) {
      const c = await customerWithBalance(t.app, 0);
      for (let j = 0; j < perAccount && left > 0; j++, left--) {
        const res = j === 0 ? await preview(null, `ADDR${i}x${j}`, address) : await send(c, sales(`ADDR${i}x${j}`)[1]!, address);
        expect(res.statusCode, res.body).toBe(400);
      }
    }
    const fresh = await customerWithBalance(t.app, 1000);
    const stopped = await send(fresh, sales('ADDRX')[2]!, address);
    expect(stopped.statusCode, stopped.body).toBe(429);
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect((await preview(null, 'ADDRY', address)).statusCode).toBe(429);
  });
});
