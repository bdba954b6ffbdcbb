import path from 'node:path';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-errors.ts';
import { locateMediaTools } from '../media/index.ts';
import { auditRoutes } from './audit.ts';
import { promoCodeResource } from '../selling/index.ts';
import { promoAdminRoutes } from '../selling/index.ts';
import { contactMessageResource, contactReplyRoutes } from './contact-messages.ts';
import { crudRoutes } from '../../lib/back-office/crud.ts';
import { customerRoutes, customerResource } from './customers.ts';
import { dashboardRoutes } from './dashboard.ts';
import { reportRoutes } from '../reports/index.ts';
import { depositRoutes } from './deposits.ts';
import { mediaActionRoutes } from './media-actions.ts';
import { moneyRoutes } from './money.ts';
import { personResource } from './people.ts';
import { djResource } from '../payouts/index.ts';
import { payoutAdminRoutes } from '../payouts/index.ts';
import { genreResource, notificationResource } from './resources.ts';
import { uploadRoutes } from './uploads.ts';
import { videoResource } from './videos.ts';
import { bundleResource } from '../selling/index.ts';
import { bundleSettingsRoutes } from '../selling/index.ts';
import { giftAdminRoutes } from '../selling/index.ts';
import { rentalAdminRoutes } from '../selling/index.ts';

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
  // Any back-office write may take media access away (a user deactivated, a video removed): this
  // process forgets its remembered answers at once, others when PostgreSQL tells them.
  const afterWrite = ({ catalogue }: { catalogue: boolean }) => {
    app.mediaAccess.forget();
    if (catalogue) app.catalogCache.clear();
  };
  const mediaDir = path.join(app.config.dataDir, 'media');
  await app.register(crudRoutes(djResource, afterWrite));
  await app.register(crudRoutes(genreResource, afterWrite));
  await app.register(crudRoutes(notificationResource, afterWrite));
  await app.register(crudRoutes(contactMessageResource, afterWrite));
  await app.register(contactReplyRoutes);
  await app.register(crudRoutes(personResource, afterWrite));
  await app.register(crudRoutes(videoResource(app.mediaStore), afterWrite));
  await app.register(crudRoutes(customerResource, afterWrite));
  await app.register(mediaActionRoutes(app.mediaStore));
  await app.register(uploadRoutes({ db: app.db, store: app.mediaStore, mediaDir, s3: app.config.media.storage, tools: locateMediaTools(app.config.media), locker: app.uploadLocker, onCatalogChange: () => app.catalogCache.clear() }));
  await app.register(customerRoutes);
  await app.register(depositRoutes);
  await app.register(moneyRoutes);
  await app.register(payoutAdminRoutes(app.payouts, app.config.withholdingTaxPercent));
  await app.register(dashboardRoutes);
  await app.register(reportRoutes);
  await app.register(app.receipts.adminRoutes);
  await app.register(crudRoutes(promoCodeResource, afterWrite));
  await app.register(promoAdminRoutes);
  await app.register(crudRoutes(bundleResource, afterWrite));
  await app.register(bundleSettingsRoutes);
  await app.register(giftAdminRoutes);
  await app.register(rentalAdminRoutes);
  await app.register(auditRoutes);
};
