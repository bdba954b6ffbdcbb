import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { adminPersonSchema, adminVideoSchema, badRequestSchema, errorDetailSchema, MAX_PICTURE_BYTES } from '@store/contract';
import type { Database } from '../../db/client.ts';
import { mediaJobs, people, videoFiles, videos } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { createJobQueue } from '../../jobs/job-queue.ts';
import { currentUser } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { storeImage, UnreadableImageError, type ImageKind } from '../media/index.ts';
import { asMediaStore } from '../media/index.ts';
import type { MediaStore } from '../media/index.ts';
import { recordAudit } from '../../lib/back-office/audit.ts';
import { personResource } from './people.ts';
import { videoResource } from './videos.ts';
import { words } from '../../lib/words.ts';

const tags = ['back office'];
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema, 409: errorDetailSchema, 413: errorDetailSchema, 415: errorDetailSchema };
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const idParams = z.object({ id: z.string() });

/** Re-encodes a picture (posters, portraits) or says plainly why it cannot. */
async function storePicture(store: MediaStore, kind: ImageKind, bytes: Buffer): Promise<string> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new HttpError(415, 'Upload a JPEG, PNG or WebP picture.');
  return storeImage(store, kind, bytes).catch((err: unknown) => {
    throw err instanceof UnreadableImageError ? new HttpError(400, err.message) : err;
  });
}

/**
 * What staff do to a video's media besides uploading it: its poster, a retry of a failed
 * transcoding, removing an extra file; and the team's pictures. Each writes an audit row.
 */
export function mediaActionRoutes(media: MediaStore | string): FastifyPluginAsyncZod {
  const store = asMediaStore(media);
  const videosRes = videoResource(store);
  return async (app) => {
    // Pictures come as the request body itself (Content-Type image/...), up to 10 MB.
    app.addContentTypeParser(PICTURE_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PICTURE_BYTES }, (_req, body, done) => done(null, body));

    /** A write and its audit row in one transaction, then the catalogue's cached answers dropped. */
    async function writeThenRefresh<T>(work: (tx: Database) => Promise<T>): Promise<T> {
      const result = await app.db.transaction((t) => work(t as unknown as Database));
      app.catalogCache.clear();
      return result;
    }

    /** PUT a picture as the request body: stored in every width, the record pointed at it, audited. */
    function pictureRoute<R>(o: { url: string; summary: string; kind: ImageKind; resource: string; label: string; response: z.ZodType<R>; table: typeof videos | typeof people; column: typeof videos.posterKey | typeof people.imageKey; key: 'posterKey' | 'imageKey'; read: (tx: Database, id: number) => Promise<R | null> }) {
      // A generic response defeats the type provider's inference; the schemas still validate at run time.
      (app as unknown as FastifyInstance).put(o.url, { schema: { tags, summary: o.summary, params: idParams, response: { 200: o.response, ...errors } } }, async (request) => {
        const id = parseId((request.params as { id: string }).id);
        if (!Buffer.isBuffer(request.body)) throw new HttpError(415, 'Upload a JPEG, PNG or WebP picture.');
        const table = o.table as typeof videos;
        // Known record first, so a picture for nothing is never written to disk.
        if (!(await app.db.select({ id: table.id }).from(table).where(eq(table.id, id))).length) throw new HttpError(404, `No such ${o.label}.`);
        const key = await storePicture(store, o.kind, request.body);
        return writeThenRefresh(async (tx) => {
          const [before] = await tx.select({ key: o.column }).from(table).where(eq(table.id, id));
          if (!before) throw new HttpError(404, `No such ${o.label}.`);
          await tx.update(table).set({ [o.key]: key }).where(eq(table.id, id));
          await recordAudit(tx, { userId: currentUser(request).id, action: 'update', resource: o.resource, recordId: id, before: { picture: before.key }, after: { picture: key } });
          return (await o.read(tx, id))!;
        });
      });
    }
    pictureRoute({ url: '/videos/:id/poster', summary: "Set a video's poster (the image as the body: JPEG, PNG or WebP)", kind: 'posters', resource: 'videos', label: 'video', response: adminVideoSchema, table: videos, column: videos.posterKey, key: 'posterKey', read: videosRes.get });
    pictureRoute({ url: '/people/:id/picture', summary: "Set a team member's picture (the image as the body)", kind: 'portraits', resource: 'people', label: 'person', response: adminPersonSchema, table: people, column: people.imageKey, key: 'imageKey', read: personResource.get });

    app.post(
      '/videos/:id/retry',
      { schema: { tags, summary: "Retry a video's failed transcoding job", params: idParams, response: { 200: adminVideoSchema, ...errors } } },
      async (request) => {
        const id = parseId(request.params.id);
        return writeThenRefresh(async (tx) => {
          const [job] = await tx.select().from(mediaJobs).where(eq(mediaJobs.videoId, id)).orderBy(desc(mediaJobs.id)).limit(1).for('update');
          if (!job) throw new HttpError(404, 'This video has no transcoding job: upload its file first.');
          if (job.state !== 'failed') throw new HttpError(409, words('Only a failed job can be retried; this one is {state}.', { state: job.state }));
          await createJobQueue(tx).retry(job.id);
          await recordAudit(tx, { userId: currentUser(request).id, action: 'update', resource: 'media-jobs', recordId: job.id, before: { state: job.state, error: job.error }, after: { state: 'queued' } });
          return (await videosRes.get(tx, id))!;
        });
      },
    );

    app.delete(
      '/videos/:id/files/:fileId',
      { schema: { tags, summary: "Remove one of a video's extra files", params: z.object({ id: z.string(), fileId: z.string() }), response: { 200: adminVideoSchema, ...errors } } },
      async (request) => {
        const id = parseId(request.params.id);
        const fileId = parseId(request.params.fileId);
        const { answer, file } = await writeThenRefresh(async (tx) => {
          const [row] = await tx.delete(videoFiles).where(and(eq(videoFiles.id, fileId), eq(videoFiles.videoId, id))).returning();
          if (!row) throw new HttpError(404, 'No such file on this video.');
          await recordAudit(tx, { userId: currentUser(request).id, action: 'delete', resource: 'video-files', recordId: fileId, before: { video_id: id, name: row.name, size: row.size } });
          return { answer: (await videosRes.get(tx, id))!, file: row.path };
        });
        // Only once the row is gone: a signed address to it would otherwise point at nothing.
        // A stored path that climbs out is refused by the store (it never wrote one).
        await store.remove(`private/${file}`).catch(() => undefined);
        return answer;
      },
    );
  };
}
