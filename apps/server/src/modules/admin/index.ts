import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Locker } from '@tus/server';
import { crudRoutes, type AfterWrite } from '../../lib/back-office/crud.ts';
import { locateMediaTools, type MediaStore } from '../media/index.ts';
import type { DepositService } from '../payments/index.ts';
import type { PayoutService } from '../payouts/index.ts';
import { auditRoutes } from './audit.ts';
import { contactMessageResource, contactReplyRoutes } from './contact-messages.ts';
import { customerRoutes, customerResource } from './customers.ts';
import { dashboardRoutes } from './dashboard.ts';
import { depositRoutes } from './deposits.ts';
import { mediaActionRoutes } from './media-actions.ts';
import { moneyRoutes } from './money.ts';
import { personResource } from './people.ts';
import { genreResource, notificationResource } from './resources.ts';
import { uploadRoutes } from './uploads.ts';
import { videoResource } from './videos.ts';


/**
 * The back office's own resources under /api/admin (app.ts puts them in the back-office scope,
 * beside each other module's admin routes): the catalogue's records, customers, people, uploads,
 * deposits, money, the dashboard and the audit log. Every write is in the audit log.
 */
export function adminRoutes(deps: { mediaStore: MediaStore; uploadLocker: Locker; payouts: PayoutService; recheckDeposit: DepositService['recheck']; afterWrite: AfterWrite }): FastifyPluginAsync {
  const { afterWrite } = deps;
  return async (app) => {
    const mediaDir = path.join(app.config.dataDir, 'media');
    await app.register(crudRoutes(genreResource, afterWrite));
    await app.register(crudRoutes(notificationResource, afterWrite));
    await app.register(crudRoutes(contactMessageResource, afterWrite));
    await app.register(contactReplyRoutes);
    await app.register(crudRoutes(personResource, afterWrite));
    await app.register(crudRoutes(videoResource(deps.mediaStore), afterWrite));
    await app.register(crudRoutes(customerResource, afterWrite));
    await app.register(mediaActionRoutes(deps.mediaStore));
    await app.register(
      uploadRoutes({ db: app.db, store: deps.mediaStore, mediaDir, s3: app.config.media.storage, tools: locateMediaTools(app.config.media), locker: deps.uploadLocker, onCatalogChange: () => afterWrite({ catalogue: true }) }),
    );
    await app.register(customerRoutes);
    await app.register(depositRoutes(deps.recheckDeposit));
    await app.register(moneyRoutes({ payouts: deps.payouts, afterWrite }));
    await app.register(dashboardRoutes);
    await app.register(auditRoutes);
  };
}

export { createRedisLocker } from './upload-locker.ts';
export { uploadDatastore } from './uploads.ts';
