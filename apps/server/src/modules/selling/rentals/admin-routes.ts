import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminListQuerySchema, adminRentalSchema, badRequestSchema, errorDetailSchema, type AdminListQuery, type AdminRental } from '@store/contract';
import { HttpError } from '../../../lib/http-errors.ts';
import { parseId } from '../../../lib/ids.ts';
import { listWindow, sendList } from '../../../lib/back-office/simple-rest.ts';
import { sortOrder } from '../../../lib/back-office/list-query.ts';
import { rentals } from '../../../db/schema.ts';
import { rentalRepository as repo, type RentalWithVideo } from './rental-repository.ts';
import { toRental } from './rental-service.ts';

const toAdminRental = (r: RentalWithVideo & { username: string }): AdminRental => ({ ...toRental(r), user_id: r.userId, username: r.username, live: r.expiresAt.getTime() > Date.now() });

/**
 * Rentals in the back office (/api/admin/rentals), read only, newest first: who rented what, for
 * how much, and its clock. Filters: user_id, video_id, live (true or false). Rent prices and hours
 * are set on the video (its resource, audited there).
 */
/** The fields the back office sorts rentals by (a name outside them is a 400, never a sort on nothing). */
const RENTAL_SORT = { id: rentals.id, rented_at: rentals.rentedAt, started_at: rentals.startedAt, expires_at: rentals.expiresAt, price_paid: rentals.pricePaid, user_id: rentals.userId, video_id: rentals.videoId };

export const rentalAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['back office'];
  app.get(
    '/rentals',
    { schema: { tags, summary: 'Rentals, newest first, with their clock', querystring: adminListQuerySchema, response: { 200: z.array(adminRentalSchema), 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (request, reply) => {
      const w = listWindow(request.query as AdminListQuery);
      const f = w.filter as { user_id?: unknown; video_id?: unknown; live?: unknown };
      const filter = {
        userId: Number.isInteger(f.user_id) ? (f.user_id as number) : undefined,
        videoId: Number.isInteger(f.video_id) ? (f.video_id as number) : undefined,
        live: typeof f.live === 'boolean' ? f.live : undefined,
      };
      const { rows, count } = await repo.listAll(app.db, filter, w.limit, w.offset, sortOrder(w.sort, RENTAL_SORT, ['rented_at', 'DESC']));
      return sendList(reply, 'rentals', rows.map(toAdminRental), w.offset, count);
    },
  );

  app.get(
    '/rentals/:id',
    { schema: { tags, summary: 'One rental', params: z.object({ id: z.string() }), response: { 200: adminRentalSchema, 401: errorDetailSchema, 403: errorDetailSchema, 404: errorDetailSchema } } },
    async (request) => {
      const r = await repo.byId(app.db, parseId(request.params.id));
      if (!r) throw new HttpError(404, 'No such rental.');
      return toAdminRental(r);
    },
  );
};
