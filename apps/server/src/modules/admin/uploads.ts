import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { ERRORS, Server as TusServer, Upload, type DataStore, type Locker } from '@tus/server';
import { LRUCache } from 'lru-cache';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { EXTRA_FILE_EXTENSIONS, MAIN_VIDEO_EXTENSIONS, MAX_EXTRA_FILE_BYTES, MAX_MAIN_VIDEO_BYTES, UPLOAD_KINDS, type Language } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { mediaJobs, videoFiles, videos } from '../../db/schema.ts';
import { probe, type MediaTools, type ProbeResult } from '../media/index.ts';
import { safeFileName } from '../media/index.ts';
import type { MediaStore } from '../media/index.ts';
import { s3ClientConfig, type S3Location } from '../media/index.ts';
import { currentUser } from '../../plugins/auth.ts';
import { recordAudit } from '../../lib/back-office/audit.ts';
import { carryHeadersToRaw } from '../../plugins/security-headers.ts';
import { languageOf, say } from '../../lib/words.ts';
import { outageLogThrottle, outageOf, outageSummary, RETRY_AFTER_SECONDS } from '../../lib/outage.ts';
import { DurableS3Store } from './durable-s3-store.ts';
import type { MessageId } from '@store/contract/locales';

/** Staff uploads run before the demo's generated clips. */
const UPLOAD_PRIORITY = 10_000;
/** An upload nobody finished is kept this long for its resumption, then may be swept. */
const UNFINISHED_KEPT_MS = 7 * 24 * 3600 * 1000;

/**
 * Where tus keeps uploads while they arrive, in the media store's place: DATA_DIR/media/uploads
 * (@tus/file-store), or `uploads/` in the bucket (@tus/s3-store, multipart uploads of 8 MB parts,
 * whose unfinished part a failing bucket no longer loses: durable-s3-store.ts),
 * so any web process can carry on an upload another began. `key` turns a tus id into a store key.
 */
export function uploadDatastore(store: MediaStore, opts: { mediaDir: string; s3: S3Location | undefined }) {
  if (store.driver === 's3' && opts.s3) {
    const loc = opts.s3;
    return {
      datastore: new DurableS3Store({ partSize: 8 * 1024 * 1024, expirationPeriodInMilliseconds: UNFINISHED_KEPT_MS, s3ClientConfig: { bucket: loc.bucket, ...s3ClientConfig(loc) } }),
      /** Ids are bucket keys (the prefix, uploads/, hex); addresses carry only the hex. */
      naming: {
        namingFunction: () => `${loc.prefix}uploads/${randomBytes(16).toString('hex')}`,
        generateUrl: (_req: Request, o: { path: string; id: string }) => `${o.path}/${o.id.split('/').pop()}`,
        getFileIdFromRequest: (_req: Request, last?: string) => (last && /^[0-9a-f]{32}$/.test(last) ? `${loc.prefix}uploads/${last}` : undefined),
      },
      key: (id: string) => id.slice(loc.prefix.length),
      infoKey: (id: string) => `${id.slice(loc.prefix.length)}.info`,
    };
  }
  return {
    datastore: new FileStore({ directory: path.join(opts.mediaDir, 'uploads'), expirationPeriodInMilliseconds: UNFINISHED_KEPT_MS }),
    naming: {},
    key: (id: string) => `uploads/${id}`,
    infoKey: (id: string) => `uploads/${id}.json`,
  };
}

/**
 * tus reads an upload again after onUploadFinish (creation-with-upload's Upload-Expires check, a
 * client's HEAD after it lost our answer), when its bytes have moved and its record is gone: it
 * answered 404 for an upload that succeeded, and the client sent the file again. Uploads finished
 * here are remembered as complete for a day, so tus answers 201 / 200 with the full Upload-Offset.
 */
