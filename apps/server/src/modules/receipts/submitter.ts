import type { FastifyBaseLogger } from 'fastify';
import type { EtimsConfig } from './config.ts';
import type { EtimsClient } from './etims-client.ts';
import { salePayload } from './oscu-payload.ts';
import type { DeviceRow, ReceiptRepository } from './receipt-repository.ts';

/** Receipts read at once; each is still sent alone, in order. */
const BATCH = 200;

/** Seconds before retry n of a receipt: 10 s, 20 s, 40 s... at most 10 minutes apart. */
export const retryMs = (attempt: number) => Math.min(10_000 * 2 ** Math.max(attempt - 1, 0), 600_000);

/**
 * Numbers receipts and sends them to KRA's control unit in that order, each until it is signed. A
 * sale makes its receipt unnumbered (migration 0025, decision 0047): numbers are given here, a batch
 * at a time in the transaction that claims it, only once every receipt numbered before is signed.
 * It runs as one recurring job (etims-submit), whose single row in the queue keeps it to one run at
 * a time across every process, so invoices reach the device in sequence and none is sent twice at
 * once; the answer is written only onto an unsigned receipt, so a receipt is signed once. A receipt
 * that is refused or finds KRA out of reach waits (and the ones after it, as the sequence wants) for
 * its next try; a sale never waits for any of this.
 */
export function createReceiptSubmitter(d: { repo: ReceiptRepository; client: EtimsClient; config: EtimsConfig; log: FastifyBaseLogger }) {
  const { repo, client, config, log } = d;
  let device: DeviceRow | null = null;

  async function ensureDevice(): Promise<DeviceRow | { error: string; code: string | null; refused: boolean }> {
    const key = { tin: config.pin, branchId: config.branchId, deviceSerial: config.deviceSerial };
    device ??= await repo.device(key);
    if (device) return device;
    const init = await client.initialise();
    if (!init.ok) return { error: `Device initialisation: ${init.message}`, code: init.refused ? init.code : null, refused: init.refused };
    await repo.saveDevice({ ...key, cuId: init.data.sdcId, cmcKey: init.data.cmcKey, sellerName: init.data.taxprNm ?? null });
    device = await repo.device(key);
    return device ?? { error: 'Device initialisation was not kept', code: null, refused: false };
  }

  return {
    /** Sends every due receipt in order; stops at the first that does not sign. Answers how many signed. */
    async drain(o: { signal?: AbortSignal; onProgress?: () => void } = {}): Promise<number> {
      let signed = 0;
      for (;;) {
        // A batch at a time (one read for many receipts and their lines), sent one by one in order:
        // first those numbered and not signed yet (they keep their numbers), then newly numbered ones.
        let batch = await repo.nextUnsigned(BATCH);
        if (batch.length === 0 && !o.signal?.aborted) batch = await repo.numberNext(BATCH);
        if (batch.length === 0) return signed;
        for (const next of batch) {
          if (o.signal?.aborted || next.etimsNextAt.getTime() > Date.now()) return signed;
          const dev = await ensureDevice();
          if ('error' in dev) {
            await repo.markUnsigned(next.id, { refused: dev.refused, code: dev.code, error: dev.error, retryInMs: retryMs(next.etimsAttempts + 1) });
            return signed;
          }
          const outcome = await client.saveSale(salePayload(next, { sellerName: config.sellerName, publishedAt: new Date() }), dev.cmcKey);
          if (!outcome.ok) {
            log.warn({ receiptId: next.id, invoiceNo: next.invoiceNo, code: outcome.refused ? outcome.code : null }, `eTIMS did not sign: ${outcome.message}`);
            await repo.markUnsigned(next.id, { refused: outcome.refused, code: outcome.refused ? outcome.code : null, error: outcome.message, retryInMs: retryMs(next.etimsAttempts + 1) });
            return signed;
          }
          if (await repo.markSigned(next.id, { cuId: dev.cuId, ...outcome.data })) signed += 1;
          o.onProgress?.();
        }
      }
    },
  };
}
export type ReceiptSubmitter = ReturnType<typeof createReceiptSubmitter>;
