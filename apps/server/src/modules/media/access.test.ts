import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purchases, users } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { insertFixtureCatalogue } from '../../../test/helpers/fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db.ts';
import type { ListenState } from '../../db/client.ts';
import { canAccess, createMediaAccess } from './access.ts';

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

  describe('remembered for the media route (createMediaAccess)', () => {
    const buy = async (username: string) => {
      const buyer = await person(username, false);
      const [p] = await t.db.insert(purchases).values({ userId: buyer, videoId: video, price: 100 }).returning({ id: purchases.id });
      return { buyer, refund: () => t.db.update(purchases).set({ refundedAt: new Date() }).where(eq(purchases.id, p!.id)) };
    };

    it('forgets a "yes" as soon as the database says a purchase was refunded, whoever refunded it', async () => {
      const access = createMediaAccess(t.db, t.listen);
      try {
        const { buyer, refund } = await buy('akinyi');
        await vi.waitFor(async () => {
          // Listening is under way at first: asked until the "yes" is one remembered.
          expect(await access.canAccess(buyer, video)).toBe(true);
          expect(access.remembered()).toBe(1);
        });
        // A refund by another process or a script: only PostgreSQL's notification reaches this one.
        await refund();
        await vi.waitFor(() => expect(access.remembered()).toBe(0), { timeout: 2_000 });
        expect(await access.canAccess(buyer, video)).toBe(false);
      } finally {
        await access.close();
      }
    });

    it('never remembers a "no", and forgets at once when this process takes access away', async () => {
      const access = createMediaAccess(t.db, t.listen);
      try {
        const stranger = await person('kamau', false);
        const { buyer } = await buy('chebet');
        expect(await access.canAccess(stranger, video)).toBe(false);
        await t.db.insert(purchases).values({ userId: stranger, videoId: video, price: 100 });
        expect(await access.canAccess(stranger, video)).toBe(true);
        await vi.waitFor(async () => {
          expect(await access.canAccess(buyer, video)).toBe(true);
          expect(access.remembered()).toBeGreaterThan(0);
        });
        await t.db.update(users).set({ isActive: false }).where(eq(users.id, buyer));
        access.forget();
        expect(await access.canAccess(buyer, video)).toBe(false);
      } finally {
        await access.close();
      }
    });

    it('remembers nothing while its LISTEN connection is lost, and starts again once it is back', async () => {
      let state: ListenState = {};
      const access = createMediaAccess(t.db, async (_channel, _onMessage, s) => {
        state = s;
        return async () => undefined;
      });
      try {
        const { buyer } = await buy('njeri');
        await vi.waitFor(async () => {
          expect(await access.canAccess(buyer, video)).toBe(true);
          expect(access.remembered()).toBe(1);
        });
        state.onDown!();
        expect(access.remembered()).toBe(0);
        expect(await access.canAccess(buyer, video)).toBe(true);
        expect(access.remembered()).toBe(0);
        state.onUp!();
        expect(await access.canAccess(buyer, video)).toBe(true);
        expect(access.remembered()).toBe(1);
      } finally {
        await access.close();
      }
    });

    it('keeps a "yes" no longer than its time when no notification comes, and none while it cannot listen', async () => {
      const silent = createMediaAccess(t.db, async () => async () => undefined, { rememberMs: 300 });
      const deaf = createMediaAccess(t.db, () => Promise.reject(new Error('no LISTEN here')));
      try {
        const { buyer, refund } = await buy('wafula');
        expect(await silent.canAccess(buyer, video)).toBe(true);
        expect(await deaf.canAccess(buyer, video)).toBe(true);
        await refund();
        // Not told: the remembered "yes" stands, for its 300 ms at most.
        expect(await silent.canAccess(buyer, video)).toBe(true);
        expect(await deaf.canAccess(buyer, video)).toBe(false);
        await new Promise((r) => setTimeout(r, 350));
        expect(await silent.canAccess(buyer, video)).toBe(false);
      } finally {
        await silent.close();
        await deaf.close();
      }
    });
  });
});
