import { createSessionClient } from '@store/auth-client';
import { apiUrl, ApiError, type QueryParams } from './api-client.ts';
import { forgetSession } from './session.ts';

/**
 * The customer's session: the access token in memory only (a script injected into the page later
 * finds nothing on disk), renewed from the refresh cookie one request at a time, by the same client
 * as the back office's (@store/auth-client).
 */
const session = createSessionClient();

export const setAccessToken = (token: string | null) => session.set(token);

/**
 * A call as the signed-in customer. Renews the access token silently when it has expired (or was
 * lost with a page reload); when that fails the session is over and the stored data is forgotten.
 */
export async function authRequest<T>(method: string, path: string, opts: { params?: QueryParams; body?: unknown; form?: FormData; headers?: Record<string, string> } = {}): Promise<T> {
  const send = (token: string | null) =>
    fetch(apiUrl(path, opts.params), {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.form ?? (opts.body !== undefined ? JSON.stringify(opts.body) : null),
    });
  const res = await session.withToken(send);
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401) forgetSession();
    const detail = data && typeof data === 'object' && 'detail' in data ? String((data as { detail: unknown }).detail) : res.statusText;
    throw new ApiError(res.status, detail, data);
  }
  return data as T;
}
