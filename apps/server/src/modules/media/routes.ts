import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMAGE_KINDS, imageDir, type ImageKind } from './images.ts';
import { mediaPaths } from './pipeline.ts';

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

/** Posters, portraits (content-addressed) and seek thumbnails (under a revision folder) are public. */
export async function registerPublicImages(app: FastifyInstance): Promise<void> {
  const mediaDir = path.join(app.config.dataDir, 'media');
  for (const kind of Object.keys(IMAGE_KINDS) as ImageKind[]) await immutableFolder(app, imageDir(mediaDir, kind), `/media/${kind}/`);
  await immutableFolder(app, mediaPaths(mediaDir).thumbs, '/media/thumbs/');
}
