import { createSessionClient } from '@store/auth-client';
import { apiErrorFrom, apiUrl, setLockedGet, type QueryParams } from './api-client.ts';
import { unlockHeader } from './family-lock.ts';
import { currentLanguage } from './i18n.ts';
import { forgetSession } from './session.ts';

/**
 * The customer's session: the access token in memory only (a script injected into the page later
 * finds nothing on disk), renewed from the refresh cookie one request at a time, by the same client
 * as the back office's (@store/auth-client).
 */
const session = createSessionClient();

export const setAccessToken = (token: string | null) => session.set(token);

/** A call that must carry the customer's token found no session to take it from (see `signedInOnly`). */
export class NoSessionError extends Error {
  constructor() {
    super('No session');
  }
}

/**
 * A call as the signed-in customer. Renews the access token silently when it has expired (or was
 * lost with a page reload); when that fails the session is over and the stored data is forgotten.
 */
export async function authRequest<T>(method: string, path: string, opts: { params?: QueryParams; body?: unknown; form?: FormData; headers?: Record<string, string>; signedInOnly?: boolean } = {}): Promise<T> {
  const send = async (token: string | null) => {
    // An answer about the account's own access must be the server's answer to its token: with the
    // session over, the same address answers as to a visitor, which says nothing about access.
    if (!token && opts.signedInOnly) throw new NoSessionError();
    return fetch(apiUrl(path, opts.params), {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        // The server's words (field errors, detail) in the language the customer chose, as apiGet's.
        'accept-language': currentLanguage(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        // While this phone is unlocked (the family lock's PIN, 4 hours), every call says so.
        ...(token ? unlockHeader() : {}),
        ...opts.headers,
      },
      body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : null),
    });
  };
  const res = await session.withToken(send);
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401) forgetSession();
    throw apiErrorFrom(res, data);
  }
  return data as T;
}

// Under the family lock, catalogue reads carry the token (api-client.ts).
setLockedGet((path, params) => authRequest('GET', path, { params }));
