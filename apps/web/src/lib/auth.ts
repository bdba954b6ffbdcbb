import { apiUrl, ApiError, type QueryParams } from './api-client.ts';
import { forgetSession } from './session.ts';

/** The access token: in memory only, so a script injected into the page later cannot find it on disk. */
let accessToken: string | null = null;
let renewing: Promise<string | null> | null = null;

export const setAccessToken = (token: string | null) => {
  accessToken = token;
};

/** A new access token from the refresh cookie (one request at a time); null when the session is over. */
export function renewAccessToken(): Promise<string | null> {
  renewing ??= fetch('/api/token/refresh/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', credentials: 'same-origin' })
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
  let res = await send(accessToken ?? (await renewAccessToken()));
  if (res.status === 401) {
    const renewed = await renewAccessToken();
    if (renewed) res = await send(renewed);
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401) forgetSession();
    const detail = data && typeof data === 'object' && 'detail' in data ? String((data as { detail: unknown }).detail) : res.statusText;
    throw new ApiError(res.status, detail, data);
  }
  return data as T;
}
