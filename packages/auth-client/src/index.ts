/**
 * A browser's session with the store (CONTRACT §3): a 15-minute access token kept in memory only (a
 * script injected later finds nothing on disk) and a refresh cookie the server rotates on every use.
 * One client for the storefront and the back office, so both renew the same way: one refresh request
 * at a time. Two sent at once carry the same cookie, the second counts as reuse, and the server
 * revokes the whole family: everyone in the app is signed out after 15 idle minutes.
 */
export interface SessionClient {
  /** The access token in memory, or null. */
  current(): string | null;
  /** After login (the token it answered) or logout (null). */
  set(token: string | null): void;
  /** A new access token from the refresh cookie, shared by every caller while one is on its way; null when the session is over. */
  renew(): Promise<string | null>;
  /**
   * Runs `call` with the access token (renewed first if there is none). When the answer, or the error
   * thrown, has status 401, the token is renewed once and `call` runs again with the new one.
   */
  withToken<T>(call: (token: string | null) => Promise<T>): Promise<T>;
}

/**
 * When a renewal gets no answer (a dropped connection, a stalled one, an answer cut short), it is sent
 * again after these pauses: the server answers the same token again with the same pair for 30 s
 * (CONTRACT §3, decision 0032), so a lost answer is not taken for the end of the session. Each attempt
 * waits at most RENEW_TIMEOUT_MS: three attempts and the pauses take at most 28 s, inside those 30 s
 * (a retry arriving later would be taken for a stolen token's replay and end the login).
 */
const RENEW_RETRY_MS = [1_000, 3_000];
const RENEW_TIMEOUT_MS = 8_000;
/** What a gateway answers when the store did not: the renewal may or may not have happened. */
const NO_ANSWER = new Set([502, 503, 504]);

const statusOf = (x: unknown) => (typeof x === 'object' && x !== null && 'status' in x ? (x as { status: unknown }).status : undefined);

export function createSessionClient(opts: { refreshUrl?: string; fetch?: typeof fetch; retryMs?: number[]; timeoutMs?: number } = {}): SessionClient {
  const refreshUrl = opts.refreshUrl ?? '/api/token/refresh/';
  const retryMs = opts.retryMs ?? RENEW_RETRY_MS;
  const timeoutMs = opts.timeoutMs ?? RENEW_TIMEOUT_MS;
  let accessToken: string | null = null;
  let renewing: Promise<string | null> | null = null;

  /**
   * One request for a renewal: the new access token, null when the server says the session is over,
   * undefined when no whole answer arrived in time (sent again).
   */
  async function ask(): Promise<string | null | undefined> {
    const send = opts.fetch ?? fetch;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const res = await send(refreshUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin', signal: abort.signal });
      if (NO_ANSWER.has(res.status)) return undefined;
      if (!res.ok) return null;
      const body = (await res.json()) as { access?: unknown } | null;
      return typeof body?.access === 'string' && body.access ? body.access : undefined;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One renewal, sent again while no answer arrives; null when the session is over or no answer ever came. */
  async function renewOnce(): Promise<string | null> {
    for (let attempt = 0; ; attempt++) {
      const answer = await ask();
      if (answer === null) return null;
      if (answer !== undefined) return (accessToken = answer);
      if (attempt >= retryMs.length) return null;
      await new Promise((r) => setTimeout(r, retryMs[attempt]));
    }
  }

  function renew(): Promise<string | null> {
    renewing ??= renewOnce()
      .catch(() => null)
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  /** After a 401 with `used`: a token another call renewed meanwhile, else a renewal (shared). */
  const fresher = (used: string | null) => (accessToken && accessToken !== used ? Promise.resolve(accessToken) : renew());

  return {
    current: () => accessToken,
    set(token) {
      accessToken = token;
    },
    renew,
    async withToken<T>(call: (token: string | null) => Promise<T>): Promise<T> {
      const token = accessToken ?? (await renew());
      let answer: T;
      try {
        answer = await call(token);
      } catch (err) {
        if (statusOf(err) !== 401) throw err;
        const renewed = await fresher(token);
        if (!renewed) throw err;
        return call(renewed);
      }
      if (statusOf(answer) !== 401) return answer;
      const renewed = await fresher(token);
      return renewed ? call(renewed) : answer;
    },
  };
}
