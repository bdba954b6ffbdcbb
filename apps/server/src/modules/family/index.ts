/** The family module's front door: what other modules may use (docs/architecture.md). */
export { requireAgeConfirmation } from './age-confirmation.ts';
export { catalogViewOf, lockedRequest, ratingsFor } from './catalog-view.ts';
export { FamilyLocks, lockedKey } from './lock-states.ts';
export type { CatalogView } from './lock-states.ts';
export { familyRoutes } from './routes.ts';
export { withholdLocked, withholdLockedBy } from './withheld.ts';
export { adultVideoIds, videosOfLedgerEntries, videosOfReceipts } from './rated-videos-repository.ts';
