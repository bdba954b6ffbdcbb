import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAuditEntrySchema, adminListQuerySchema, badRequestSchema, errorDetailSchema } from '@store/contract';
import { auditLog, users } from '../../db/schema.ts';
import { sortOrder, type Sortable } from '../../lib/back-office/list-query.ts';
import { listWindow, sendList } from '../../lib/back-office/simple-rest.ts';

const SORTABLE = { id: auditLog.id, created_at: auditLog.createdAt, user_id: auditLog.userId, username: users.username, action: auditLog.action, resource: auditLog.resource, record_id: auditLog.recordId } satisfies Sortable<'audit'>;

/** GET /api/admin/audit: the log, newest first, filterable by resource, record and staff member. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    { schema: { tags: ['back office'], summary: 'The audit log of back-office writes', security: [{ bearer: [] }], querystring: adminListQuerySchema, response: { 200: z.array(adminAuditEntrySchema), 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (request, reply) => {
      const w = listWindow(request.query);
      const f = w.filter;
      const where: SQL[] = [];
      if (typeof f.resource === 'string') where.push(eq(auditLog.resource, f.resource));
      if (typeof f.record_id === 'string' || typeof f.record_id === 'number') where.push(eq(auditLog.recordId, String(f.record_id)));
      if (typeof f.user_id === 'number') where.push(eq(auditLog.userId, f.user_id));
      const condition = where.length ? and(...where) : undefined;
      const order = sortOrder(w.sort, SORTABLE, ['id', 'DESC']);
      const [total] = await app.db.select({ n: count() }).from(auditLog).where(condition);
      const rows = await app.db
        .select({ entry: auditLog, username: users.username })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.userId))
        .where(condition)
        .orderBy(order, desc(auditLog.id))
        .limit(w.limit)
        .offset(w.offset);
      const records = rows.map(({ entry, username }) => ({
        id: entry.id,
        user_id: entry.userId,
        username,
        action: entry.action,
        resource: entry.resource,
        record_id: entry.recordId,
        before: entry.before,
        after: entry.after,
        created_at: entry.createdAt.toISOString(),
      }));
      return sendList(reply, 'audit', records, w.offset, total!.n);
    },
  );
};
