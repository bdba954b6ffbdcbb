import path from 'node:path';
import type { Config } from '../../../config.ts';
import { createLocalStore } from './local-store.ts';
import type { MediaStore } from './media-store.ts';
import { createS3Store } from './s3-store.ts';

/** The store MEDIA_STORAGE_URL names: a bucket, or (unset) DATA_DIR/media. */
export function openMediaStore(config: Pick<Config, 'dataDir' | 'media'>): MediaStore {
  const s3 = config.media.storage;
  return s3 ? createS3Store(s3) : createLocalStore(path.join(config.dataDir, 'media'));
}

/** Where a process keeps files only while it works on them (ffmpeg's input and output). */
export const scratchRoot = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'tmp');
