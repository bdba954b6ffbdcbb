import type { FastifyInstance } from 'fastify';

/** Statuses whose answer has no body: a Response must not be given one. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * As fetch: an abort (the client's timeout) rejects at once, though the handler is not stopped. The
 * listener goes when the answer comes, so calls on a long timeout do not pile up on its signal.
 */
async function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  let onAbort = () => undefined as void;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([answer, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * `fetch` for a simulator this process mounts itself (eTIMS at /etims-sim, decision 0056; Daraja in
 * tests): each request goes through `app.inject`, so it meets the same routes, hooks and answers as
 * over HTTP, without a socket or a second HTTP end. Only the URL's path and query are used (a path
 * alone is enough): no host is contacted. String bodies only, as the store's clients send JSON text.
 */
export function inProcessFetch(app: () => FastifyInstance): typeof fetch {
  return (async (url: string | URL, init?: RequestInit) => {
    const u = new URL(String(url), 'http://in-process');
    if (init?.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new TypeError('inProcessFetch sends string bodies only');
    const signal = init?.signal ?? undefined;
    signal?.throwIfAborted();
    const answer = app().inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: u.pathname + u.search,
      headers: Object.fromEntries(new Headers(init?.headers)),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const res = signal ? await untilAborted(answer, signal) : await answer;
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    const empty = NO_BODY.has(res.statusCode) || init?.method === 'HEAD';
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  }) as typeof fetch;
}
