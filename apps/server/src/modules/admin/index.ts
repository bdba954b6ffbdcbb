import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { locateMediaTools } from '../media/ffmpeg.ts';
import { auditRoutes } from './audit.ts';
import { crudRoutes } from './crud.ts';
import { customerRoutes, customerResource } from './customers.ts';
import { dashboardRoutes } from './dashboard.ts';
import { depositRoutes } from './deposits.ts';
import { mediaActionRoutes } from './media-actions.ts';
import { moneyRoutes } from './money.ts';
import { personResource } from './people.ts';
import { contactMessageResource, djResource, genreResource, notificationResource } from './resources.ts';
import { uploadRoutes } from './uploads.ts';
import { videoResource } from './videos.ts';

/**
 * /api/admin/*: the back office's API. One hook decides who may call it: 401 without a valid
 * token, 403 for a customer, staff through. Every write is in the audit log.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.user?.isStaff) throw new HttpError(403, 'Only staff can use the back office.');
  });
  const mediaDir = path.join(app.config.dataDir, 'media');
  await app.register(crudRoutes(djResource));
  await app.register(crudRoutes(genreResource));
  await app.register(crudRoutes(notificationResource));
  await app.register(crudRoutes(contactMessageResource));
  await app.register(crudRoutes(personResource));
  await app.register(crudRoutes(videoResource(app.mediaStore)));
  await app.register(crudRoutes(customerResource));
  await app.register(mediaActionRoutes(app.mediaStore));
  await app.register(uploadRoutes({ db: app.db, store: app.mediaStore, mediaDir, s3: app.config.media.storage, tools: locateMediaTools(app.config.media), locker: app.uploadLocker, onCatalogChange: () => app.catalogCache.clear() }));
  await app.register(customerRoutes);
  await app.register(depositRoutes);
  await app.register(moneyRoutes);
  await app.register(dashboardRoutes);
  await app.register(auditRoutes);
};
