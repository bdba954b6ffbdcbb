import { describe, expect, it } from 'vitest';
import { createSessionClient } from './index.ts';

/** The server's refresh endpoint: counts calls, answers token-1, token-2, ... after a tick. */
function refreshServer(opts: { ok?: boolean } = {}) {
  const calls: RequestInit[] = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    calls.push(init);
    await new Promise((r) => setImmediate(r));
    const n = calls.length;
    return new Response(JSON.stringify({ access: `token-${n}` }), { status: opts.ok === false ? 401 : 200 });
  }) as unknown as typeof globalThis.fetch;
  return { calls, fetch };
}

/** An API that takes only `valid` tokens: a 401 answer (as fetch gives) for any other. */
const api = (valid: () => string) => async (token: string | null) => ({ status: token === valid() ? 200 : 401, token });

describe('the session client shared by the storefront and the back office', () => {
  it('sends one refresh for twenty calls at once when there is no token yet (a reload)', async () => {
    const server = refreshServer();
    const session = createSessionClient({ fetch: server.fetch });
    const answers = await Promise.all(Array.from({ length: 20 }, () => session.withToken(api(() => 'token-1'))));
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(answers.every((a) => a.status === 200 && a.token === 'token-1')).toBe(true);
    expect(session.current()).toBe('token-1');
  });

  it('renews an expired token once for twenty calls that all got 401, and retries each with the new one', async () => {
    const server = refreshServer();
    const session = createSessionClient({ fetch: server.fetch });
    session.set('expired');
    const answers = await Promise.all(Array.from({ length: 20 }, () => session.withToken(api(() => 'token-1'))));
    expect(server.calls).toHaveLength(1);
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
  });

  it('does not renew again for a 401 to a token that was already replaced', async () => {
    const server = refreshServer();
    const session = createSessionClient({ fetch: server.fetch });
    session.set('expired');
    let release!: () => void;
    const slow = session.withToken(async (token) => {
      if (token === 'expired') await new Promise<void>((r) => (release = r));
      return { status: token === 'token-1' ? 200 : 401 };
    });
    await session.withToken(api(() => 'token-1'));
    release();
    expect((await slow).status).toBe(200);
    expect(server.calls).toHaveLength(1);
  });

  it('retries a call that throws a 401 (react-admin\'s fetchJson), once', async () => {
    const server = refreshServer();
    const session = createSessionClient({ fetch: server.fetch });
    session.set('expired');
    let tries = 0;
    const always401 = () => session.withToken(async () => {
      tries++;
      throw Object.assign(new Error('Unauthorized'), { status: 401 });
    });
    await expect(always401()).rejects.toMatchObject({ status: 401 });
    expect(tries).toBe(2);
    await expect(session.withToken(async () => Promise.reject(Object.assign(new Error('Forbidden'), { status: 403 })))).rejects.toMatchObject({ status: 403 });
    expect(server.calls).toHaveLength(1);
  });

  it('answers the 401 when the session is over (the refresh refused), with no token kept', async () => {
    const server = refreshServer({ ok: false });
    const session = createSessionClient({ fetch: server.fetch });
    expect(await session.renew()).toBeNull();
    expect((await session.withToken(api(() => 'token-1'))).status).toBe(401);
    expect(session.current()).toBeNull();
  });
});
