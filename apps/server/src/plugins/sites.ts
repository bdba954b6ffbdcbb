import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isStorefrontPath } from '@store/contract';

const YEAR = 365 * 24 * 3600;

interface Site {
  prefix: string;
  dist: string | null;
  index: string | null;
}

function readIndex(dist: string | null): string | null {
  if (!dist) return null;
  const file = path.join(dist, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

const NOT_BUILT = (name: string) =>
  `<!doctype html><meta charset="utf-8"><title>Not built</title><p>The ${name} is not built yet: run <code>npm run build</code>.</p>`;

/** Routes of the storefront's pages that answer with their data inside (the catalog module's). */
export type StorefrontPages = (app: FastifyInstance, indexHtml: string, sendIndex: (reply: FastifyReply, status: number) => FastifyReply) => void;

/**
 * The storefront at / and the back office at /admin/, each a single-page app: real files are served
 * (hashed assets cached for a year), any other GET falls back to the app's index.html so deep links
 * work. Under /api and /media an unknown path is a JSON 404, never an HTML page.
 */
export async function registerSites(app: FastifyInstance, registerStorefrontPages: StorefrontPages): Promise<void> {
  const sites: Site[] = [
    { prefix: '/admin/', dist: app.config.adminDist, index: readIndex(app.config.adminDist) },
    { prefix: '/', dist: app.config.webDist, index: readIndex(app.config.webDist) },
  ];

  for (const site of sites) {
    if (!site.dist || !fs.existsSync(site.dist)) continue;
    await app.register(fastifyStatic, {
      root: site.dist,
      prefix: site.prefix,
      decorateReply: false,
      index: ['index.html'],
      wildcard: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? `public, max-age=${YEAR}, immutable` : 'no-cache');
      },
    });
  }

  const sendIndex = (reply: FastifyReply, site: Site, name: string, status = 200) =>
    reply
      .status(site.index ? status : 503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(site.index ?? NOT_BUILT(name));

  // The router ignores trailing slashes, so this route answers /admin/ too: only /admin redirects.
  app.get('/admin', (request, reply) => (request.url.startsWith('/admin/') ? sendIndex(reply, sites[0]!, 'back office') : reply.redirect('/admin/', 301)));

  const storefront = sites[1]!;
  if (storefront.index) {
    registerStorefrontPages(app, storefront.index, (reply, status) => sendIndex(reply, storefront, 'storefront', status));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || url.startsWith('/api/') || url === '/api' || url.startsWith('/media/')) {
      return reply.status(404).send({ detail: 'Not found.' });
    }
    if (url.startsWith('/admin/')) return sendIndex(reply, sites[0]!, 'back office');
    // Unknown pages still get the app (it shows its 404 page) but with an honest status.
    const path = url.split('?')[0]!;
    return sendIndex(reply, sites[1]!, 'storefront', isStorefrontPath(path) ? 200 : 404);
  });
}