function rememberFinished(datastore: DataStore): (upload: Upload) => void {
  const finished = new LRUCache<string, Upload>({ max: 10_000, ttl: 24 * 3600 * 1000 });
  const getUpload = datastore.getUpload.bind(datastore);
  datastore.getUpload = async (id: string) => {
    try {
      return await getUpload(id);
    } catch (err) {
      const done = finished.get(id);
      const gone = [404, 410].includes((err as { status_code?: number }).status_code ?? 0);
      if (done && gone) return done;
      throw err;
    }
  };
  return (upload) => {
    const size = upload.size ?? upload.offset;
    finished.set(upload.id, new Upload({ id: upload.id, size, offset: size, metadata: upload.metadata, creation_date: upload.creation_date }));
  };
}

/** A refusal from our hooks; `JsonTusServer` turns every error's text into CONTRACT's `{detail}`. */
const refuse = (status: number, detail: string) => ({ status_code: status, body: detail });

/**
 * tus's own refusals a staff member can meet through the back office's uploader, as catalog
 * sentences. The rest (a missing Tus-Resumable or Content-Type header, malformed metadata) only a
 * client that does not speak tus gets, and they stay tus's words.
 */
const TUS_WORDS = new Map<string, MessageId>([
  [ERRORS.ERR_MAX_SIZE_EXCEEDED.body, 'The file is too large: a main video may be at most 8 GB, an extra file 2 GB.'],
  [ERRORS.ERR_SIZE_EXCEEDED.body, 'More bytes arrived than the file has: start the upload again.'],
  [ERRORS.FILE_NOT_FOUND.body, 'This upload is no longer on the server: start it again.'],
  [ERRORS.FILE_NO_LONGER_EXISTS.body, 'This upload is no longer on the server: start it again.'],
  [ERRORS.INVALID_OFFSET.body, 'The server has a different part of this file: resume the upload.'],
  [ERRORS.ERR_LOCK_TIMEOUT.body, 'This upload is busy in another request. Try again in a moment.'],
  [ERRORS.ABORTED.body, 'This upload is busy in another request. Try again in a moment.'],
  [ERRORS.INVALID_LENGTH.body, 'Say the file size when the upload starts (Upload-Length).'],
  [ERRORS.INVALID_TERMINATION.body, 'A finished upload cannot be cancelled.'],
  [ERRORS.FILE_WRITE_ERROR.body, 'The upload failed.'],
  [ERRORS.UNKNOWN_ERROR.body, 'The upload failed.'],
  ['Not found\n', 'Not found.'],
]);

/**
 * The request tus is answering, for its `write`, which is not handed it: the reader's language, and
 * the Retry-After of an outage met on the way (set by onResponseError).
 */
const answering = new AsyncLocalStorage<{ language: Language; retryAfter?: number }>();

/**
 * tus answers errors as plain text, and an error it does not know (a database failure) as its
 * message: ours go out as `{"detail": ...}` (CONTRACT §3), like every other answer under /api, in
 * the reader's language (CONTRACT §9), as the error handler says everything else.
 */
class JsonTusServer extends TusServer {
  override write(context: Parameters<TusServer['write']>[0], headers: Headers, status: number, body = '') {
    if (status < 400) return super.write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    const detail = TUS_WORDS.get(body) ?? (body.trim() || 'The upload failed.');
    const request = answering.getStore();
    if (status === 503 && request?.retryAfter) headers.set('Retry-After', String(request.retryAfter));
    return super.write(context, headers, status, JSON.stringify({ detail: say(detail, request?.language ?? 'en') }));
  }
}

/** The ids the database can hold (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

interface UploadMeta {
  videoId: number;
  kind: (typeof UPLOAD_KINDS)[number];
  filename: string;
}

function readMeta(upload: Upload): UploadMeta {
  const m = upload.metadata ?? {};
  const videoId = Number(m.video_id);
  const kind = m.kind as UploadMeta['kind'];
  const filename = safeFileName(m.filename ?? '', '');
  if (!Number.isInteger(videoId) || videoId <= 0 || videoId > MAX_ID) throw refuse(400, 'Say which video the file belongs to (video_id).');
  if (!UPLOAD_KINDS.includes(kind)) throw refuse(400, 'Say whether the file is the main video or an extra (kind).');
  if (!filename) throw refuse(400, 'Give the file name (filename).');
  return { videoId, kind, filename };
}

/**
 * Resumable uploads (tus 1.0, @tus/server) at /api/admin/uploads: a 4 GB movie on a flaky uplink
 * carries on from the last byte the server has. Metadata says which video and whether the file is
 * the main video (checked with ffprobe, then queued for transcoding; the original stays until the
 * job succeeds) or an extra (stored as given). The admin hooks have already let only staff in.
 */
