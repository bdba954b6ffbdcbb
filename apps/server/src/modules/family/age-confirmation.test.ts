import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, videos } from '../../db/schema.ts';
import { ledgerMismatches, saleLineMismatches } from '../wallet/index.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { customerWithBalance } from '../../../test/helpers/accounts.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe.each(engines())('age confirmation before the first 16 or 18 sale on %s', (engine) => {
  let t: TestApp;
  let ids: number[]; // fixture prices: 100, 70, 200, 250, 50, 30
  beforeAll(async () => {
    t = await createTestApp(engine);
    ids = (await insertFixtureCatalogue(t.database.db)).videos.map((v) => v.id);
    // Nairobi Heist 18, Empire of Swords S1 16; the rest GE.
    await t.database.db.update(videos).set({ rating: 'GE' });
    await t.database.db.update(videos).set({ rating: '18' }).where(eq(videos.id, ids[1]!));
    await t.database.db.update(videos).set({ rating: '16' }).where(eq(videos.id, ids[2]!));
  });
  afterAll(() => t.close());

  const buy = (auth: object, payload: object) => t.app.inject({ method: 'POST', url: '/api/purchased/', headers: { ...auth }, payload });
  const checkout = (auth: object, payload: object) => t.app.inject({ method: 'POST', url: '/api/checkout/', headers: { ...auth }, payload });
  const confirmedAt = async (userId: number) => (await t.database.db.select({ at: users.ageConfirmedAt }).from(users).where(eq(users.id, userId)))[0]!.at;

  it('asks once: a 403 until age_confirmed is sent, then stored with its time and never asked again', async () => {
    const c = await customerWithBalance(t.app, 1000);
    const asked = await buy(c.auth, { video_id: ids[1] });
    expect(asked.statusCode, asked.body).toBe(403);
    expect(asked.json()).toEqual({ detail: expect.stringMatching(/rated 16 or 18/), age_confirmation_required: true });
    expect(await confirmedAt(c.id)).toBeNull();

    const before = Date.now();
    const confirmed = await buy(c.auth, { video_id: ids[1], age_confirmed: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect((await confirmedAt(c.id))!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    // The next 16 is bought without the question.
    const next = await checkout(c.auth, { video_ids: [ids[2]] });
    expect(next.statusCode, next.body).toBe(201);
    expect(await ledgerMismatches(t.database.db)).toEqual([]);
    expect(await saleLineMismatches(t.database.db)).toEqual([]);
  });

  it('does not ask for GE and PG videos, and asks for a cart holding one 16 (nothing bought, nothing charged)', async () => {
    const c = await customerWithBalance(t.app, 1000);
    expect((await buy(c.auth, { video_id: ids[4] })).statusCode).toBe(201);
    const cart = await checkout(c.auth, { video_ids: [ids[0], ids[2]] });
    expect(cart.statusCode).toBe(403);
    expect(cart.json<{ age_confirmation_required: boolean }>().age_confirmation_required).toBe(true);
    const owned = await t.app.inject({ url: '/api/purchases/', headers: c.auth });
    expect(owned.json<{ video_id: number }[]>().map((p) => p.video_id)).toEqual([ids[4]]);
    expect(await confirmedAt(c.id)).toBeNull();
  });

  it('keeps the confirmation when the sale then fails for money (402): the customer did say it', async () => {
    const c = await customerWithBalance(t.app, 10);
    const short = await buy(c.auth, { video_id: ids[1], age_confirmed: true });
    expect(short.statusCode).toBe(402);
    expect(await confirmedAt(c.id)).not.toBeNull();
    const ratings = await t.database.db.select({ r: videos.rating }).from(videos).where(inArray(videos.id, [ids[1]!, ids[2]!]));
    expect(ratings.map((r) => r.r).sort()).toEqual(['16', '18']);
  });
});
