/** The notifications module's front door: follows, a customer's own notifications, Web Push, continue watching (CONTRACT §15). */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { SmsSender } from '../sms/index.ts';
import { notificationAdminRoutes } from './admin-routes.ts';
import { notifyJobHandler, rentalsEnding } from './notify.ts';
import { notificationRoutes } from './routes.ts';
import { createSender } from './sender.ts';
import { createNotificationService } from './service.ts';
import { type VapidKeys, vapidKeys } from './vapid.ts';

export { guardedVideo, notifyCustomer, notifyGiftRecipient, RENTAL_ENDING_HOURS } from './notify.ts';
export { allowedEndpoint } from './push-hosts.ts';
export { wordsOf } from './words.ts';

/** How often rentals are looked at for one ending within 6 hours. */
export const RENTALS_ENDING_EVERY_MS = 15 * 60_000;

/** The module built from what it needs: its routes, its back-office routes and its jobs' handlers. */
export function createNotifications(deps: { db: Database; config: Pick<Config, 'dataDir' | 'push' | 'publicUrl'>; sms: SmsSender; log: FastifyBaseLogger }) {
  const { db, config } = deps;
  let keys: VapidKeys | undefined;
  // Made (or read) on first use: a store that never pushes writes no key file.
  const vapid = () => (keys ??= vapidKeys(config));
  const service = createNotificationService(db);
  const sender = createSender({ db, sms: deps.sms, vapid, serviceHosts: config.push.serviceHosts, publicUrl: config.publicUrl, log: deps.log });
  return {
    service,
    vapid,
    routes: notificationRoutes({ service, vapid, serviceHosts: config.push.serviceHosts }),
    adminRoutes: notificationAdminRoutes,
    /** The 'notify' job: makes one event's notifications. */
    notify: notifyJobHandler(db),
    /** The 'notify-send' job: its pushes and SMS (up to DELIVERIES_PER_JOB). */
    send: sender.send,
    /** A claimed batch of 'notify-send' jobs, read and recorded in one statement each. */
    sendMany: sender.sendMany,
    /** The recurring 'rentals-ending' job. */
    rentalsEnding: () => rentalsEnding(db),
  };
}
export type Notifications = ReturnType<typeof createNotifications>;
