import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer, ContentCoding, ResponseCache } from '../../lib/response-cache.ts';
import { type CatalogView, type FamilyLocks, lockedKey } from '../family/index.ts';
import { catalogViewOf } from '../family/index.ts';

/** Below this, answers go out uncompressed (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM = 1024;

const common = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=5' };
/**
 * The headers of a cached answer, one object per coding, made once. Vary: Authorization as
 * /videoDetails/{id}/ says (a signed-in customer's answer differs): a browser must not reuse a
 * visitor's copy, whichever hook sends it; X-Family-Unlock, which opens a locked account's answer
 * (decision 0044); Accept-Encoding where the body depends on it.
 */
const HEADERS = {
  small: { ...common, vary: 'Authorization, X-Family-Unlock' },
  identity: { ...common, vary: 'Authorization, X-Family-Unlock, Accept-Encoding' },
  br: { ...common, vary: 'Authorization, X-Family-Unlock, Accept-Encoding', 'content-encoding': 'br' },
  gzip: { ...common, vary: 'Authorization, X-Family-Unlock, Accept-Encoding', 'content-encoding': 'gzip' },
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

type Coding = keyof typeof HEADERS;

/** What to send for a cached answer: its status, coding and bytes (none for a 304). */
export interface CachedReply {
  status: 200 | 304;
  coding: Coding;
  body: string | Buffer | undefined;
  bytes: number;
}

/**
 * A cached public answer as it was stored: its bytes in the coding the client prefers (br, else
 * gzip, each compressed once per cache entry), or a 304 when the client holds it already.
 */
export function cachedReply(cache: ResponseCache, entry: CachedAnswer, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): CachedReply {
  const coding = entry.bytes < COMPRESS_FROM ? 'small' : preferredCoding(acceptEncoding);
  if (notModified(ifNoneMatch, entry.etag)) return { status: 304, coding, body: undefined, bytes: 0 };
  const body = coding === 'small' || coding === 'identity' ? entry.body : cache.encoded(entry, coding);
  return { status: 200, coding, body, bytes: typeof body === 'string' ? entry.bytes : body.length };
}

/** Sends a cached public answer through Fastify (the path of the request that computed it). */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedAnswer) {
  const { status, coding, body } = cachedReply(request.server.catalogCache, entry, request.headers['accept-encoding'], request.headers['if-none-match']);
  return reply.code(status).headers(HEADERS[coding]).header('etag', entry.etag).send(body);
}

/**
 * Answers a public GET from the response cache, or computes, caches and sends it. `visitorsOnly`: a
 * request carrying a token gets its own answer from the route, never this one (cachedAnswersFirst).
 * A signed-in account under the family lock gets the locked answer (`view` 'locked': no 16 or 18),
 * cached beside the visitor's under its own key (decision 0044).
 */
export async function cachedJson(request: FastifyRequest, reply: FastifyReply, compute: (view: CatalogView) => Promise<unknown>, { visitorsOnly = false } = {}) {
  const view = visitorsOnly ? 'open' : await catalogViewOf(request, reply);
  const key = view === 'locked' ? lockedKey(request.url) : request.url;
  const entry = await request.server.catalogCache.getOrCompute(key, async () => JSON.stringify(await compute(view)), !visitorsOnly);
  return sendCached(request, reply, entry);
}

/**
 * Node's request listener in front of Fastify's: a GET whose address has a public answer in the
 * cache is answered here, with the API's security headers, before Fastify routes it, runs its hooks
 * and makes its per-request objects and logger, which cost more than the rest of the answer
 * (decision 0029). Everything else goes on to Fastify, and so does a request carrying Authorization
 * for an answer cached for visitors only (a customer's token may change it). Cached answers are
 * logged nowhere, as a CDN's hits are not.
 */
export function cachedAnswersFirst(cache: ResponseCache, locks: FamilyLocks, securityHeaders: Readonly<Record<string, string>>, next: (req: IncomingMessage, res: ServerResponse) => void) {
  // Per coding, the headers as Node's flat [name, value, ...] list, made once: merging header
  // objects per answer (object spread) cost more than writing the answer (a V8 slow path).
  const heads = Object.fromEntries(
    Object.entries(HEADERS).map(([coding, headers]) => [coding, Object.entries(Object.assign({}, securityHeaders, headers)).flat()]),
  ) as Record<Coding, string[]>;
  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET') return next(req, res);
    const { authorization } = req.headers;
    // A signed-in account's answer depends on its family lock only: known here, the locked answer
    // is cached as a visitor's is; not known (or not lately), the route reads the account.
    const view = authorization === undefined ? 'open' : locks.viewOf(authorization, req.headers['x-family-unlock']);
    if (view === undefined) return next(req, res);
    const entry = cache.get(view === 'locked' ? lockedKey(req.url!) : req.url!);
    if (entry === undefined || (!entry.forEveryone && authorization !== undefined)) return next(req, res);
    const { status, coding, body, bytes } = cachedReply(cache, entry, req.headers['accept-encoding'], req.headers['if-none-match']);
    const head = heads[coding];
    res.writeHead(status, status === 304 ? [...head, 'etag', entry.etag] : [...head, 'etag', entry.etag, 'content-length', String(bytes)]);
    res.end(body);
  };
}
