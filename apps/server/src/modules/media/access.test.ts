import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, users } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db.ts';
import { canAccess } from './access.ts';

describe.each(engines())('who may have a video\'s media (canAccess) on %s', (engine) => {
  let t: TestDatabase;
  let video: number;
  let other: number;
  const person = async (username: string, isStaff: boolean) =>
    (await t.db.insert(users).values({ username, email: `${username}@example.co.ke`, passwordHash: 'x', isStaff }).returning({ id: users.id }))[0]!.id;

  beforeAll(async () => {
    t = await createTestDatabase(engine);
    const { videos } = await insertFixtureCatalogue(t.db);
    video = videos[0]!.id;
    other = videos[1]!.id;
  });
  afterAll(() => t.destroy());

  it('lets a buyer have the video bought and no other, until it is refunded', async () => {
    const buyer = await person('wanjiru', false);
    const [bought] = await t.db.insert(purchases).values({ userId: buyer, videoId: video, price: 100 }).returning({ id: purchases.id });
    expect(await canAccess(t.db, buyer, video)).toBe(true);
    expect(await canAccess(t.db, buyer, other)).toBe(false);
    expect(await canAccess(t.db, await person('otieno', false), video)).toBe(false);
    await t.db.update(purchases).set({ refundedAt: new Date() }).where(eq(purchases.id, bought!.id));
    expect(await canAccess(t.db, buyer, video)).toBe(false);
    // Bought again after the refund: the new purchase counts, the refunded one does not.
    await t.db.insert(purchases).values({ userId: buyer, videoId: video, price: 100 });
    expect(await canAccess(t.db, buyer, video)).toBe(true);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, buyer));
    expect(await canAccess(t.db, buyer, video)).toBe(false);
  });

  it('lets active staff have every video that exists, and nobody have one that does not', async () => {
    const staff = await person('staff-amina', true);
    expect(await canAccess(t.db, staff, video)).toBe(true);
    expect(await canAccess(t.db, staff, other)).toBe(true);
    expect(await canAccess(t.db, staff, 999_999)).toBe(false);
    expect(await canAccess(t.db, 999_999, video)).toBe(false);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, staff));
    expect(await canAccess(t.db, staff, video)).toBe(false);
  });
});
