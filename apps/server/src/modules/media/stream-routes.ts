import path from 'node:path';
import send from '@fastify/send';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { MediaAccess } from './access.ts';
import type { MediaStore } from './storage/media-store.ts';
import { PRIVATE_PREFIX } from './owned-media.ts';
import { DOWNLOAD_FILE, SEGMENT_SECONDS } from './renditions.ts';
import { mediaPaths } from './pipeline.ts';
import { createRedirectPresigner } from './storage/redirect-presigner.ts';
import { createMediaSignatureVerifier, encodeMediaPath, signMediaPath, type MediaGrant } from './signing.ts';

/** Renditions are plain ASCII; extra files keep the names staff gave them (spaces, Kiswahili), minus control characters. */
const PRIVATE_PATH = /^\/media\/private\/(videos|extras)\/(\d{1,9})\/[^\p{Cc}\\]+$/u;

/** A rendition's playlist, segment or init file: what plays the video, so what starts a rental's clock. */
const startsRental = (folder: string, filePath: string) => folder === 'videos' && /(\.m3u8|\.m4s|\/init\.mp4)$/.test(filePath);

const refuse = (reply: FastifyReply, detail = 'This media address is not valid or has expired.') =>
  reply.code(403).header('cache-control', 'no-store').send({ detail });

/** Signs one URI of a playlist (its path from the root, e.g. /media/private/videos/1/r1/240p/seg-0001.m4s). */
export type UriSigner = (fullPath: string) => string | Promise<string>;

/**
 * Every URI in a playlist, signed for the same user and expiry as the playlist itself: our signed
 * address for a playlist it lists (rewritten in turn), and for segments and init files whatever
 * `segment` makes (ours on disk, a presigned bucket address with object storage, so a slow phone
 * fetches each segment straight from the bucket with no redirect).
 */
export async function signPlaylist(body: string, playlistPath: string, secret: string, grant: MediaGrant, segment?: UriSigner): Promise<string> {
  const dir = path.posix.dirname(playlistPath);
  const ours = (full: string) => signMediaPath(secret, full, { userId: grant.userId, expires: grant.expires });
  const sign = (uri: string) => {
    const full = path.posix.join(dir, uri);
    return !segment || full.endsWith('.m3u8') ? ours(full) : segment(full);
  };
  const lines = await Promise.all(
    body.split('\n').map(async (line) => {
      if (line.startsWith('#')) {
        const uri = /URI="([^"]+)"/.exec(line)?.[1];
        return uri ? line.replace(`URI="${uri}"`, `URI="${await sign(uri)}"`) : line;
      }
      return line.trim() ? sign(line.trim()) : line;
    }),
  );
  return lines.join('\n');
}

/** Starts a rental's 48 hours at its first Play (the selling module's), answering its new end or null. */
export type RentalClock = (db: FastifyInstance['db'], userId: number, videoId: number) => Promise<Date | null>;

/** Counts a segment served under a pass (the selling module's): what its DJs are paid by (CONTRACT §14). */
export type PassViewCounter = (passId: number, videoId: number, segment: number, seconds: number) => Promise<void>;

/** A rendition's media segment (seg-0001.m4s, renditions.ts), by its index: what a pass counts. */
const SEGMENT = /\/seg-(\d{1,6})\.m4s$/;

/**
 * Media bytes (CONTRACT §5): a valid signature for this path, unexpired, and canAccess for the
 * user it names, checked on every request (a recent "yes" remembered until access may have changed). Range requests answer 206, so players seek and
 * downloads resume; playlists are rewritten so each segment carries its own signature.
 */
