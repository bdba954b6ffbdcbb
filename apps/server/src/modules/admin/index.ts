import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { locateMediaTools } from '../media/ffmpeg.ts';
import { auditRoutes } from './audit.ts';
import { promoCodeResource } from '../selling/promo-codes/admin-resource.ts';
import { promoAdminRoutes } from '../selling/promo-codes/admin-routes.ts';
import { contactMessageResource, contactReplyRoutes } from './contact-messages.ts';
import { crudRoutes } from './crud.ts';
import { customerRoutes, customerResource } from './customers.ts';
import { dashboardRoutes } from './dashboard.ts';
import { reportRoutes } from '../reports/routes.ts';
import { depositRoutes } from './deposits.ts';
import { mediaActionRoutes } from './media-actions.ts';
import { moneyRoutes } from './money.ts';
import { personResource } from './people.ts';
import { djResource } from '../payouts/dj-resource.ts';
import { payoutAdminRoutes } from '../payouts/routes.ts';
import { genreResource, notificationResource } from './resources.ts';
import { uploadRoutes } from './uploads.ts';
import { videoResource } from './videos.ts';
import { bundleResource } from '../selling/bundles/admin-resource.ts';
import { bundleSettingsRoutes } from '../selling/bundles/settings-routes.ts';
import { giftAdminRoutes } from '../selling/gifts/admin-routes.ts';
import { rentalAdminRoutes } from '../selling/rentals/admin-routes.ts';

/**
 * /api/admin/*: the back office's API. One hook decides who may call it: 401 without a valid
 * token, 403 for a customer, staff through. Every write is in the audit log.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // A DJ's own login (role dj) may call the few routes marked djAllowed; they answer only its DJ's data.
    if (!request.user?.isStaff && !(request.user?.djId && request.routeOptions.config.djAllowed)) throw new HttpError(403, 'Only staff can use the back office.');
  });
  const mediaDir = path.join(app.config.dataDir, 'media');
  await app.register(crudRoutes(djResource));
  await app.register(crudRoutes(genreResource));
  await app.register(crudRoutes(notificationResource));
  await app.register(crudRoutes(contactMessageResource));
  await app.register(contactReplyRoutes);
  await app.register(crudRoutes(personResource));
  await app.register(crudRoutes(videoResource(app.mediaStore)));
  await app.register(crudRoutes(customerResource));
  await app.register(mediaActionRoutes(app.mediaStore));
  await app.register(uploadRoutes({ db: app.db, store: app.mediaStore, mediaDir, s3: app.config.media.storage, tools: locateMediaTools(app.config.media), locker: app.uploadLocker, onCatalogChange: () => app.catalogCache.clear() }));
  await app.register(customerRoutes);
  await app.register(depositRoutes);
  await app.register(moneyRoutes);
  await app.register(payoutAdminRoutes(app.payouts, app.config.withholdingTaxPercent));
  await app.register(dashboardRoutes);
  await app.register(reportRoutes);
  await app.register(app.receipts.adminRoutes);
  await app.register(crudRoutes(promoCodeResource));
  await app.register(promoAdminRoutes);
  await app.register(crudRoutes(bundleResource));
  await app.register(bundleSettingsRoutes);
  await app.register(giftAdminRoutes);
  await app.register(rentalAdminRoutes);
  await app.register(auditRoutes);
};
