import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListenState } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema.ts';
import { engines } from '../../../test/helpers/engines.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db.ts';
import { createEndedSessions } from './ended-sessions.ts';

describe.each(engines())('logins ended, as each process knows them, on %s', (engine) => {
  let t: TestDatabase;
  let userId: number;
  beforeAll(async () => {
    t = await createTestDatabase(engine);
    [{ id: userId }] = (await t.db.insert(users).values({ username: 'halima', email: 'halima@example.co.ke', passwordHash: 'x' }).returning({ id: users.id })) as [{ id: number }];
  });
  afterAll(() => t.destroy());

  /** A login of two rotated tokens; `end` revokes it as logout or a reuse does, from any process or script. */
  const aLogin = async () => {
    const family = randomUUID();
    const expiresAt = new Date(Date.now() + 3600_000);
    await t.db.insert(refreshTokens).values([
      { jti: randomUUID(), family, userId, expiresAt, usedAt: new Date() },
      { jti: randomUUID(), family, userId, expiresAt },
    ]);
    return { family, end: () => t.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.family, family)) };
  };

  it('hears of a login ended anywhere and refuses it from memory', async () => {
    const ended = createEndedSessions(t.db, t.listen);
    try {
      await vi.waitFor(() => expect(ended.listening()).toBe(true));
      const login = await aLogin();
      const untouched = await aLogin();
      expect(await ended.hasEnded(login.family)).toBe(false);
      await login.end();
      // Listening, it never asks the database: only PostgreSQL's notification can make this true.
      await vi.waitFor(async () => expect(await ended.hasEnded(login.family)).toBe(true), { timeout: 2_000 });
      expect(await ended.hasEnded(untouched.family)).toBe(false);
    } finally {
      await ended.close();
    }
  });

  it('knows the logins ended before it started', async () => {
    const login = await aLogin();
    await login.end();
    const ended = createEndedSessions(t.db, t.listen);
    try {
      await vi.waitFor(() => expect(ended.listening()).toBe(true));
      expect(await ended.hasEnded(login.family)).toBe(true);
    } finally {
      await ended.close();
    }
  });

  it('asks the database while its LISTEN connection is lost, and reads the table again once it is back', async () => {
    let state: ListenState = {};
    const ended = createEndedSessions(t.db, async (_channel, _onMessage, s) => {
      state = s;
      return async () => undefined;
    });
    try {
      await vi.waitFor(() => expect(ended.listening()).toBe(true));
      state.onDown!();
      const login = await aLogin();
      await login.end();
      // No notification comes while the connection is down: the check reads the table.
      expect(await ended.hasEnded(login.family)).toBe(true);
      state.onUp!();
      await vi.waitFor(() => expect(ended.listening()).toBe(true));
      expect(await ended.hasEnded(login.family)).toBe(true);
    } finally {
      await ended.close();
    }
  });

  it('tries a first LISTEN that failed again, and answers from memory once it is up', async () => {
    let attempts = 0;
    const ended = createEndedSessions(t.db, async () => {
      if (++attempts === 1) throw new Error('connect ECONNREFUSED');
      return async () => undefined;
    });
    try {
      expect(ended.listening()).toBe(false);
      await vi.waitFor(() => expect(ended.listening()).toBe(true), { timeout: 3_000 });
      expect(attempts).toBe(2);
    } finally {
      await ended.close();
    }
  });

  it('refuses at once a login this process ended, before any notification', async () => {
    const ended = createEndedSessions(t.db, async () => async () => undefined);
    try {
      await vi.waitFor(() => expect(ended.listening()).toBe(true));
      const login = await aLogin();
      ended.end(login.family);
      expect(await ended.hasEnded(login.family)).toBe(true);
    } finally {
      await ended.close();
    }
  });
});
