import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { darajaSimulator } from '@store/daraja-sim';
import type { LimitFactory } from '../../lib/rate-limits.ts';
import { createDarajaClient } from './daraja-client.ts';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { createDepositService, type DepositRow, type PaidOrderBuyer } from './deposit-service.ts';
import { createReconciler } from './reconciler.ts';
import { paymentRoutes, type VisitorSignIn } from './routes.ts';
import { createStandingOrders } from './standing-orders.ts';
import { standingOrderRoutes } from './standing-order-routes.ts';

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
  /** Signs in the account a visitor's paid prompt named (accounts; CONTRACT §16). */
  visitorSignIn?: VisitorSignIn;
}

const PROMPT_WINDOW_MS = 10 * 60_000;
const VISITOR_PROMPTS_PER_ADDRESS = 10;

const darajaFor = ({ mpesa: m }: Config, fetch?: typeof globalThis.fetch) =>
  createDarajaClient({ baseUrl: m.baseUrl, consumerKey: m.consumerKey, consumerSecret: m.consumerSecret, shortcode: m.shortcode, passkey: m.passkey, transactionType: m.transactionType, b2cShortcode: m.b2cShortcode, initiatorName: m.initiatorName, securityCredential: m.securityCredential, ...(fetch ? { fetch } : {}) });

/** The paybill's C2B confirmation and validation addresses (standing order deductions arrive there). */
export const paybillUrls = ({ publicUrl, mpesa }: Config) => ({ confirmationUrl: `${publicUrl}/api/paybill/confirmation/${mpesa.c2bSecret}`, validationUrl: `${publicUrl}/api/paybill/validation/${mpesa.c2bSecret}` });

/** Tells Daraja (C2B RegisterURL) where to confirm the paybill's payments: `npm run mpesa:register-urls`. */
export async function registerPaybillUrls(config: Config) {
  const urls = paybillUrls(config);
  await darajaFor(config).registerC2bUrls(urls);
  return urls;
}

/** Wires M-Pesa deposits: the Daraja client, the simulator in simulator mode, the reconciler. */
export async function createPayments(app: FastifyInstance, wiring: PaymentsWiring, opts: PaymentsOptions = {}) {
  const m = app.config.mpesa;
  // Where the paybill's payments (standing order deductions) are confirmed: the simulator is told
  // directly; Safaricom is told by registerPaybillUrls (C2B RegisterURL), once per shortcode.
  const c2bUrls = paybillUrls(app.config);
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
      c2bUrls,
      standingOrderStateFile: path.join(app.config.dataDir, 'mpesa-sim', 'standing-orders.json'),
      ...(opts.simulatorDeliver ? { deliver: opts.simulatorDeliver } : {}),
    });
  }
  const daraja = darajaFor(app.config, opts.darajaFetch);
  // One count of PIN prompts per phone, for pushes and standing orders alike.
  const prompts = wiring.limits('mpesa-prompts', { points: app.config.mpesaPromptsPerPhone, windowMs: PROMPT_WINDOW_MS });
  // Visitors' prompts per address (CONTRACT §16), beside the per-phone count.
  const visitorPrompts = wiring.limits('mpesa-visitor-prompts', { points: VISITOR_PROMPTS_PER_ADDRESS, windowMs: PROMPT_WINDOW_MS });
  const deposits = createDepositService({ db: app.db, daraja, callbackBase: app.config.publicUrl, log: app.log, firstCheckMs: m.reconcileAfterMs, buyPaidOrder: wiring.buyPaidOrder, releasePaidOrder: wiring.releasePaidOrder, prompts, visitorPrompts });
  const reconciler = createReconciler({ deposits, daraja, log: app.log, firstCheckMs: m.reconcileAfterMs });
  const standingOrders = { ...createStandingOrders({ db: app.db, daraja, callbackBase: app.config.publicUrl, log: app.log, prompts }), registerPaybillUrls: () => daraja.registerC2bUrls(c2bUrls) };
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(paymentRoutes(deposits, wiring.visitorSignIn));
    await api.register(standingOrderRoutes(standingOrders, m.c2bSecret));
  };
  return { deposits, reconciler, daraja, standingOrders, routes };
}

export { DarajaError } from './daraja-client.ts';
export type { DarajaClient } from './daraja-client.ts';
/** M-Pesa Ratiba standing orders (decision 0050): create, cancel, onPayment, onResult, registerPaybillUrls. */
export type StandingOrderService = Awaited<ReturnType<typeof createPayments>>['standingOrders'];
export type { NewStandingOrder, PaymentHandler, ResultHandler, StandingOrderRow } from './standing-orders.ts';
export type { RatibaFrequency } from './daraja-client.ts';
export type { DepositRow, DepositService, PaidOrderBuyer, PaidOrderOutcome } from './deposit-service.ts';
export { purchaseFailure } from './outcome-words.ts';
export { unsentPayment } from './deposit-service.ts';
export { visitorHash } from './visitor-cookie.ts';
export type { VisitorSignIn } from './routes.ts';
