import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminListQuerySchema, badRequestSchema, errorDetailSchema, PASS_RENEWALS, type AdminListQuery } from '@store/contract';
import { listWindow, sendList } from '../../../lib/back-office/simple-rest.ts';
import { sortOrder } from '../../../lib/back-office/list-query.ts';
import { customerPasses } from '../../../db/schema.ts';
import { passRepository as repo } from './pass-repository.ts';

const customerPassRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  pass_id: z.number().int(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  live: z.boolean(),
  renewal: z.enum(PASS_RENEWALS),
});

/** The fields the back office sorts customers' passes by (a name outside them is a 400). */
const SORT = { id: customerPasses.id, user_id: customerPasses.userId, pass_id: customerPasses.passId, starts_at: customerPasses.startsAt, ends_at: customerPasses.endsAt, renewal: customerPasses.renewal };

/** Customers' passes in the back office (/api/admin/customer-passes), read only, latest end first. */
export const customerPassAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customer-passes',
    { schema: { tags: ['back office'], summary: 'Customers’ passes, latest end first', querystring: adminListQuerySchema, response: { 200: z.array(customerPassRow), 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (request, reply) => {
      const w = listWindow(request.query as AdminListQuery);
      const { rows, count } = await repo.all(app.db, w.limit, w.offset, sortOrder(w.sort, SORT, ['ends_at', 'DESC']));
      const now = Date.now();
      return sendList(
        reply,
        'customer-passes',
        rows.map((r) => ({ id: r.pass.id, user_id: r.pass.userId, username: r.username, pass_id: r.pass.passId, title: r.title, starts_at: r.pass.startsAt.toISOString(), ends_at: r.pass.endsAt.toISOString(), live: r.pass.endsAt.getTime() > now, renewal: r.pass.renewal })),
        w.offset,
        count,
      );
    },
  );
};
