/** The payouts module's front door: what other modules may use (docs/architecture.md). */
export { djResource } from './dj-resource.ts';
export { payoutAdminRoutes } from './routes.ts';
