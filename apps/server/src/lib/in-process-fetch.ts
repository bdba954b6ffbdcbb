import type { FastifyInstance } from 'fastify';

/**
 * `fetch` for a simulator this process mounts itself (eTIMS at /etims-sim; Daraja in tests): each
 * request goes through `app.inject`, so it meets the same routes, hooks and answers as over HTTP,
 * without a socket, the store's public address or a second copy of the work on the other end.
 * Only the URL's path and query are used: no host is contacted.
 */
export function inProcessFetch(app: () => FastifyInstance): typeof fetch {
  return (async (url: string | URL, init?: RequestInit) => {
    const u = new URL(String(url));
    const res = await app().inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: u.pathname + u.search,
      headers: (init?.headers ?? {}) as Record<string, string>,
      payload: (init?.body ?? undefined) as string | undefined,
    });
    return new Response(res.body, { status: res.statusCode });
  }) as typeof fetch;
}
