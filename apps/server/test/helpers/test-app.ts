import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildStore, type Store } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { inProcessFetch } from '../../src/lib/in-process-fetch.ts';
import type { Mailer } from '../../src/modules/mail/mailer.ts';
import type { Engine } from './engines.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: FastifyInstance;
  /** The services the processes drive directly (the job queue, the reconciler, payouts, ...). */
  store: Store;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a private database and a temporary DATA_DIR, for app.inject tests. */
export async function createTestApp(engine: Engine, overrides: Partial<Config> & { dropCallbacks?: boolean; mailer?: Mailer; redis?: Redis } = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'store-test-'));
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', MPESA_SIM_AUTO: 'off' }),
    webDist: null,
    adminDist: null,
    // Tests register many customers from one address; the registration limit has its own test.
    registerRateLimit: 10_000,
    // Tests send many prompts to the same few phones; the per-phone limit has its own test.
    mpesaPromptsPerPhone: 10_000,
    ...overrides,
  };
  const database = await createTestDatabase(engine);
  // Daraja's calls and the simulator's callbacks go through app.inject: no ports, same code paths.
  // eTIMS is called in-process by the store's own wiring (simulator mode, decision 0056).
  const self: { app?: FastifyInstance } = {};
  const injectFetch = inProcessFetch(() => self.app!);
  const deliver = overrides.dropCallbacks
    ? async () => undefined
    : async (url: string, body: unknown) => {
        await self.app!.inject({ method: 'POST', url: new URL(url).pathname, payload: body as object });
      };
  const store = await buildStore({ config, database, payments: { darajaFetch: injectFetch, simulatorDeliver: deliver }, ...(overrides.mailer ? { mailer: overrides.mailer } : {}), ...(overrides.redis ? { redis: overrides.redis } : {}) });
  const { app } = store;
  self.app = app;
  await app.ready();
  return {
    app,
    store,
    database,
    config,
    async close() {
      await app.close();
      await database.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
