/** The catalog module's front door: what other modules may use (docs/architecture.md). */
export { cachedAnswersFirst } from './cached-answer.ts';
export { catalogRoutes } from './routes.ts';
export { searchRoutes } from './search-routes.ts';
export { searchSyncFor } from './search-sync.ts';
export { registerStorefrontPages } from './storefront-pages.ts';
