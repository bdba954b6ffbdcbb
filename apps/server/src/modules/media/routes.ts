import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMAGE_KINDS, imageDir, type ImageKind } from './images.ts';
import { mediaPaths } from './pipeline.ts';
import { contentTypeOf, type MediaStore } from './storage/media-store.ts';

const YEAR = 365 * 24 * 3600;

/** Serves a folder whose files never change once written: cached for a year, never revalidated. */
async function immutableFolder(app: FastifyInstance, root: string, prefix: string) {
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', `public, max-age=${YEAR}, immutable`),
  });
}

const PUBLIC_KEY = /^(posters|portraits|thumbs|previews)\/[A-Za-z0-9._/-]+$/;

/**
 * Public images from a bucket: the same addresses and year-long caching as on disk, so a CDN in
 * front of the store caches them and the bucket stays private.
 */
function publicFromBucket(app: FastifyInstance, mediaStore: MediaStore) {
  app.get('/media/:kind/*', { config: { compress: false }, schema: { hide: true } }, async (request, reply) => {
    const key = decodeURIComponent(request.url.split('?')[0]!).slice('/media/'.length);
    if (!PUBLIC_KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.' || s === '')) return reply.code(404).send({ detail: 'Not found.' });
    const file = await mediaStore.open(key);
    if (!file) return reply.code(404).header('cache-control', 'no-store').send({ detail: 'Not found.' });
    return reply.type(contentTypeOf(key)).header('content-length', file.size).header('cache-control', `public, max-age=${YEAR}, immutable`).send(file.body);
  });
}

/**
 * Posters, portraits (content-addressed), seek thumbnails and the first-minute previews (under a
 * revision folder) are public: a preview holds only that minute's files (preview.ts).
 */
export async function registerPublicImages(app: FastifyInstance, mediaStore: MediaStore): Promise<void> {
  if (mediaStore.driver === 's3') return publicFromBucket(app, mediaStore);
  const mediaDir = path.join(app.config.dataDir, 'media');
  for (const kind of Object.keys(IMAGE_KINDS) as ImageKind[]) await immutableFolder(app, imageDir(mediaDir, kind), `/media/${kind}/`);
  await immutableFolder(app, mediaPaths(mediaDir).thumbs, '/media/thumbs/');
  await immutableFolder(app, path.join(mediaDir, 'previews'), '/media/previews/');
}
