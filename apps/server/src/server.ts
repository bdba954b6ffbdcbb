import fs from 'node:fs';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { openRedis } from './lib/redis-client.ts';
import { buildStore } from './app.ts';
import { ConfigError, loadStoreConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { SHARED_DEMO_CLIPS } from './demo/media.ts';
import { DEMO_ACCOUNTS, seedDemoStore } from './demo/seed.ts';
import { DEMO_PROMO_CODES } from './demo/promo-codes.ts';
import { startJobRunner } from './jobs/runner.ts';
import { sampleCustomerLoad } from './jobs/event-loop-load.ts';
import { backgroundTasks } from './background-tasks.ts';
import { startDemoHeadStart, type DemoHeadStart, locateMediaTools, scratchRoot } from './modules/media/index.ts';
import { searchSyncFor } from './modules/catalog/index.ts';

/**
 * On a first start with PGlite (no database in DATA_DIR yet) the demo's two clips are made while the
 * database is created and seeded, so the store is for sale seconds after it answers (decision 0033).
 */
function demoHeadStartFor(config: Config): DemoHeadStart | undefined {
  const tools = locateMediaTools(config.media);
  const first = config.demoData && !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db'));
  if (!first || !tools || config.media.workers === 0 || config.media.demoClips === 0) return undefined;
  return startDemoHeadStart(tools, scratchRoot(config), SHARED_DEMO_CLIPS, config.media.maxHeight);
}

async function main() {
  const config = loadStoreConfig();
  const demoHeadStart = demoHeadStartFor(config);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'db'),
    poolSize: config.databasePoolSize,
    connectionTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  await migrateDatabase(database);
  const redis = config.redisUrl ? openRedis(config.redisUrl, pino({ base: { name: 'redis' }, level: config.logLevel === 'silent' ? 'silent' : config.logLevel }, process.stdout)) : undefined;
  const store = await buildStore({ config, database, redis, queueMail: true });
  const { app } = store;

  if (config.demoData) {
    const seeded = await seedDemoStore(database.db, store.mediaStore, { demoClips: config.media.demoClips, withholdingPercent: config.withholdingTaxPercent });
    app.log.info(seeded ? `demo store created: ${seeded.videos} videos` : 'demo store already present');
  }

  if (!locateMediaTools(config.media)) app.log.warn('ffmpeg was not found: videos cannot be transcoded until it is installed');
  // Every background task is a job in the database: transcoding (MEDIA_WORKERS at once), and unless
  // JOBS_IN_PROCESS=false, mail, M-Pesa reconciliation and clean-ups; npm run worker runs the same.
  const tasks = backgroundTasks(store, { transcode: config.media.workers, light: config.jobsInProcess }, { demoHeadStart });
  await tasks.schedule();
  // Jobs that give way (a push fan-out) wait while customers keep this process busy.
  const customers = Object.values(tasks.kinds).some((k) => k?.givesWay) ? sampleCustomerLoad(app.server) : null;
  const jobs = startJobRunner({ queue: store.jobQueue, kinds: tasks.kinds, log: app.log, listen: database.listen, ...(customers ? { load: customers.busy } : {}) });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    await jobs.stop();
    customers?.stop();
    await demoHeadStart?.stop();
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
  const demo = config.demoData ? DEMO_ACCOUNTS.map((a) => `\n  Demo ${a.isStaff ? 'staff   ' : 'dj' in a ? 'DJ      ' : 'customer'}: ${a.email} / ${a.password}`).join('') + DEMO_PROMO_CODES.map((c) => `\n  Demo code    : ${c.code} (${c.says})`).join('') : '';
  console.log(
    `\n  Video store is open at ${shown}\n  Back office: ${shown}/admin/\n  API docs: ${shown}/api/docs\n  Database: ${database.engine === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL'}${demo}\n`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The store could not start:', err);
  process.exit(1);
});
