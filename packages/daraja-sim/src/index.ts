import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  darajaAmount,
  isAcceptableCallbackUrl,
  isDarajaPhone,
  isDarajaTimestamp,
  OUTCOMES,
  type PromptAction,
  SANDBOX_PASSKEY,
  SANDBOX_SHORTCODE,
  stkPassword,
} from './daraja-rules.ts';
import { writeState } from './state-file.ts';
import { registerB2c, SANDBOX_B2C_SHORTCODE, SANDBOX_INITIATOR } from './b2c.ts';
import { PHONE_SCRIPT, phonePage } from './phone-page.ts';
import { type C2bUrls, registerC2b } from './c2b.ts';
import { registerStandingOrders } from './standing-orders.ts';

export { isAcceptableCallbackUrl, OUTCOMES, SANDBOX_PASSKEY, SANDBOX_SHORTCODE, stkPassword, type PromptAction } from './daraja-rules.ts';
export { RATIBA_PAYBILL, RATIBA_TILL, dueAt, type StandingOrder } from './standing-orders.ts';
export type { C2bConfirmation, C2bUrls } from './c2b.ts';
export { B2C_OUTCOMES, SANDBOX_B2C_SHORTCODE, SANDBOX_INITIATOR, type B2cBehaviour, type B2cOutcome } from './b2c.ts';

export interface SimulatorOptions {
  consumerKey: string;
  consumerSecret: string;
  shortcode?: string;
  passkey?: string;
  /** How prompts nobody answers end: like a customer who pays, cancels, never answers, or wait forever. */
  auto?: 'pay' | 'cancel' | 'timeout' | 'off';
  autoDelayMs?: number;
  /**
   * How long a prompt waits on the phone before M-Pesa gives up on it (ResultCode 1037, as Daraja
   * reports about 26 s after the push): its callback is sent then and STK query reports it.
   */
  expireMs?: number;
  /** Delivers a callback (a real HTTP POST by default). */
  deliver?: (url: string, body: unknown) => Promise<void>;
  /**
   * A file to keep prompts in. Daraja outlives the store: a push made before the store crashed must
   * still be known to STK query after it restarts.
   */
  stateFile?: string;
  /** B2C: the paying shortcode, the initiator and its security credential the simulator accepts. */
  b2cShortcode?: string;
  initiatorName?: string;
  securityCredential?: string;
  /** A file to keep B2C payments in (as stateFile for prompts). */
  b2cStateFile?: string;
  /**
   * Where paybill (C2B) confirmations go until a RegisterURL call says otherwise: the store's own
   * address in simulator mode, so standing order deductions reach it from the first start.
   */
  c2bUrls?: C2bUrls;
  /** Files to keep the registered C2B URLs and the standing orders in (as stateFile for prompts). */
  c2bStateFile?: string;
  standingOrderStateFile?: string;
  /** How often standing orders' due deductions are looked for (60 s by default). */
  standingOrderTickMs?: number;
}

export interface Prompt {
  merchantRequestId: string;
  checkoutRequestId: string;
  amount: number;
  phone: string;
  accountReference: string;
  callbackUrl: string;
  createdAt: Date;
  outcome: { code: number; desc: string; receipt?: string } | null;
}

const TOKEN_TTL_S = 3599;
export const PROMPT_EXPIRY_MS = 30_000;

function loadPrompts(file: string | undefined): Map<string, Prompt> {
  if (!file || !fs.existsSync(file)) return new Map();
  try {
    const list = JSON.parse(fs.readFileSync(file, 'utf8')) as Prompt[];
    return new Map(list.map((p) => [p.checkoutRequestId, { ...p, createdAt: new Date(p.createdAt) }]));
  } catch {
    return new Map();
  }
}

const requestId = () => `${randomInt(1000, 9999)}-${randomInt(1_000_000, 9_999_999)}-1`;
const fault = (reply: FastifyReply, status: number, errorCode: string, errorMessage: string) => reply.status(status).send({ requestId: requestId(), errorCode, errorMessage });
const invalid = (reply: FastifyReply, field: string) => fault(reply, 400, '400.002.02', `Bad Request - Invalid ${field}`);

const nairobiStamp = (d: Date) => {
  const t = new Date(d.getTime() + 3 * 3600_000).toISOString();
  return Number(t.slice(0, 19).replace(/\D/g, ''));
};

async function postJson(url: string, body: unknown) {
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) });
}

/**
 * Daraja's M-Pesa Express, in-process (CONTRACT §4): the same paths, validation, error codes and
 * JSON shapes as the sandbox, one callback per push delivered over HTTP with Daraja's exact body,
 * and a simulated phone (`GET /phone`, `POST /prompts/{id}`) to pay, cancel or get a PIN wrong.
 */
