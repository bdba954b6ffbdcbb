import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMAGE_KINDS, imageDir, type ImageKind } from './images.ts';

const YEAR = 365 * 24 * 3600;

/** Posters and portraits are public and content-addressed: cached for a year, never revalidated. */
export async function registerPublicImages(app: FastifyInstance): Promise<void> {
  const mediaDir = path.join(app.config.dataDir, 'media');
  for (const kind of Object.keys(IMAGE_KINDS) as ImageKind[]) {
    const root = imageDir(mediaDir, kind);
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/media/${kind}/`,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', `public, max-age=${YEAR}, immutable`),
    });
  }
}
