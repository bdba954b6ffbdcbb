import type { FastifyPluginAsync } from 'fastify';
import { crudRoutes, type AfterWrite } from '../../lib/back-office/crud.ts';
import { createSignInLinks } from '../accounts/index.ts';
import type { Mailer } from '../mail/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { createDjInvites } from './dj-invite.ts';
import { djResource } from './dj-resource.ts';
import type { PayoutService } from './payout-service.ts';
import { payoutAdminRoutes } from './routes.ts';

/** The DJs' records, statements and payouts in the back office, under /api/admin. */
export function payoutsAdminRoutes(deps: { payouts: PayoutService; withholdingPercent: number; afterWrite: AfterWrite; mailer: Mailer; sms: SmsSender }): FastifyPluginAsync {
  return async (app) => {
    const invites = createDjInvites({ db: app.db, links: createSignInLinks(app.db, app.config.jwtSecret), mailer: deps.mailer, sms: deps.sms, publicUrl: app.config.publicUrl });
    await app.register(crudRoutes(djResource, deps.afterWrite));
    await app.register(payoutAdminRoutes(deps.payouts, deps.withholdingPercent, invites));
  };
}
