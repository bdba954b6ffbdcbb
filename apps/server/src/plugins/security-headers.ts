import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/**
 * The Content-Security-Policy every page of the store runs under (decision 0015). Everything comes
 * from this origin; what needs more says why:
 * - styles inline: MUI and react-admin (emotion) and Vidstack write <style> elements and style
 *   attributes at run time, and the server-written first paint uses style attributes;
 * - blob: media and workers: hls.js plays through Media Source Extensions (a blob: address for the
 *   <video>) and runs its demuxer in a worker it builds from a blob;
 * - data: and blob: pictures: inline icons (the favicon, Swagger UI's) and the back office's preview
 *   of a picture before it is uploaded.
 * No inline or remote script anywhere: the simulator's phone page loads its script from a file.
 */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    // Over plain http (a phone testing on the LAN) upgrading would break every request.
    'upgrade-insecure-requests': publicUrl.startsWith('https:') ? [] : null,
  };
}

/** The security headers, computed once: helmet's defaults plus the policy above. */
export function securityHeaders(publicUrl: string): Record<string, string> {
  const https = publicUrl.startsWith('https:');
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(publicUrl) },
    // Posters and media are fetched by this origin's pages only; link-preview crawlers are not browsers.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600, includeSubDomains: false } : false,
  })({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * The headers of an API answer (JSON, never a page): the ones that matter when a response is not
 * rendered as a document (OWASP's REST Security Cheat Sheet). If one is ever opened as a page it may
 * load and run nothing, and no page may frame it. The rest of helmet's set (referrer, opener, DNS
 * prefetch, agent cluster, download and Flash policies) only acts on documents.
 */
export function apiHeaders(publicUrl: string): Record<string, string> {
  const page = securityHeaders(publicUrl);
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': page['Cross-Origin-Resource-Policy']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(page['Strict-Transport-Security'] ? { 'strict-transport-security': page['Strict-Transport-Security'] } : {}),
  };
}

/** API answers, Swagger UI's pages excepted (they are documents with scripts and styles). */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every answer: no framing, no MIME sniffing, no referrer beyond this origin,
 * HSTS when served over https. They never change, so they are computed once at start-up and set by
 * one hook (@fastify/helmet 13.2.0 built helmet's middleware again for every request, parsing the
 * policy each time: about a tenth of the cached catalogue list's time, bench/catalog). API answers
 * carry the short set above: every header is bytes on a phone's connection and work for the client
 * (decision 0015).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const page = securityHeaders(app.config.publicUrl);
  const api = apiHeaders(app.config.publicUrl);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? api : page);
    done();
  });
}

/**
 * A route that writes to the raw response (tus) bypasses fastify's header handling: this copies the
 * headers already set on the reply (the security headers among them) onto the raw response first.
 */
export function carryHeadersToRaw(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | string[] | number);
  }
}
