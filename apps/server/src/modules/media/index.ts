/** The media module's front door: what other modules may use (docs/architecture.md). */
export { canAccess, mediaRight } from './access.ts';
export { locateMediaTools, probe, runTool } from './ffmpeg.ts';
export type { MediaTools, ProbeResult } from './ffmpeg.ts';
export { UnreadableImageError, portraitUrl, posterUrls, storeImage } from './images.ts';
export type { ImageKind } from './images.ts';
export { safeFileName } from './owned-media.ts';
export { createTranscodeHandler, mediaPaths, sourceKeyOf } from './pipeline.ts';
export type { StoredMediaInfo } from './pipeline.ts';
export { previewAddress } from './preview.ts';
export { signMediaPath } from './signing.ts';
export { asMediaStore } from './storage/local-store.ts';
export type { MediaStore } from './storage/media-store.ts';
export { s3ClientConfig } from './storage/s3-store.ts';
export type { S3Location } from './storage/s3-store.ts';
