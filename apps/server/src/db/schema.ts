/**
 * The database's one schema entry (drizzle.config.ts reads this file; code imports its tables from
 * here). Each module's tables live in schema/, by the module whose code writes them (issue 30):
 *
 * - schema/catalog.ts   djs, genres, videos, purchase_count_changes
 * - schema/accounts.ts  users, profiles, refreshTokens, signInLinks, passwordResets, phoneCodes
 * - schema/content.ts   people, notifications, contactMessages
 * - schema/media.ts     videoFiles, watchProgress
 * - schema/jobs.ts      mediaJobs (the job queue, src/jobs)
 * - schema/wallet.ts    ledgerEntries, saleLines
 * - schema/payments.ts  deposits, standingOrders, paybillPayments
 * - schema/payouts.ts   payouts
 * - schema/receipts.ts  receipts, etimsCounter, etimsDevices
 * - schema/selling.ts   purchases, cartItems, idempotencyKeys, rentals, bundleSettings, bundles,
 *                       bundleVideos, gifts, promoBatches, promoCodes, promoRedemptions
 * - schema/passes.ts    passProducts, customerPasses, passPeriods, passViews, passDjShares
 * - schema/notifications.ts follows, customerNotifications, pushSubscriptions, notificationSettings,
 *                       notificationDeliveries
 * - schema/admin.ts     auditLog
 * - schema/app-meta.ts  appMeta (written by src/demo)
 *
 * Foreign keys make the only imports among them, one way: accounts imports catalog; the others
 * import accounts and catalog; selling also imports wallet (sale lines) and passes (a gift's pass). No circle.
 */
export * from './schema/catalog.ts';
export * from './schema/accounts.ts';
export * from './schema/content.ts';
export * from './schema/media.ts';
export * from './schema/jobs.ts';
export * from './schema/wallet.ts';
export * from './schema/payments.ts';
export * from './schema/payouts.ts';
export * from './schema/receipts.ts';
export * from './schema/selling.ts';
export * from './schema/admin.ts';
export * from './schema/app-meta.ts';
export * from './schema/passes.ts';
export * from './schema/notifications.ts';
