import type { FastifyPluginAsync } from 'fastify';
import { crudRoutes, type AfterWrite } from '../../lib/back-office/crud.ts';
import { djResource } from './dj-resource.ts';
import type { PayoutService } from './payout-service.ts';
import { payoutAdminRoutes } from './routes.ts';

/** The DJs' records, statements and payouts in the back office, under /api/admin. */
export function payoutsAdminRoutes(deps: { payouts: PayoutService; withholdingPercent: number; afterWrite: AfterWrite }): FastifyPluginAsync {
  return async (app) => {
    await app.register(crudRoutes(djResource, deps.afterWrite));
    await app.register(payoutAdminRoutes(deps.payouts, deps.withholdingPercent));
  };
}
