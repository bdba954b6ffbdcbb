/** The health module's front door: what other modules may use (docs/architecture.md). */
export { healthRoutes } from './routes.ts';
export type { ReadinessDeps } from './readiness.ts';
export { createMetrics, metricsRoutes, poolOf } from './metrics.ts';
export type { PaidBy, PoolStats, StoreMetrics } from './metrics.ts';
