import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequestSchema, errorDetailSchema, watchProgressInputSchema } from '@store/contract';
import { watchProgress } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { parseId } from '../../lib/ids.ts';
import { canAccess } from './access.ts';

const tags = ['watching'];
const params = z.object({ id: z.string() });
const answer = z.object({ position: z.number() });
const errors = { 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema };

/** Where an owner stopped watching, kept on the server so any phone resumes there. */
export const progressRoutes: FastifyPluginAsyncZod = async (app) => {
  async function ownedVideoId(userId: number, raw: string) {
    const id = parseId(raw);
    if (!(await canAccess(app.db, userId, id))) throw new HttpError(403, 'You do not own this video.');
    return id;
  }

  app.put(
    '/progress/:id',
    { preHandler: app.requireUser, schema: { tags, summary: 'Save where the customer stopped watching', security: [{ bearer: [] }], params, body: watchProgressInputSchema, response: { 200: answer, ...errors } } },
    async (request) => {
      const userId = currentUser(request).id;
      const videoId = await ownedVideoId(userId, request.params.id);
      const position = request.body.position;
      await app.db
        .insert(watchProgress)
        .values({ userId, videoId, positionSeconds: position })
        .onConflictDoUpdate({ target: [watchProgress.userId, watchProgress.videoId], set: { positionSeconds: position, updatedAt: sql`now()` } });
      return { position };
    },
  );
};
