import { describe, expect, it, vi } from 'vitest';
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

describe('a renewal whose answer is lost', () => {
  /** The server renews every request, but the first `lost` answers never arrive (a dropped connection). */
  function lossyServer(lost: number, gateway?: number) {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      if (calls <= lost) {
        if (gateway) return new Response('', { status: gateway });
        throw new TypeError('Failed to fetch');
      }
      return new Response(JSON.stringify({ access: 'token-after-loss' }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    return { fetch, calls: () => calls };
  }

  it('sends the renewal again instead of ending the session, and the call goes through', async () => {
    const server = lossyServer(1);
    const session = createSessionClient({ fetch: server.fetch, retryMs: [5, 5] });
    session.set('expired');
    const answer = await session.withToken(api(() => 'token-after-loss'));
    expect(answer.status).toBe(200);
    expect(server.calls()).toBe(2);
    expect(session.current()).toBe('token-after-loss');
  });

  it('also when a gateway answered for the store (502, 503, 504)', async () => {
    const server = lossyServer(2, 504);
    const session = createSessionClient({ fetch: server.fetch, retryMs: [5, 5] });
    expect(await session.renew()).toBe('token-after-loss');
    expect(server.calls()).toBe(3);
  });

  it('gives up after its retries while the network stays down, and does not retry a refusal', async () => {
    const down = lossyServer(10);
    const session = createSessionClient({ fetch: down.fetch, retryMs: [5, 5] });
    expect(await session.renew()).toBeNull();
    expect(down.calls()).toBe(3);
    const refused = refreshServer({ ok: false });
    const other = createSessionClient({ fetch: refused.fetch, retryMs: [5, 5] });
    expect(await other.renew()).toBeNull();
    expect(refused.calls).toHaveLength(1);
  });

  /** A connection that stalls: no answer until the client gives up on it (its signal aborts). */
  const stalled = (sentAt: number[], answerOn?: number) =>
    (async (_url: string, init: RequestInit) => {
      sentAt.push(Date.now());
      if (sentAt.length === answerOn) return new Response(JSON.stringify({ access: 'token-after-stall' }), { status: 200 });
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }) as unknown as typeof globalThis.fetch;

  it('gives up on a stalled request and sends the renewal again, every attempt within the server\'s 30 s grace', async () => {
    vi.useFakeTimers();
    try {
      const sentAt: number[] = [];
      const session = createSessionClient({ fetch: stalled(sentAt, 3) });
      const renewal = session.renew();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await renewal).toBe('token-after-stall');
      expect(sentAt).toHaveLength(3);
      expect(sentAt[2]! - sentAt[0]!).toBeLessThan(30_000);

      const neverAnswers: number[] = [];
      const down = createSessionClient({ fetch: stalled(neverAnswers) });
      const settled = vi.fn();
      void down.renew().then(settled);
      await vi.advanceTimersByTimeAsync(30_000);
      // Given up before the grace is over: what it could not renew within it is over anyway.
      expect(settled).toHaveBeenCalledWith(null);
      expect(neverAnswers).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a 200 whose body is cut short for no answer, and sends the renewal again', async () => {
    let calls = 0;
    const fetch = (async () => {
      calls++;
      return new Response(calls === 1 ? '{"access":"tok' : JSON.stringify({ access: 'token-whole' }), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const session = createSessionClient({ fetch, retryMs: [5, 5] });
    expect(await session.renew()).toBe('token-whole');
    expect(calls).toBe(2);
  });
});
