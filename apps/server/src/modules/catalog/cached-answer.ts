import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

/** Below this, answers go out uncompressed (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM = 1024;

/** Whether the client takes Brotli (Accept-Encoding lists br without q=0): every current browser does. */
function acceptsBrotli(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name!.trim().toLowerCase() === 'br' && !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
  });
}

/**
 * Sends a cached public answer: its Brotli body (compressed once per cache entry) to a client that
 * takes it, else the JSON as it is (and the compression plugin does the rest, gzip included).
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, body: string) {
  // Vary: Authorization as /videoDetails/{id}/ says (a signed-in customer's answer differs): a
  // browser must not reuse a visitor's copy, whichever hook sends it.
  reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=5').header('vary', 'Authorization');
  if (body.length >= COMPRESS_FROM && acceptsBrotli(request)) {
    const br = request.server.catalogCache.brotli(request.url);
    if (br) return reply.header('vary', 'Authorization, Accept-Encoding').header('content-encoding', 'br').send(br);
  }
  return reply.send(body);
}

/**
 * A cached public answer goes out as soon as its URL is known: before the querystring is parsed and
 * validated and before the handler (an answer was cached only after its URL passed them, and the
 * whole URL is the key). Profiled under bench/catalog, validation was the largest part of a hit.
 */
export const fromCache: onRequestHookHandler = (request, reply, done) => {
  const body = request.server.catalogCache.get(request.url);
  if (body === undefined) return done();
  void sendCached(request, reply, body);
};

/** Answers a public GET from the response cache, or computes, caches and sends it. */
export async function cachedJson(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
  const cache = request.server.catalogCache;
  let body = cache.get(request.url);
  if (body === undefined) {
    body = JSON.stringify(await compute());
    cache.set(request.url, body);
  }
  return sendCached(request, reply, body);
}
