import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { DEMO_ACCOUNTS, seedDemoStore } from './demo/seed.ts';
import { startJobRunner } from './jobs/runner.ts';
import { locateMediaTools } from './modules/media/ffmpeg.ts';
import { searchSyncFor } from './modules/catalog/search-sync.ts';
import { createTranscodeHandler } from './modules/media/pipeline.ts';
import { scratchRoot } from './modules/media/storage/index.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
    onIdleError: (err) => console.error('an idle database connection failed; the pool will reconnect:', err.message),
  });
  await migrateDatabase(database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: false }) : undefined;
  const app = await buildApp({ config, database, redis });

  if (config.demoData) {
    const seeded = await seedDemoStore(database.db, app.mediaStore, { demoClips: config.media.demoClips });
    app.log.info(seeded ? `demo store created: ${seeded.videos} videos` : 'demo store already present');
  }

  const tools = locateMediaTools(config.media);
  if (!tools) app.log.warn('ffmpeg was not found: videos cannot be transcoded until it is installed');
  const jobs =
    config.media.workers > 0
      ? startJobRunner({
          queue: app.mediaJobs,
          workers: config.media.workers,
          log: app.log,
          handle: createTranscodeHandler({ db: database.db, store: app.mediaStore, scratchDir: scratchRoot(config), tools, maxHeight: config.media.maxHeight, log: app.log, onCatalogChange: () => app.catalogCache.clear() }),
        })
      : null;

  // Deposits whose callback never came are asked about; the schedule lives in the database.
  const reconcile = setInterval(() => void app.reconcileDeposits().catch((err: unknown) => app.log.error({ err }, 'reconciler pass failed')), config.mpesa.reconcileIntervalMs);

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    clearInterval(reconcile);
    await jobs?.stop();
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    redis?.disconnect();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  // The search index is built at the first search; building it now spares the first customer the wait.
  void searchSyncFor(database.db)
    .current()
    .catch((err: unknown) => app.log.warn({ err }, 'search index not built at start; the first search will build it'));
  const shown = config.publicUrl;
  const demo = config.demoData ? DEMO_ACCOUNTS.map((a) => `\n  Demo ${a.isStaff ? 'staff   ' : 'customer'}: ${a.email} / ${a.password}`).join('') : '';
  console.log(
    `\n  Video store is open at ${shown}\n  Back office: ${shown}/admin/\n  API docs: ${shown}/api/docs\n  Database: ${database.engine === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}${demo}\n`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The store could not start:', err);
  process.exit(1);
});
