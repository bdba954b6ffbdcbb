import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { uploadDatastore } from './modules/admin/uploads.ts';
import { mailJobHandler } from './modules/mail/queued-mailer.ts';
import { smsJobHandler } from './modules/sms/queued-sms.ts';
import type { DemoHeadStart } from './modules/media/demo-head-start.ts';
import { locateMediaTools } from './modules/media/ffmpeg.ts';
import { createTranscodeHandler } from './modules/media/pipeline.ts';
import { createPreviewHandler, queuePreviewBackfill } from './modules/media/preview-backfill.ts';
import { scratchRoot } from './modules/media/storage/index.ts';
import type { JobKind } from './jobs/job-queue.ts';
import type { KindRunner } from './jobs/runner.ts';

const HOUR_MS = 3600_000;
/** How often the recurring tasks run (reconciliation's interval is configured: MPESA_RECONCILE_INTERVAL_MS). */
export const SWEEP_UPLOADS_EVERY_MS = HOUR_MS;
export const PRUNE_JOBS_EVERY_MS = 6 * HOUR_MS;
/** Unclaimed gifts go back to their givers within this long of their 30 days. */
export const RETURN_GIFTS_EVERY_MS = HOUR_MS;

/** Which kinds a process runs: the web server its share, `npm run worker` all of them. */
export type TaskSelection = { transcode: number; light: boolean };

/**
 * Every background task as a kind of job, with how many run at once in one process: transcodes
 * (CPU-bound, MEDIA_WORKERS), mail (a few at once: waiting on SMTP), and one of each recurring task,
 * which the queue's single row per task keeps to one run at a time across all processes.
 */
export function backgroundTasks(app: FastifyInstance, select: TaskSelection, opts: { demoHeadStart?: DemoHeadStart | undefined } = {}) {
  const { config } = app;
  const tools = locateMediaTools(config.media);
  const transcode = createTranscodeHandler({
    db: app.db,
    store: app.mediaStore,
    scratchDir: scratchRoot(config),
    tools,
    maxHeight: config.media.maxHeight,
    log: app.log,
    onCatalogChange: () => app.catalogCache.clear(),
    demoHeadStart: opts.demoHeadStart,
  });
  const preview = createPreviewHandler({ db: app.db, store: app.mediaStore, scratchDir: scratchRoot(config), tools, onCatalogChange: () => app.catalogCache.clear() });
  const uploads = uploadDatastore(app.mediaStore, { mediaDir: path.join(config.dataDir, 'media'), s3: config.media.storage });

  const light: Partial<Record<JobKind, KindRunner>> = {
    mail: { handle: mailJobHandler(app.mailTransport), concurrency: 2 },
    sms: { handle: smsJobHandler(app.smsTransport, app.log), concurrency: 2 },
    'return-gifts': {
      handle: async () => {
        await app.returnGifts();
      },
      concurrency: 1,
    },
    'reconcile-deposits': {
      handle: async () => {
        await app.reconcileDeposits();
      },
      concurrency: 1,
    },
    // Payouts sent with no answer are sent again (same OriginatorConversationID); lost results are asked about.
    'check-payouts': {
      handle: async () => {
        await app.payouts.checkDue();
      },
      concurrency: 1,
    },
    // Receipts go to KRA's control unit in invoice order, one run at a time across processes (the queue's single row).
    'etims-submit': {
      handle: async (_job, ctx) => {
        await app.receipts.submitter.drain({ signal: ctx.signal, onProgress: () => ctx.progress(0) });
      },
      concurrency: 1,
    },
    'sweep-uploads': {
      handle: async () => {
        await uploads.datastore.deleteExpired();
      },
      concurrency: 1,
    },
    'prune-jobs': {
      handle: async () => {
        await app.mediaJobs.prune();
      },
      concurrency: 1,
    },
  };
  const kinds: Partial<Record<JobKind, KindRunner>> = {
    // A preview is a copy of a minute, not an encode: one at a time beside the transcodes.
    ...(select.transcode > 0 ? { transcode: { handle: transcode, concurrency: select.transcode }, 'make-preview': { handle: preview, concurrency: 1 } } : {}),
    ...(select.light ? light : {}),
  };
  return {
    kinds,
    /** Puts the recurring tasks in the queue (once, whatever the number of processes asking). */
    async schedule() {
      await app.mediaJobs.schedule('reconcile-deposits', config.mpesa.reconcileIntervalMs);
      await app.mediaJobs.schedule('check-payouts', config.mpesa.reconcileIntervalMs);
      await app.mediaJobs.schedule('etims-submit', config.etims.submitEveryMs);
      await app.mediaJobs.schedule('sweep-uploads', SWEEP_UPLOADS_EVERY_MS);
      await app.mediaJobs.schedule('prune-jobs', PRUNE_JOBS_EVERY_MS);
      await app.mediaJobs.schedule('return-gifts', RETURN_GIFTS_EVERY_MS);
      // Videos transcoded before previews existed get theirs (migration 0020).
      await queuePreviewBackfill(app.db);
    },
  };
}
