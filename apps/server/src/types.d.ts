import type { Deposit, PurchaseRecord } from '@store/contract';
import type { Database } from './db/client.ts';
import type { Config } from './config.ts';
import type { ResponseCache } from './lib/response-cache.ts';
import type { FamilyLocks } from './modules/family/lock-states.ts';
import type { MediaAccess } from './modules/media/access.ts';
import type { OwnedMediaService } from './modules/media/owned-media.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './modules/mail/mailer.ts';
import type { SmsSender } from './modules/sms/sms-sender.ts';
import type { MediaStore } from './modules/media/storage/media-store.ts';
import type { DepositService } from './modules/payments/deposit-service.ts';
import type { PayoutService } from './modules/payouts/payout-service.ts';
import type { Receipts } from './modules/receipts/index.ts';
import type { RouteEntry } from './plugins/route-table.ts';
import type { Locker } from '@tus/server';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbEngine: 'pglite' | 'postgres';
    /** Public catalogue responses; clear() after any catalogue write. */
    catalogCache: ResponseCache;
    /** Accounts' family lock states as this process last read them, for the cache's fast path. */
    familyLocks: FamilyLocks;
    /** One reconciler pass over pending deposits (the queue's reconcile-deposits job runs it). */
    reconcileDeposits: (now?: Date) => Promise<number>;
    depositHistory: (userId: number) => Promise<Deposit[]>;
    /** Asks M-Pesa again about a deposit in review; `alongside` runs in the settling transaction. */
    recheckDeposit: DepositService['recheck'];
    /** DJ payouts and refunds to M-Pesa by B2C; the check-payouts job runs its checkDue. */
    payouts: PayoutService;
    purchaseRecords: (userId: number) => Promise<PurchaseRecord[]>;
    /** Tax receipts: the submitter the etims-submit job runs, the simulator's switch, the routes. */
    receipts: Receipts;
    /** Signed media addresses for owners and staff (the only maker of them). */
    ownedMedia: OwnedMediaService;
    /** canAccess for the media route, with recent "yes" answers remembered; forget() after a change that may take access away. */
    mediaAccess: MediaAccess;
    /** Where media bytes live: DATA_DIR/media or a bucket (MEDIA_STORAGE_URL). */
    mediaStore: MediaStore;
    /** Every route registered, with its method (plugins/route-table.ts). */
    routeTable: readonly RouteEntry[];
    /** The durable job queue (transcoding, reconciliation, mail, clean-ups); named for its first kind. */
    mediaJobs: JobQueue;
    /** Where mail really goes (SMTP or the outbox folder); the mail jobs send through it. */
    mailTransport: Mailer;
    /** Where SMS really goes (Africa's Talking or DATA_DIR/sms-outbox); the sms jobs send through it. */
    smsTransport: SmsSender;
    /** Gives unclaimed gifts past their 30 days back to their givers (the return-gifts job); how many. */
    returnGifts: () => Promise<number>;
    /** Locks on tus uploads: through Redis when configured (any web process may get the next PATCH), else in memory. */
    uploadLocker: Locker;
  }
}
