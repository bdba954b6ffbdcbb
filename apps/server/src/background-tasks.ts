import path from 'node:path';
import type { Store } from './app.ts';
import { uploadDatastore } from './modules/admin/index.ts';
import { mailJobHandler } from './modules/mail/index.ts';
import { smsJobHandler } from './modules/sms/index.ts';
import { RENTALS_ENDING_EVERY_MS } from './modules/notifications/index.ts';
import { PASSES_EVERY_MS } from './modules/selling/index.ts';
import { FOLD_PURCHASE_COUNTS_EVERY_MS, purchaseCounts } from './modules/wallet/index.ts';
import { type DemoHeadStart, locateMediaTools, createTranscodeHandler, createPreviewHandler, queuePreviewBackfill, scratchRoot } from './modules/media/index.ts';
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
export function backgroundTasks(store: Store, select: TaskSelection, opts: { demoHeadStart?: DemoHeadStart | undefined } = {}) {
  const { app, jobQueue } = store;
  const { config } = app;
  const tools = locateMediaTools(config.media);
  const transcode = createTranscodeHandler({
    db: app.db,
    store: store.mediaStore,
    scratchDir: scratchRoot(config),
    tools,
    maxHeight: config.media.maxHeight,
    log: app.log,
    onCatalogChange: store.catalogChanged,
    demoHeadStart: opts.demoHeadStart,
  });
  const preview = createPreviewHandler({ db: app.db, store: store.mediaStore, scratchDir: scratchRoot(config), tools, onCatalogChange: store.catalogChanged });
  const uploads = uploadDatastore(store.mediaStore, { mediaDir: path.join(config.dataDir, 'media'), s3: config.media.storage });

  const light: Partial<Record<JobKind, KindRunner>> = {
    mail: { handle: mailJobHandler(store.mailTransport), concurrency: 2 },
    sms: { handle: smsJobHandler(store.smsTransport, app.log), concurrency: 2 },
    'return-gifts': {
      handle: async () => {
        await store.returnGifts();
      },
      concurrency: 1,
    },
    'reconcile-deposits': {
      handle: async () => {
        await store.reconcileDeposits();
      },
      concurrency: 1,
    },
    // Payouts sent with no answer are sent again (same OriginatorConversationID); lost results are asked about.
    'check-payouts': {
      handle: async () => {
        await store.payouts.checkDue();
      },
      concurrency: 1,
    },
    // Receipts go to KRA's control unit in invoice order, one run at a time across processes (the queue's single row).
    'etims-submit': {
      handle: async (_job, ctx) => {
        await store.receipts.submitter.drain({ signal: ctx.signal, onProgress: () => ctx.progress(0) });
      },
      concurrency: 1,
    },
    // A customer's own notifications (CONTRACT §15): made by one set-based statement per event, then each push or SMS on its own.
    notify: { handle: store.notifications.notify, concurrency: 1 },
    // Passes: DJs paid for periods that ended, reminders the day before, one renewal prompt on the last day.
    passes: {
      handle: async () => {
        await store.passRenewals.run();
      },
      concurrency: 1,
    },
    // Pushes are many and small: 16 to a job, and each loop claims two jobs at once, reads their pushes
    // and records what became of them in one statement each; a fan-out to thousands gives way to
    // customers being served (decision 0051): under load, one batch a second.
    'notify-send': { handle: store.notifications.send, handleMany: store.notifications.sendMany, concurrency: 2, batch: 2, givesWay: true },
    'rentals-ending': {
      handle: async () => {
        await store.notifications.rentalsEnding();
      },
      concurrency: 1,
    },
    // Sales append their purchase counts; this folds them into each video's row (decision 0055).
    'fold-purchase-counts': {
      handle: async () => {
        await purchaseCounts.fold(app.db);
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
        await jobQueue.prune();
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
      await jobQueue.schedule('reconcile-deposits', config.mpesa.reconcileIntervalMs);
      await jobQueue.schedule('check-payouts', config.mpesa.reconcileIntervalMs);
      await jobQueue.schedule('etims-submit', config.etims.submitEveryMs);
      await jobQueue.schedule('sweep-uploads', SWEEP_UPLOADS_EVERY_MS);
      await jobQueue.schedule('prune-jobs', PRUNE_JOBS_EVERY_MS);
      await jobQueue.schedule('return-gifts', RETURN_GIFTS_EVERY_MS);
      await jobQueue.schedule('rentals-ending', RENTALS_ENDING_EVERY_MS);
      await jobQueue.schedule('passes', PASSES_EVERY_MS);
      await jobQueue.schedule('fold-purchase-counts', FOLD_PURCHASE_COUNTS_EVERY_MS);
      // Videos transcoded before previews existed get theirs (migration 0020).
      await queuePreviewBackfill(app.db);
    },
  };
}
