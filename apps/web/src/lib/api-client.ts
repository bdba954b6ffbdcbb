import { currentLanguage } from './i18n.ts';
import { familyLockOn } from './family-lock.ts';

/** An API answer that was not 2xx, with the server's message (CONTRACT §3 shapes). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** A 429's Retry-After, in seconds: when the customer may try again. */
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }
  /** Field errors of a 400, keyed by field: the first message of each is what forms show. */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 400 || typeof this.body !== 'object' || this.body === null || 'detail' in this.body) return {};
    return this.body as Record<string, string[]>;
  }
}

/** A failed answer as an ApiError: the server's `detail` (or the status text) and a 429's Retry-After. */
export function apiErrorFrom(res: Response, data: unknown): ApiError {
  const detail = data && typeof data === 'object' && 'detail' in data ? String((data as { detail: unknown }).detail) : res.statusText;
  const retryAfter = Number(res.headers.get('retry-after'));
  return new ApiError(res.status, detail, data, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export function apiUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

async function request<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    method,
    signal: signal ?? null,
    // The server's words (field errors, detail, M-Pesa outcomes) in the language the customer chose.
    headers: { accept: 'application/json', 'accept-language': currentLanguage(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw apiErrorFrom(res, data);
  return data as T;
}

/**
 * Answers the server wrote into the page (see the server's storefront-pages.ts), used once each:
 * the first screen renders without waiting for another round trip on a slow network.
 */
let initialData: Record<string, unknown> | null = null;
function takeInitial(url: string): unknown {
  if (initialData === null) {
    const el = typeof document === 'undefined' ? null : document.getElementById('initial-data');
    try {
      initialData = el?.textContent ? (JSON.parse(el.textContent) as Record<string, unknown>) : {};
    } catch {
      initialData = {};
    }
  }
  if (!(url in initialData)) return undefined;
  const value = initialData[url];
  delete initialData[url];
  return value;
}

/**
 * How catalogue reads go while the signed-in account's family lock is on (set by auth.ts): with its
 * token, so the server answers the locked catalogue (no 16 or 18), never the visitor's copy written
 * into the page.
 */
let lockedGet: (<T>(path: string, params?: QueryParams) => Promise<T>) | null = null;
export const setLockedGet = (get: typeof lockedGet) => {
  lockedGet = get;
};

/**
 * The answer the server wrote into the page for this read, for a query's `initialData`, so the
 * screen's first render has it. Through apiGet the same answer arrives a moment later as a fetch
 * that resolves at once, and that update re-renders the whole screen in one blocking task (a
 * query's updates reach React through useSyncExternalStore, which is never time-sliced): about
 * 60 ms of a slow phone's main thread on /video/{id}. Taken once; not while the family lock is on
 * (that read goes with the token, as in apiGet).
 */
export function initialAnswer<T>(path: string, params?: QueryParams): T | undefined {
  if (lockedGet && familyLockOn()) return undefined;
  return takeInitial(apiUrl(path, params)) as T | undefined;
}

export function apiGet<T>(path: string, params?: QueryParams, signal?: AbortSignal): Promise<T> {
  if (lockedGet && familyLockOn()) return lockedGet<T>(path, params);
  const url = apiUrl(path, params);
  const inline = takeInitial(url);
  return inline === undefined ? request<T>('GET', url, undefined, signal) : Promise.resolve(inline as T);
}
export const apiPost = <T>(path: string, body: unknown) => request<T>('POST', apiUrl(path), body);
