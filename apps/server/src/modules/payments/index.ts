import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { darajaSimulator } from '@store/daraja-sim';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { createDarajaClient } from './daraja-client.ts';
import type { Database } from '../../db/client.ts';
import { createDepositService, type DepositRow, type PaidOrderBuyer } from './deposit-service.ts';
import { createReconciler } from './reconciler.ts';
import { paymentRoutes } from './routes.ts';

export interface PaymentsOptions {
  /** How the Daraja client reaches Daraja (tests route it in-process). */
  darajaFetch?: typeof fetch;
  /** How the simulator delivers callbacks (a real HTTP POST by default). */
  simulatorDeliver?: (url: string, body: unknown) => Promise<void>;
}

export interface PaymentsWiring {
  /** Buys a paid checkout's videos in the transaction that credits the payment (orders). */
  buyPaidOrder: PaidOrderBuyer;
  /** Gives back what a failed or cancelled payment's order held (selling/paid-orders.ts). */
  releasePaidOrder?: (tx: Database, deposit: DepositRow) => Promise<void>;
  /** Counters shared by the store's processes (the M-Pesa prompts each phone was sent). */
  limits: LimitFactory;
}

const PROMPT_WINDOW_MS = 10 * 60_000;

/** Wires M-Pesa deposits: the Daraja client, the simulator in simulator mode, the reconciler. */
export async function createPayments(app: FastifyInstance, wiring: PaymentsWiring, opts: PaymentsOptions = {}) {
  const m = app.config.mpesa;
  if (m.mode === 'simulator') {
    await app.register(darajaSimulator, {
      prefix: '/mpesa-sim',
      consumerKey: m.consumerKey,
      consumerSecret: m.consumerSecret,
      shortcode: m.shortcode,
      passkey: m.passkey,
      auto: m.simAuto,
      autoDelayMs: m.simDelayMs,
      expireMs: m.simExpireMs,
      stateFile: path.join(app.config.dataDir, 'mpesa-sim', 'prompts.json'),
      b2cShortcode: m.b2cShortcode,
      initiatorName: m.initiatorName,
      securityCredential: m.securityCredential,
      b2cStateFile: path.join(app.config.dataDir, 'mpesa-sim', 'b2c.json'),
      ...(opts.simulatorDeliver ? { deliver: opts.simulatorDeliver } : {}),
    });
  }
  const daraja = createDarajaClient({ baseUrl: m.baseUrl, consumerKey: m.consumerKey, consumerSecret: m.consumerSecret, shortcode: m.shortcode, passkey: m.passkey, transactionType: m.transactionType, b2cShortcode: m.b2cShortcode, initiatorName: m.initiatorName, securityCredential: m.securityCredential, ...(opts.darajaFetch ? { fetch: opts.darajaFetch } : {}) });
  const deposits = createDepositService({ db: app.db, daraja, callbackBase: app.config.publicUrl, log: app.log, firstCheckMs: m.reconcileAfterMs, buyPaidOrder: wiring.buyPaidOrder, releasePaidOrder: wiring.releasePaidOrder, prompts: wiring.limits('mpesa-prompts', { points: app.config.mpesaPromptsPerPhone, windowMs: PROMPT_WINDOW_MS }) });
  const reconciler = createReconciler({ deposits, daraja, log: app.log, firstCheckMs: m.reconcileAfterMs });
  return { deposits, reconciler, daraja, routes: paymentRoutes(deposits) };
}

export { DarajaError } from './daraja-client.ts';
export type { DarajaClient } from './daraja-client.ts';
export type { DepositRow, DepositService, PaidOrderBuyer, PaidOrderOutcome } from './deposit-service.ts';
export { purchaseFailure } from './outcome-words.ts';
