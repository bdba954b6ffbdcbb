import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { etimsSimulator, simControl, type EtimsSimControl } from '@store/etims-sim';
import { inProcessFetch } from '../../lib/in-process-fetch.ts';
import type { Mailer } from '../mail/index.ts';
import type { SmsSender } from '../sms/index.ts';
import { createEtimsClient } from './etims-client.ts';
import { createReceiptRepository } from './receipt-repository.ts';
import { createReceiptService } from './receipt-service.ts';
import { receiptAdminRoutes, receiptRoutes } from './routes.ts';
import { createReceiptSubmitter } from './submitter.ts';
import { createVatReport } from './vat-report.ts';

/**
 * Wires tax receipts: the eTIMS simulator in simulator mode (under /etims-sim), the OSCU client, the
 * submitter the etims-submit job runs, and the customer's and staff's routes. Receipts themselves
 * are made by the database when a sale commits (migration 0022).
 */
export async function createReceipts(app: FastifyInstance, wiring: { mailer: Mailer; sms: SmsSender }) {
  const c = app.config.etims;
  let sim: EtimsSimControl | null = null;
  if (c.mode === 'simulator') {
    sim = simControl();
    await app.register(etimsSimulator, { prefix: '/etims-sim', control: sim, taxpayerName: c.sellerName, stateFile: path.join(app.config.dataDir, 'etims-sim', 'state.json') });
  }
  const repo = createReceiptRepository(app.db);
  // The simulator mounted above is called in-process, by its path alone, unless ETIMS_URL sends the
  // client elsewhere or the process is a worker (decision 0056).
  const inProcess = sim !== null && c.inProcess;
  const client = createEtimsClient({ baseUrl: inProcess ? '/etims-sim' : c.url, tin: c.pin, branchId: c.branchId, deviceSerial: c.deviceSerial, ...(inProcess ? { fetch: inProcessFetch(() => app) } : {}) });
  const submitter = createReceiptSubmitter({ repo, client, config: c, log: app.log });
  const service = createReceiptService({ db: app.db, repo, config: c, publicUrl: app.config.publicUrl, mailer: wiring.mailer, sms: wiring.sms });
  return {
    repo,
    submitter,
    service,
    /** The simulator's switch (refuse, out of reach) and what it signed; null outside simulator mode. */
    sim,
    routes: receiptRoutes(service),
    adminRoutes: receiptAdminRoutes({ repo, config: c }),
    /** The month's output VAT from its receipts (CONTRACT §16): the reports module's VAT report reads it. */
    vat: createVatReport({ repo, config: c }),
  };
}
export type Receipts = Awaited<ReturnType<typeof createReceipts>>;

export { readEtimsConfig } from './config.ts';
export type { EtimsConfig } from './config.ts';
export { vatCsv, type VatReportService } from './vat-report.ts';
export { splitVat } from './vat.ts';
