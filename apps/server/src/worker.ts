import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { startJobRunner } from './jobs/runner.ts';
import { locateMediaTools } from './modules/media/ffmpeg.ts';
import { createTranscodeHandler } from './modules/media/pipeline.ts';
import { openMediaStore, scratchRoot } from './modules/media/storage/index.ts';

/**
 * `npm run worker`: transcoding without the web server, for a machine of its own at scale. Run the
 * web servers with MEDIA_WORKERS=0 and as many workers as there are cores to spare, all on one
 * PostgreSQL (DATABASE_URL) and one shared DATA_DIR/media.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new ConfigError('A worker shares the job table with the web servers: set DATABASE_URL to their PostgreSQL.');
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ url: config.databaseUrl, poolSize: 4 });
  await migrateDatabase(database);
  const tools = locateMediaTools(config.media);
  if (!tools) throw new ConfigError('ffmpeg was not found: install it (apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.');
  const runner = startJobRunner({
    queue: createJobQueue(database.db),
    workers: Math.max(1, config.media.workers),
    log,
    // Catalogue caches live in the web servers and expire within seconds on their own.
    handle: createTranscodeHandler({ db: database.db, store: openMediaStore(config), scratchDir: scratchRoot(config), tools, maxHeight: config.media.maxHeight, log, onCatalogChange: () => undefined }),
  });
  log.info({ workers: Math.max(1, config.media.workers) }, 'media worker started');
  closeWithGrace({ delay: 30_000 }, async () => {
    await runner.stop();
    await database.close();
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
