import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { auditRoutes } from './audit.ts';
import { crudRoutes } from './crud.ts';
import { moneyRoutes } from './money.ts';
import { contactMessageResource, djResource, genreResource, notificationResource } from './resources.ts';

/**
 * /api/admin/*: the back office's API. One hook decides who may call it: 401 without a valid
 * token, 403 for a customer, staff through. Every write is in the audit log.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.requireUser);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.user?.isStaff) throw new HttpError(403, 'Only staff can use the back office.');
  });
  await app.register(crudRoutes(djResource));
  await app.register(crudRoutes(genreResource));
  await app.register(crudRoutes(notificationResource));
  await app.register(crudRoutes(contactMessageResource));
  await app.register(moneyRoutes);
  await app.register(auditRoutes);
};
