import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { openRedis } from './lib/redis-client.ts';
import { buildStore } from './app.ts';
import { ConfigError, loadStoreConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { startJobRunner } from './jobs/runner.ts';
import { backgroundTasks } from './background-tasks.ts';
import { locateMediaTools } from './modules/media/index.ts';

/**
 * `npm run worker`: every background task without the web server, on a machine of its own at scale:
 * transcoding (MEDIA_WORKERS at once, at least one), mail with retries, M-Pesa reconciliation, upload
 * clean-up and pruning. Any number of workers and web servers share one PostgreSQL (DATABASE_URL),
 * one Redis and one bucket (MEDIA_STORAGE_URL); they wake on PostgreSQL's NOTIFY when a job is added.
 * The app is built (not listening) so each task runs the very code the web server would.
 */
async function main() {
  const config = loadStoreConfig();
  if (!config.databaseUrl) throw new ConfigError('A worker shares the job table with the web servers: set DATABASE_URL to their PostgreSQL.');
  // No statement timeout: a worker's jobs may run long statements, and no customer waits on them.
  const database = await openDatabase({ url: config.databaseUrl, poolSize: 4, connectionTimeoutMs: config.databaseConnectTimeoutMs });
  await migrateDatabase(database);
  if (!locateMediaTools(config.media)) throw new ConfigError('ffmpeg was not found: install it (apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.');
  const redis = config.redisUrl ? openRedis(config.redisUrl, pino({ base: { name: 'redis' }, level: config.logLevel === 'silent' ? 'silent' : config.logLevel }, process.stdout)) : undefined;
  // In simulator mode a worker signs receipts against the web server's eTIMS simulator over HTTP
  // (PUBLIC_URL/etims-sim), not a copy of its own: one simulator keeps the invoice sequence (decision 0056).
  const etims = { ...config.etims, inProcess: false };
  const store = await buildStore({ config: { ...config, webDist: null, adminDist: null, etims }, database, redis, queueMail: true });
  const { app } = store;
  await app.ready();
  const tasks = backgroundTasks(store, { transcode: Math.max(1, config.media.workers), light: true });
  await tasks.schedule();
  const runner = startJobRunner({ queue: store.jobQueue, kinds: tasks.kinds, log: app.log, listen: database.listen });
  app.log.info({ kinds: Object.keys(tasks.kinds), transcodes: Math.max(1, config.media.workers) }, 'worker started');
  closeWithGrace({ delay: 30_000 }, async () => {
    await runner.stop();
    await app.close();
    redis?.disconnect();
    await database.close();
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
