import type { FastifyPluginAsync } from 'fastify';
import { crudRoutes, type AfterWrite } from '../../lib/back-office/crud.ts';
import { bundleResource } from './bundles/admin-resource.ts';
import { bundleSettingsRoutes } from './bundles/settings-routes.ts';
import { giftAdminRoutes } from './gifts/admin-routes.ts';
import { promoCodeResource } from './promo-codes/admin-resource.ts';
import { promoAdminRoutes } from './promo-codes/admin-routes.ts';
import { rentalAdminRoutes } from './rentals/admin-routes.ts';
import { passProductResource } from './passes/admin-resource.ts';
import { customerPassAdminRoutes } from './passes/admin-routes.ts';

/** Selling's back-office routes (promo codes, bundles, gifts, rentals, passes), under /api/admin. */
export function sellingAdminRoutes(afterWrite: AfterWrite): FastifyPluginAsync {
  return async (app) => {
    await app.register(crudRoutes(promoCodeResource, afterWrite));
    await app.register(promoAdminRoutes);
    await app.register(crudRoutes(bundleResource, afterWrite));
    await app.register(bundleSettingsRoutes);
    await app.register(giftAdminRoutes);
    await app.register(rentalAdminRoutes);
    await app.register(crudRoutes(passProductResource, afterWrite));
    await app.register(customerPassAdminRoutes);
  };
}
