/** The selling module's front door: what other modules may use (docs/architecture.md). */
export { bundleResource } from './bundles/admin-resource.ts';
export { createBundleService } from './bundles/bundle-service.ts';
export type { BundleView } from './bundles/bundle-service.ts';
export { bundleSettingsRoutes } from './bundles/settings-routes.ts';
export { giftAdminRoutes } from './gifts/admin-routes.ts';
export { promoCodeResource } from './promo-codes/admin-resource.ts';
export { promoAdminRoutes } from './promo-codes/admin-routes.ts';
export { rentalAdminRoutes } from './rentals/admin-routes.ts';
export { rentalForVideo } from './rentals/rental-service.ts';
