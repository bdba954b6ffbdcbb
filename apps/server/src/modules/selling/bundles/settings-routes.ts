import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { adminBundleSettingsSchema, badRequestSchema, errorDetailSchema } from '@store/contract';
import type { Database } from '../../../db/client.ts';
import { bundles, bundleSettings } from '../../../db/schema.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { recordAudit } from '../../../lib/back-office/audit.ts';

const tags = ['back office'];
const read = async (db: Database) => {
  const [row] = await db.select().from(bundleSettings);
  return { all_seasons_discount_percent: row?.allSeasonsDiscountPercent ?? 20 };
};

/**
 * The all-seasons discount (/api/admin/bundle-settings): what every series' season pass takes off
 * its seasons' list total. Setting it sets every all-seasons bundle's discount too, and new series
 * start with it; one bundle can still be changed on its own afterwards.
 */
export const bundleSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/bundle-settings', { schema: { tags, summary: 'The all-seasons bundles’ discount', response: { 200: adminBundleSettingsSchema, 401: errorDetailSchema, 403: errorDetailSchema } } }, async () => read(app.db));

  app.put(
    '/bundle-settings',
    { schema: { tags, summary: 'Set the discount of every all-seasons bundle', body: adminBundleSettingsSchema, response: { 200: adminBundleSettingsSchema, 400: badRequestSchema, 401: errorDetailSchema, 403: errorDetailSchema } } },
    async (request) => {
      const percent = request.body.all_seasons_discount_percent;
      const after = await app.db.transaction(async (txn) => {
        const tx = txn as unknown as Database;
        const before = await read(tx);
        await tx.update(bundleSettings).set({ allSeasonsDiscountPercent: percent });
        await tx.update(bundles).set({ discountPercent: percent, updatedAt: sql`now()` }).where(sql`${bundles.kind} = 'all_seasons'`);
        const now = await read(tx);
        await recordAudit(tx, { userId: currentUser(request).id, action: 'update', resource: 'bundle-settings', recordId: 1, before, after: now });
        return now;
      });
      app.catalogCache.clear();
      return after;
    },
  );
};