export async function registerMediaStreaming(app: FastifyInstance, deps: { mediaStore: MediaStore; mediaAccess: MediaAccess; startRental: RentalClock; countPassView: PassViewCounter }): Promise<void> {
  const { startRental } = deps;
  // A segment is counted once per pass (the table keeps it once too): a player's repeated ranges cost no write.
  const counted = new LRUCache<string, true>({ max: 50_000, ttl: 10 * 60_000 });
  const countView = (passId: number, videoId: number, filePath: string) => {
    const seg = SEGMENT.exec(filePath);
    if (!seg) return;
    const key = `${passId}:${videoId}:${seg[1]}`;
    if (counted.has(key)) return;
    counted.set(key, true);
    // Never in the way of the bytes: a failed count is logged, and the segment still plays.
    deps.countPassView(passId, videoId, Number(seg[1]), SEGMENT_SECONDS).catch((err: unknown) => {
      counted.delete(key);
      app.log.warn({ err }, 'a pass view was not counted');
    });
  };
  const root = mediaPaths(path.join(app.config.dataDir, 'media')).private;
  const secret = app.config.media.secret;
  const store = deps.mediaStore;
  const bucketKey = (fullPath: string) => `private/${fullPath.slice(PRIVATE_PREFIX.length)}`;
  const presignRedirect = createRedirectPresigner(store);
  const verifySignature = createMediaSignatureVerifier(secret);

  app.get('/media/private/*', { config: { compress: false }, schema: { hide: true } }, async (request, reply) => {
    const rawPath = request.url.split('?')[0]!;
    let filePath: string;
    try {
      filePath = decodeURIComponent(rawPath);
    } catch {
      return refuse(reply);
    }
    const match = PRIVATE_PATH.exec(filePath);
    if (!match || filePath.split('/').some((seg) => seg === '..' || seg === '.')) return refuse(reply, 'This media address is not valid.');
    const verified = verifySignature(filePath, request.query as Record<string, string>, Math.floor(Date.now() / 1000));
    if (!verified) return refuse(reply);
    const videoId = Number(match[2]);
    const right = await deps.mediaAccess.right(verified.userId, videoId);
    if (!right) return refuse(reply, 'You do not own this video.');
    let grant = verified;
    if (!right.owner) {
      // A rental streams, never downloads the file (CONTRACT §11); its first playlist or segment (played
      // or saved offline) starts its clock, never its subtitles, thumbnails or other extra files.
      if (filePath.endsWith(`/${DOWNLOAD_FILE}`)) return refuse(reply, 'A rental plays here and can be saved to watch offline, but not downloaded. Buy the video to download it.');
      const until = (right.started || !startsRental(match[1]!, filePath) ? null : await startRental(app.db, verified.userId, videoId)) ?? right.until;
      // What this answer signs (segments, a bucket's presigned addresses, max-age) ends with the rental.
      grant = { ...verified, expires: Math.min(verified.expires, Math.floor(until.getTime() / 1000)) };
      if (right.pass && match[1] === 'videos') countView(right.pass.id, videoId, filePath);
    }

    const relative = filePath.slice(PRIVATE_PREFIX.length);
    const maxAge = Math.max(0, grant.expires - Math.floor(Date.now() / 1000));
    if (filePath.endsWith('.m3u8')) {
      const body = (await store.read(bucketKey(filePath)))?.toString('utf8');
      if (body === undefined) return reply.code(404).send({ detail: 'Not found.' });
      // A bucket's presigned address lives as long as ours, and at least a minute.
      const presign = (full: string, downloadName?: string) => store.presign(bucketKey(full), { expiresIn: Math.max(60, maxAge), downloadName }) as Promise<string>;
      // Under a pass each segment comes through here (then to the bucket), so the store counts what it served.
      const viaBucket = store.driver === 's3' && !(!right.owner && right.pass);
      const signed = await signPlaylist(body, filePath, secret, grant, viaBucket ? presign : undefined);
      return reply.type('application/vnd.apple.mpegurl').header('cache-control', 'private, no-store').send(signed);
    }
    if (store.driver === 's3') {
      // The bytes come from the bucket: a presigned address with (at most) the same life, and the file name.
      const url = await presignRedirect(bucketKey(filePath), grant.expires, grant.downloadName);
      return reply.code(302).header('location', url).header('cache-control', 'private, no-store').send();
    }

    // send decodes the path it is given: hand it the encoded form, or a `%` in a name would be read as an escape.
    const result = await send(request.raw, `/${encodeMediaPath(relative)}`, { root, dotfiles: 'deny', index: false, acceptRanges: true, cacheControl: false, highWaterMark: 1024 * 1024 });
    if (result.type === 'error') {
      const status = result.statusCode === 416 ? 416 : 404;
      return reply
        .code(status)
        .headers(status === 416 ? { 'content-range': result.headers['Content-Range'] ?? result.headers['content-range'] } : {})
        .send({ detail: status === 416 ? 'That range is outside the file.' : 'Not found.' });
    }
    if (result.type === 'directory') return reply.code(404).send({ detail: 'Not found.' });
    reply.code(result.statusCode).headers(result.headers).header('cache-control', `private, max-age=${maxAge}`);
    if (filePath.endsWith('.m4s')) reply.type('video/iso.segment');
    if (grant.downloadName) reply.header('content-disposition', contentDisposition(grant.downloadName));
    return reply.send(result.stream);
  });
}
