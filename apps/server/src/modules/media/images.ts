import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { asMediaStore } from './storage/local-store.ts';
import type { MediaStore } from './storage/media-store.ts';

/** Public pictures: posters (2:3) and portraits (1:1), each stored in a few WebP widths. */
export const IMAGE_KINDS = {
  posters: { widths: [160, 320, 480], aspect: 3 / 2, defaultWidth: 480 },
  portraits: { widths: [96, 192, 384], aspect: 1, defaultWidth: 192 },
} as const;
export type ImageKind = keyof typeof IMAGE_KINDS;

export const imageDir = (mediaDir: string, kind: ImageKind) => path.join(mediaDir, kind);

function urls(kind: ImageKind, key: string | null) {
  if (!key) return { default: null, set: [] };
  const spec = IMAGE_KINDS[kind];
  const url = (w: number) => `/media/${kind}/${key}-${w}.webp`;
  return { default: url(spec.defaultWidth), set: spec.widths.map((width) => ({ width, url: url(width) })) };
}
export const posterUrls = (key: string | null) => urls('posters', key);
export const portraitUrl = (key: string | null) => urls('portraits', key).default;

/** Bytes that look like a picture but cannot be decoded (cut short, damaged): the uploader's mistake. */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super('The picture could not be read: it may be cut short or damaged. Upload it again.', { cause });
  }
}

/**
 * Stores an uploaded picture as WebP in every width of its kind and answers its key: a hash of the
 * source bytes, so the same picture is stored once and its addresses can be cached for a year.
 * The store writes each file whole or not at all. Throws UnreadableImageError if the bytes are not an image sharp
 * can decode. A folder (a string) means the local store at that folder.
 */
export async function storeImage(where: MediaStore | string, kind: ImageKind, source: Buffer): Promise<string> {
  const store = asMediaStore(where);
  const key = createHash('sha256').update(source).digest('hex').slice(0, 24);
  const spec = IMAGE_KINDS[kind];
  await Promise.all(
    spec.widths.map(async (width) => {
      const name = `${kind}/${key}-${width}.webp`;
      if (await store.exists(name)) return;
      const bytes = await sharp(source)
        .rotate()
        .resize(width, Math.round(width * spec.aspect), { fit: 'cover', position: 'attention' })
        .webp({ quality: 72, effort: 4 })
        .toBuffer()
        .catch((err: unknown) => {
          throw new UnreadableImageError(err);
        });
      await store.put(name, bytes, 'image/webp');
    }),
  );
  return key;
}
