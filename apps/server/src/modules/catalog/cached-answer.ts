import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { CachedAnswer, ContentCoding } from '../../lib/response-cache.ts';

/** Below this, answers go out uncompressed (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM = 1024;

const common = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=5' };
/**
 * The headers of a cached answer, one object per coding, made once. Vary: Authorization as
 * /videoDetails/{id}/ says (a signed-in customer's answer differs): a browser must not reuse a
 * visitor's copy, whichever hook sends it; Accept-Encoding where the body depends on it.
 */
const HEADERS = {
  small: { ...common, vary: 'Authorization' },
  identity: { ...common, vary: 'Authorization, Accept-Encoding' },
  br: { ...common, vary: 'Authorization, Accept-Encoding', 'content-encoding': 'br' },
  gzip: { ...common, vary: 'Authorization, Accept-Encoding', 'content-encoding': 'gzip' },
} as const;

/** Whether Accept-Encoding lists this coding (or *) without q=0. */
function accepts(header: string, coding: ContentCoding): boolean {
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const token = name!.trim().toLowerCase();
    if (token !== coding && token !== '*') continue;
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (token === coding) return !refused;
    star = !refused;
  }
  return star;
}

/** Browsers send one of a handful of Accept-Encoding values: each is read once, not per request. */
const codingOf = new Map<string, ContentCoding | 'identity'>();
function preferredCoding(header: string | undefined): ContentCoding | 'identity' {
  if (!header) return 'identity';
  let coding = codingOf.get(header);
  if (coding === undefined) {
    coding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : 'identity';
    // Bounded: a client may send any string.
    if (codingOf.size >= 64) codingOf.clear();
    codingOf.set(header, coding);
  }
  return coding;
}

/** If-None-Match names this ETag (weak comparison, as for GET), or is *. */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || `W/${t}` === etag;
  });
}

/**
 * Sends a cached public answer as it was stored: its bytes in the coding the client prefers (br,
 * else gzip, each compressed once per cache entry), or a 304 when the client holds it already.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer) {
  const coding = entry.body.length < COMPRESS_FROM ? 'small' : preferredCoding(request.headers['accept-encoding']);
  reply.headers(HEADERS[coding]).header('etag', entry.etag);
  if (notModified(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  return reply.send(coding === 'small' || coding === 'identity' ? entry.body : request.server.catalogCache.encoded(entry, coding));
}

/**
 * A cached public answer goes out as soon as its URL is known: before the querystring is parsed and
 * validated and before the handler (an answer was cached only after its URL passed them, and the
 * whole URL is the key). Profiled under bench/catalog, validation was the largest part of a hit.
 */
export const fromCache: onRequestHookHandler = (request, reply, done) => {
  const entry = request.server.catalogCache.get(request.url);
  if (entry === undefined) return done();
  void sendCached(request, reply, entry);
};

/** Answers a public GET from the response cache, or computes, caches and sends it. */
export async function cachedJson(request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>) {
  const cache = request.server.catalogCache;
  const entry = cache.get(request.url) ?? cache.set(request.url, JSON.stringify(await compute()));
  return sendCached(request, reply, entry);
}
