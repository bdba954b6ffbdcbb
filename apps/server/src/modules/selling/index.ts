/** The selling module's front door: what other modules may use (docs/architecture.md). */
export { sellingAdminRoutes } from './admin-routes.ts';
export { bundleSeller, createBundleSales } from './bundles/bundle-seller.ts';
export { createBundleService } from './bundles/bundle-service.ts';
export type { BundleView } from './bundles/bundle-service.ts';
export { bundleRoutes } from './bundles/routes.ts';
export { createGiftSales } from './gifts/gift-seller.ts';
export { createGiftService } from './gifts/gift-service.ts';
export { giftRoutes } from './gifts/routes.ts';
export { createPaidOrders } from './paid-orders.ts';
export { promoGuessLimits } from './promo-codes/guess-limits.ts';
export { defaultPreviewPricing } from './promo-codes/preview-pricing.ts';
export { promoRoutes } from './promo-codes/routes.ts';
export { createCartService } from './purchases/cart-service.ts';
export { purchaseSeller } from './purchases/purchase-seller.ts';
export { createPurchaseService } from './purchases/purchase-service.ts';
export { orderRoutes } from './purchases/routes.ts';
export { createRentalService, rentalForVideo, rentalSeller, startRental } from './rentals/rental-service.ts';
export { rentalRoutes } from './rentals/routes.ts';
