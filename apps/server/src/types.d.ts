import type { Database } from './db/client.ts';
import type { Config } from './config.ts';
import type { ResponseCache } from './lib/response-cache.ts';
import type { FamilyLocks } from './modules/family/index.ts';
import type { RouteEntry } from './plugins/route-table.ts';

/**
 * What the framework carries for every route (decision 0049): the configuration, the database, the
 * auth hook (plugins/auth.ts), the route table, and the two caches that requests read before and
 * around routing (the public catalogue answers, the accounts' family lock states). Services are
 * handed to the modules that use them by app.ts, not found here.
 */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Public catalogue responses; clear() after any catalogue write. */
    catalogCache: ResponseCache;
    /** Accounts' family lock states as this process last read them, for the cache's fast path. */
    familyLocks: FamilyLocks;
    /** Every route registered, with its method (plugins/route-table.ts). */
    routeTable: readonly RouteEntry[];
  }
}