export const darajaSimulator: FastifyPluginAsync<SimulatorOptions> = async (app, opts) => {
  const shortcode = opts.shortcode ?? SANDBOX_SHORTCODE;
  const passkey = opts.passkey ?? SANDBOX_PASSKEY;
  const deliver = opts.deliver ?? postJson;
  const tokens = new Map<string, number>();
  const prompts = loadPrompts(opts.stateFile);
  const save = () => writeState(opts.stateFile, [...prompts.values()], app.log);
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => timers.forEach(clearTimeout));

  const bearerOk = (auth: string | undefined) => {
    const token = /^Bearer (\S+)$/.exec(auth ?? '')?.[1];
    const until = token ? tokens.get(token) : undefined;
    return until !== undefined && until > Date.now();
  };

  /** Push and query alike: the token, the merchant, the timestamp and the password built from them. */
  function refuseCredentials(authorization: string | undefined, b: Record<string, unknown>, reply: FastifyReply) {
    if (!bearerOk(authorization)) return fault(reply, 404, '404.001.03', 'Invalid Access Token');
    if (String(b.BusinessShortCode ?? '') !== shortcode) return fault(reply, 500, '500.001.1001', 'Merchant does not exist');
    const timestamp = String(b.Timestamp ?? '');
    if (!isDarajaTimestamp(timestamp)) return invalid(reply, 'Timestamp');
    if (b.Password !== stkPassword(shortcode, passkey, timestamp)) return fault(reply, 500, '500.001.1001', 'Wrong credentials');
    return null;
  }

  const expireMs = opts.expireMs ?? PROMPT_EXPIRY_MS;
  /** A prompt whose time ran out while nobody answered ends as M-Pesa ends it; answers whether it had. */
  const expired = (prompt: Prompt, now = Date.now()) => {
    if (!prompt.outcome && now - prompt.createdAt.getTime() >= expireMs) resolve(prompt, 'timeout');
    return prompt.outcome?.code === OUTCOMES.timeout.code && !prompt.outcome.receipt;
  };
  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  function resolve(prompt: Prompt, action: PromptAction) {
    const outcome = OUTCOMES[action];
    const receipt = action === 'pay' ? randomBytes(5).toString('hex').toUpperCase().slice(0, 10) : undefined;
    prompt.outcome = { ...outcome, ...(receipt ? { receipt } : {}) };
    save();
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: outcome.code,
      ResultDesc: outcome.desc,
    };
    if (receipt) {
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: prompt.amount },
          { Name: 'MpesaReceiptNumber', Value: receipt },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: nairobiStamp(new Date()) },
          { Name: 'PhoneNumber', Value: Number(prompt.phone) },
        ],
      };
    }
    // Sent once, never retried, as Daraja does.
    deliver(prompt.callbackUrl, { Body: { stkCallback } }).catch((err: unknown) => app.log.warn({ err, url: prompt.callbackUrl }, 'simulated callback not delivered'));
    return prompt.outcome;
  }

  app.get('/oauth/v1/generate', async (request, reply) => {
    const { grant_type } = request.query as { grant_type?: string };
    if (grant_type !== 'client_credentials') return fault(reply, 400, '400.008.02', 'Invalid grant type passed');
    const basic = /^Basic (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!basic) return fault(reply, 400, '400.008.01', 'Invalid Authentication passed');
    if (Buffer.from(basic, 'base64').toString() !== `${opts.consumerKey}:${opts.consumerSecret}`) return reply.status(400).send('');
    const token = randomBytes(21).toString('base64').replace(/[+/=]/g, 'A').slice(0, 28);
    tokens.set(token, Date.now() + TOKEN_TTL_S * 1000);
    return { access_token: token, expires_in: String(TOKEN_TTL_S) };
  });

  app.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    const refused = refuseCredentials(request.headers.authorization, b, reply);
    if (refused) return refused;
    if (b.TransactionType !== 'CustomerPayBillOnline' && b.TransactionType !== 'CustomerBuyGoodsOnline') return invalid(reply, 'TransactionType');
    const amount = darajaAmount(b.Amount);
    if (amount === null) return invalid(reply, 'Amount');
    if (!isDarajaPhone(b.PartyA) || !isDarajaPhone(b.PhoneNumber)) return invalid(reply, 'PhoneNumber');
    if (String(b.PartyB ?? '') !== shortcode) return invalid(reply, 'PartyB');
    if (!isAcceptableCallbackUrl(b.CallBackURL)) return invalid(reply, 'CallBackURL');
    if (typeof b.AccountReference !== 'string' || b.AccountReference.length === 0 || b.AccountReference.length > 12) return invalid(reply, 'AccountReference');
    if (typeof b.TransactionDesc !== 'string' || b.TransactionDesc.length === 0) return invalid(reply, 'Remarks');
    const phone = String(b.PhoneNumber);
    if ([...prompts.values()].some((p) => p.phone === phone && !expired(p) && !p.outcome)) {
      return fault(reply, 500, '500.001.1001', 'Unable to lock subscriber, a transaction is already in process for the current subscriber');
    }
    const prompt: Prompt = {
      merchantRequestId: `${randomInt(10000, 99999)}-${randomInt(10_000_000, 99_999_999)}-1`,
      checkoutRequestId: `ws_CO_${nairobiStamp(new Date())}${randomInt(100_000_000, 999_999_999)}`,
      amount,
      phone,
      accountReference: b.AccountReference,
      callbackUrl: String(b.CallBackURL),
      createdAt: new Date(),
      outcome: null,
    };
    prompts.set(prompt.checkoutRequestId, prompt);
    save();
    const auto = opts.auto ?? 'pay';
    if (auto !== 'off') later(opts.autoDelayMs ?? 4000, () => void (prompt.outcome || resolve(prompt, auto)));
    later(expireMs, () => void expired(prompt));
    return {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResponseCode: '0',
      ResponseDescription: 'Success. Request accepted for processing',
      CustomerMessage: 'Success. Request accepted for processing',
    };
  });

  app.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    const refused = refuseCredentials(request.headers.authorization, b, reply);
    if (refused) return refused;
    const prompt = prompts.get(String(b.CheckoutRequestID ?? ''));
    if (!prompt) return fault(reply, 500, '500.001.1001', 'The transaction does not Exist');
    // A prompt from before a restart has no timer: its time is checked when asked about.
    expired(prompt);
    const base = { ResponseCode: '0', ResponseDescription: 'The service request has been accepted successfully', MerchantRequestID: prompt.merchantRequestId, CheckoutRequestID: prompt.checkoutRequestId };
    if (!prompt.outcome) return { ...base, ResultCode: '4999', ResultDesc: 'The transaction is still under processing' };
    return { ...base, ResultCode: String(prompt.outcome.code), ResultDesc: prompt.outcome.desc };
  });

  registerB2c(app, {
    bearerOk,
    fault,
    later,
    deliver,
    shortcode: opts.b2cShortcode ?? SANDBOX_B2C_SHORTCODE,
    initiatorName: opts.initiatorName ?? SANDBOX_INITIATOR,
    securityCredential: opts.securityCredential ?? 'simulator-security-credential',
    stateFile: opts.b2cStateFile,
  });

  const c2b = registerC2b(app, { bearerOk, fault, deliver, shortcode, urls: opts.c2bUrls, stateFile: opts.c2bStateFile });
  const standingOrders = registerStandingOrders(app, {
    bearerOk,
    fault,
    later,
    deliver,
    c2b,
    shortcode,
    auto: opts.auto ?? 'pay',
    autoDelayMs: opts.autoDelayMs ?? 4000,
    expireMs,
    phoneBusy: (phone) => [...prompts.values()].some((p) => p.phone === phone && !expired(p) && !p.outcome),
    tickMs: opts.standingOrderTickMs ?? 60_000,
    stateFile: opts.standingOrderStateFile,
  });

  app.get('/phone', async (request, reply) => {
    const script = request.routeOptions.url!.replace(/phone$/, 'phone.js');
    const now = Date.now();
    const open = [...prompts.values()].filter((p) => !expired(p, now) && !p.outcome).map((p) => ({ id: p.checkoutRequestId, amount: p.amount, to: p.accountReference, phone: p.phone }));
    const orders = standingOrders.open(now).map((o) => ({ id: o.id, amount: o.amount, to: o.accountReference, phone: o.phone, standingOrder: o.name }));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(phonePage([...open, ...orders], script));
  });
  app.get('/phone.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PHONE_SCRIPT));

  app.post<{ Params: { id: string }; Body: { action?: string } }>('/prompts/:id', async (request, reply) => {
    const prompt = prompts.get(request.params.id);
    const action = request.body?.action;
    // Own keys only: `in` would take "constructor" or "toString" from the object's prototype.
    const choice = typeof action === 'string' && Object.hasOwn(OUTCOMES, action);
    if (!prompt) {
      // A standing order's one PIN prompt is answered on the same phone, with the same buttons.
      const answered = standingOrders.answerPrompt(request.params.id, choice ? (action as PromptAction) : 'insufficient');
      if (answered === 'unknown') return reply.status(404).send({ detail: 'No such prompt.' });
      if (answered === 'expired') return reply.status(409).send({ detail: 'This prompt expired before it was answered.' });
      if (answered === 'answered') return reply.status(409).send({ detail: 'This prompt was already answered.' });
      if (answered === 'not-a-choice' || !choice) return reply.status(400).send({ action: ['Must be one of: pay, cancel, wrong_pin, timeout.'] });
      return { TransactionID: request.params.id, ResultCode: answered.code, ResultDesc: answered.desc };
    }
    if (expired(prompt)) return reply.status(409).send({ detail: 'This prompt expired before it was answered.' });
    if (prompt.outcome) return reply.status(409).send({ detail: 'This prompt was already answered.' });
    if (!choice) return reply.status(400).send({ action: [`Must be one of: ${Object.keys(OUTCOMES).join(', ')}.`] });
    const outcome = resolve(prompt, action as PromptAction);
    return { CheckoutRequestID: prompt.checkoutRequestId, ResultCode: outcome.code, ResultDesc: outcome.desc };
  });
};
