import type { Readable } from 'node:stream';

/**
 * Where media bytes live (PeerTube's object-storage shape: one interface, two drivers). Keys are
 * relative paths with `/`: `sources/{video}/{file}`, `private/videos/{video}/{rev}/...`,
 * `private/extras/{video}/...`, `thumbs/{video}/{rev}/...`, `posters/...`, `portraits/...`.
 * The app decides who may read what (canAccess); the store only keeps bytes and, for a bucket,
 * signs short-lived GET addresses.
 */
export interface MediaStore {
  readonly driver: 'local' | 's3';
  /** Writes small bytes (a playlist, a picture). */
  put(key: string, body: Buffer | string, contentType?: string): Promise<void>;
  /** Writes a local file under key (streamed: a film does not pass through memory). */
  putFile(key: string, file: string, contentType?: string): Promise<void>;
  /** Writes every file of a local folder (recursively) under prefix; the folder is left as it was or gone. */
  putFolder(prefix: string, dir: string): Promise<void>;
  /** The bytes of a small object, or null if there is none. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of the bytes with their size, or null if there is none. */
  open(key: string): Promise<{ body: Readable; size: number } | null>;
  /**
   * A local file holding the object, for ffmpeg: on disk the file itself, from a bucket a copy
   * written into scratchDir (the caller removes scratchDir).
   */
  localCopy(key: string, scratchDir: string): Promise<string>;
  exists(key: string): Promise<boolean>;
  /** The names directly under prefix (`a/b/` lists `c` for `a/b/c/d`): revisions of a video. */
  children(prefix: string): Promise<string[]>;
  /**
   * Copies every file under fromPrefix to toPrefix (a demo clip's renditions to another demo video,
   * decision 0033): hard links on disk, server-side copies in a bucket; the copy replaces what was there.
   */
  copyFolder(fromPrefix: string, toPrefix: string): Promise<void>;
  /** Moves an object (a finished upload into place): a rename on disk, a copy then delete in a bucket (at most 5 GB). */
  move(fromKey: string, toKey: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** Removes everything under prefix. */
  removePrefix(prefix: string): Promise<void>;
  /**
   * A presigned GET address for a few hours (with the name to save the file as, for downloads),
   * or null on disk, where the app serves the bytes itself behind its own signed addresses.
   */
  presign(key: string, opts: { expiresIn: number; downloadName?: string | undefined; contentType?: string | undefined }): Promise<string | null>;
}

const TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  webp: 'image/webp',
  vtt: 'text/vtt; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

/** The Content-Type a media file is stored with, by its extension. */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Refuses keys that could leave the store's root on disk or confuse a bucket listing. */
export function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.includes('\\') || key.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw new Error(`Not a media key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** `a/b` and `a/b/` both as `a/b/`. */
export const asPrefix = (prefix: string) => (prefix.endsWith('/') ? prefix : `${prefix}/`);
