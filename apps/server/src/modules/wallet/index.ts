/** The wallet module's front door: what other modules may use (docs/architecture.md). */
export { owedAt, owedTo, payoutsTotal, statementLines, withholding } from './dj-earnings.ts';
export { ledger, NOT_A_VIDEO, videosNote } from './ledger.ts';
export type { PassSaleOutcome, Sale, SaleLineInput } from './ledger.ts';
export { revenueLines, revenueSums, STORE_TZ, withinNairobiDays } from './revenue.ts';
export { payoutMismatches } from './payout-ledger.ts';
export { FOLD_PURCHASE_COUNTS_EVERY_MS, purchaseCounts, purchaseTimesNow } from './purchase-counts.ts';
export type { Payout, PayoutResult } from './payout-ledger.ts';
export type { QuickSaleInput, QuickSaleOutcome } from './quick-sale-types.ts';
export { walletRoutes } from './routes.ts';
export { ledgerMismatches, postLedgerEntry, saleLineMismatches } from './wallet.ts';
