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

const statusOf = (x: unknown) => (typeof x === 'object' && x !== null && 'status' in x ? (x as { status: unknown }).status : undefined);

export function createSessionClient(opts: { refreshUrl?: string; fetch?: typeof fetch } = {}): SessionClient {
  const refreshUrl = opts.refreshUrl ?? '/api/token/refresh/';
  let accessToken: string | null = null;
  let renewing: Promise<string | null> | null = null;

  function renew(): Promise<string | null> {
    const send = opts.fetch ?? fetch;
    renewing ??= send(refreshUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' })
      .then(async (res) => {
        if (!res.ok) return null;
        const body = (await res.json()) as { access: string };
        accessToken = body.access;
        return accessToken;
      })
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
