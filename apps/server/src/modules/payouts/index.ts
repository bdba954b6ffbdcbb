/** The payouts module's front door: what other modules may use (docs/architecture.md). */
export { payoutsAdminRoutes } from './admin-routes.ts';
export { createPayoutService } from './payout-service.ts';
export type { PayoutService } from './payout-service.ts';
export { payoutCallbackRoutes } from './routes.ts';