export function uploadRoutes(deps: { db: Database; store: MediaStore; mediaDir: string; s3: S3Location | undefined; tools: MediaTools | null; locker: Locker; onCatalogChange: () => void }): FastifyPluginAsync {
  const { store } = deps;
  const uploads = uploadDatastore(store, deps);
  const rememberAsFinished = rememberFinished(uploads.datastore);
  /** Who is uploading, for the audit row: tus hands its hooks the raw request only. */
  const uploader = new WeakMap<IncomingMessage, number>();
  /** The app's logger, once the routes are registered. */
  let log: FastifyBaseLogger | undefined;
  const shouldLogOutage = outageLogThrottle();

  async function videoExists(videoId: number) {
    return (await deps.db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId))).length > 0;
  }

  /**
   * ffprobe reads the upload where it is: the file on disk, or the object in the bucket through a
   * presigned address (ffprobe reads only the headers it needs, not the whole film).
   */
  async function checkIsVideo(key: string, meta: UploadMeta): Promise<ProbeResult | null> {
    if (!deps.tools) return null;
    try {
      return await probe(deps.tools, (await store.presign(key, { expiresIn: 900 })) ?? (await store.localCopy(key, '')));
    } catch {
      throw refuse(415, `${meta.filename} is not a video ffmpeg can read. Upload an MP4, MKV, MOV or WebM file.`);
    }
  }

  /**
   * Queues the transcoding of a finished main video. On disk it moves to sources/; in a bucket it
   * stays where tus put it (a copy is limited to 5 GB) and the job names its key. Answers whether
   * the upload's bytes are now the job's.
   */
  async function attachMainVideo(key: string, meta: UploadMeta, uploadId: string, staffId: number): Promise<boolean> {
    const probed = await checkIsVideo(key, meta);
    // The source's length, for the back office's expected transcoding time while the job waits.
    const payload = { ...(store.driver === 's3' ? { sourceKey: key } : {}), ...(probed ? { source: { seconds: probed.duration } } : {}) };
    const sourcePath = `${meta.videoId}/${uploadId.split('/').pop()}.${extensionOf(meta.filename)}`;
    const inBucket = store.driver === 's3';
    const placed = inBucket ? key : `sources/${sourcePath}`;
    await placeOrUndo(key, placed, (tx) =>
      tx
        .insert(mediaJobs)
        .values({ videoId: meta.videoId, kind: 'transcode', sourcePath, priority: UPLOAD_PRIORITY, ...(Object.keys(payload).length ? { payload } : {}) })
        .returning({ id: mediaJobs.id })
        .then(([job]) => recordAudit(tx, { userId: staffId, action: 'update', resource: 'videos', recordId: meta.videoId, after: { uploaded: meta.filename, job: job!.id } })),
    );
    return true;
  }

  /** Moves the file into place and records it; if the record fails, the file goes back out. */
  async function placeOrUndo(from: string, to: string, record: (tx: Database) => Promise<unknown>) {
    if (from !== to) await store.move(from, to);
    try {
      await deps.db.transaction((t) => record(t as unknown as Database));
    } catch (err) {
      await store.remove(to);
      throw err;
    }
  }

  async function attachExtraFile(key: string, meta: UploadMeta, uploadId: string, size: number, staffId: number) {
    const relative = `extras/${meta.videoId}/${uploadId.split('/').pop()}-${meta.filename}`;
    await placeOrUndo(key, `private/${relative}`, async (tx) => {
      const [row] = await tx.insert(videoFiles).values({ videoId: meta.videoId, name: meta.filename, path: relative, size }).returning({ id: videoFiles.id });
      await recordAudit(tx, { userId: staffId, action: 'create', resource: 'video-files', recordId: row!.id, after: { video_id: meta.videoId, name: meta.filename, size } });
    });
  }

  const tus = new JsonTusServer({
    path: '/api/admin/uploads',
    relativeLocation: true,
    datastore: uploads.datastore,
    ...uploads.naming,
    locker: deps.locker,
    maxSize: MAX_MAIN_VIDEO_BYTES,
    disableTerminationForFinishedUploads: true,
    // The back office is on this origin: no other site's page may read these answers.
    allowedOrigins: () => false,
    async onResponseError(_req, err) {
      if ('status_code' in err) return err;
      // The bucket or Redis (the upload's lock) away: "try again", as the error handler answers the rest
      // of the API; the client resumes from the offset a HEAD answers once it is back.
      const outage = outageOf(err);
      if (outage) {
        const request = answering.getStore();
        if (request) request.retryAfter = RETRY_AFTER_SECONDS[outage];
        const { log: logIt, unlogged } = shouldLogOutage(outage);
        if (logIt) log?.warn({ ...outageSummary(err, outage), ...(unlogged ? { unlogged } : {}) }, 'a dependency is unavailable: upload answered 503');
        return { status_code: 503, body: 'The store is briefly unavailable. Please try again in a moment.' };
      }
      // Not one of ours or tus's: logged, and answered without its message (it may be SQL).
      log?.error({ err }, 'upload failed');
      return { status_code: 500, body: 'Something went wrong on our side. Please try again.' };
    },
    async onUploadCreate(_req, upload) {
      const meta = readMeta(upload);
      if (upload.sizeIsDeferred || upload.size === undefined) throw refuse(400, 'Say the file size when the upload starts (Upload-Length).');
      const ext = extensionOf(meta.filename);
      if (meta.kind === 'main' && !(MAIN_VIDEO_EXTENSIONS as readonly string[]).includes(ext)) throw refuse(415, `The main video must be one of: ${MAIN_VIDEO_EXTENSIONS.join(', ')}.`);
      if (meta.kind === 'extra' && !(EXTRA_FILE_EXTENSIONS as readonly string[]).includes(ext)) throw refuse(415, `An extra file must be one of: ${EXTRA_FILE_EXTENSIONS.join(', ')}.`);
      if (meta.kind === 'extra' && upload.size > MAX_EXTRA_FILE_BYTES) throw refuse(413, 'An extra file may be at most 2 GB.');
      if (!(await videoExists(meta.videoId))) throw refuse(404, 'No such video.');
      return {};
    },
    async onUploadFinish(req, upload) {
      const meta = readMeta(upload);
      const key = uploads.key(upload.id);
      let kept = false;
      const staffId = uploader.get((req as unknown as { runtime: { node: { req: IncomingMessage } } }).runtime.node.req) ?? 0;
      try {
        if (!(await videoExists(meta.videoId))) throw refuse(404, 'The video was deleted while its file was uploading.');
        if (meta.kind === 'main') kept = await attachMainVideo(key, meta, upload.id, staffId);
        else await attachExtraFile(key, meta, upload.id, upload.size ?? upload.offset, staffId);
        rememberAsFinished(upload);
        deps.onCatalogChange();
      } finally {
        // Attached or refused, the upload is over: its bytes (if not moved or kept) and its info go.
        if (!kept || store.driver === 'local') await store.remove(key);
        await store.remove(uploads.infoKey(upload.id));
      }
      return {};
    },
  });

  return async (app) => {
    log = app.log;
    if (uploads.datastore instanceof DurableS3Store) {
      uploads.datastore.onStalePart = (id, err) =>
        log?.error({ upload: id.split('/').pop(), ...outageSummary(err, 'storage') }, "an upload's unfinished part, already stored again, could not be deleted: this process deletes it before the upload is next read");
    }
    // tus reads the body itself: fastify must leave PATCH bodies unparsed.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      uploader.set(request.raw, currentUser(request).id);
      carryHeadersToRaw(reply);
      reply.hijack();
      await answering.run({ language: languageOf(request.headers) }, () => tus.handle(request.raw, reply.raw));
    };
    // Expired unfinished uploads are swept by the queue's sweep-uploads job (jobs/tasks.ts).
    const schema = { hide: true };
    app.route({ method: ['POST', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE'], url: '/uploads', schema, handler: handle });
    app.route({ method: ['POST', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE'], url: '/uploads/:id', schema, handler: handle });
  };
}
