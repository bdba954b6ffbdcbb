import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/test-db.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { rateLimits } from '../../lib/rate-limits.ts';
import { createEndedSessions } from './ended-sessions.ts';
import { hashPassword } from './passwords.ts';
import { createSessionService } from './session-service.ts';
import { createTokenSigner } from './tokens.ts';
import { createUserRepository } from './user-repository.ts';

const down = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** Decision 0017's failed-login limit must count wrong passwords, never a database that was away. */
describe('logging in while the database is away', () => {
  let t: TestDatabase;
  let away = false;
  let sessions: ReturnType<typeof createSessionService>;
  let ended: ReturnType<typeof createEndedSessions>;
  const customer = { email: 'wanjiku.outage@example.co.ke', password: 'mango-safari-2026' };
  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    const real = createUserRepository(t.db);
    await real.create({ username: 'wanjiku_outage', email: customer.email, passwordHash: await hashPassword(customer.password) });
    // The repository as it behaves while PostgreSQL is away: every read fails.
    const users = {
      ...real,
      byEmail: async (email: string) => {
        if (away) throw down();
        return real.byEmail(email);
      },
    };
    ended = createEndedSessions(t.db, t.listen);
    sessions = createSessionService({ db: t.db, users, tokens: createTokenSigner('x'.repeat(48)), ended, limits: rateLimits(), failureLimit: 3 });
  });
  afterAll(async () => {
    await ended?.close();
    await t?.destroy();
  });

  it('takes no failure point: once it is back the customer logs in at once, and wrong passwords are still counted', async () => {
    away = true;
    for (let i = 0; i < 10; i++) {
      const attempt = sessions.login(customer.email, customer.password, '10.0.0.9');
      // The outage itself, for the error handler to answer 503: not a 401, and not a 429 either.
      await expect(attempt).rejects.toSatisfy((err: unknown) => !(err instanceof HttpError) && (err as { code?: string }).code === 'ECONNREFUSED');
    }
    away = false;
    const { user } = await sessions.login(customer.email, customer.password, '10.0.0.9');
    expect(user.email).toBe(customer.email);
    // The limit still works: three wrong passwords, and the fourth attempt is refused whatever it says.
    for (let i = 0; i < 3; i++) await expect(sessions.login(customer.email, 'wrong-password-1', '10.0.0.9')).rejects.toMatchObject({ statusCode: 401 });
    await expect(sessions.login(customer.email, customer.password, '10.0.0.9')).rejects.toMatchObject({ statusCode: 429 });
  });
});
