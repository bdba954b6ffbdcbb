import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { C2b } from './c2b.ts';
import { isAcceptableCallbackUrl, isDarajaPhone, OUTCOMES, type PromptAction } from './daraja-rules.ts';
import { writeState } from './state-file.ts';

/**
 * M-Pesa Ratiba (standing orders), as mpesa-daraja.md records it: createStandingOrderExternal
 * answers at once, the customer approves with one PIN prompt (on the simulated phone, like an STK
 * push), the outcome is posted to CallBackURL, and each later deduction reaches the business as an
 * ordinary paybill payment carrying the order's AccountReference. There is no cancel call: the
 * customer ends an order from *334# (here POST /simulate/standing-orders/{ref}/cancel).
 */

export const RATIBA_PAYBILL = 'Standing Order Customer Pay Bill';
export const RATIBA_TILL = 'Standing Order Customer Pay Marchant';

export interface StandingOrder {
  id: string;
  responseRefId: string;
  name: string;
  phone: string;
  amount: number;
  /** 1 one-off, 2 daily, 3 weekly, 4 monthly, 5 bi-monthly, 6 quarterly, 7 half-year, 8 yearly. */
  frequency: number;
  startDate: string;
  endDate: string;
  accountReference: string;
  description: string;
  callbackUrl: string;
  createdAt: string;
  status: 'pending' | 'active' | 'failed' | 'cancelled' | 'ended';
  resultCode: number | null;
  /** Which due date comes next (0 is StartDate). */
  cycle: number;
  deductions: { transId: string | null; at: string; ok: boolean }[];
}

export interface StandingOrderContext {
  bearerOk(authorization: string | undefined): boolean;
  fault(reply: FastifyReply, status: number, errorCode: string, errorMessage: string): FastifyReply;
  later(ms: number, fn: () => void): void;
  deliver(url: string, body: unknown): Promise<void>;
  c2b: C2b;
  shortcode: string;
  auto: 'pay' | 'cancel' | 'timeout' | 'off';
  autoDelayMs: number;
  expireMs: number;
  /** Whether the phone has an STK prompt open (M-Pesa locks one session per subscriber). */
  phoneBusy(phone: string): boolean;
  /** How often due deductions are looked for. */
  tickMs: number;
  stateFile?: string | undefined;
}

const YMD = /^(\d{4})(\d{2})(\d{2})$/;
/** Midnight in Nairobi (UTC+3) of a yyyymmdd date, or null when it is no date. */
export function nairobiMidnight(ymd: string, addMonths = 0, addDays = 0): Date | null {
  const m = YMD.exec(ymd);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  // Months added from the start's day, held to the month's last day (31 Jan, 28 Feb, 31 Mar).
  const last = new Date(Date.UTC(y, mo - 1 + addMonths + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, mo - 1 + addMonths, Math.min(d, last) + addDays) - 3 * 3600_000);
}

/** The `cycle`th due date of an order; null past EndDate (or after a one-off's only one). */
export function dueAt(o: Pick<StandingOrder, 'startDate' | 'endDate' | 'frequency'>, cycle: number): Date | null {
  if (o.frequency === 1 && cycle > 0) return null;
  const days = { 2: 1, 3: 7 }[o.frequency as 2 | 3];
  // 5 read as every two months; one public client calls 5 monthly (mpesa-daraja.md: verify).
  const months = { 4: 1, 5: 2, 6: 3, 7: 6, 8: 12 }[o.frequency as 4 | 5 | 6 | 7 | 8];
  const at = nairobiMidnight(o.startDate, months ? months * cycle : 0, days ? days * cycle : 0);
  const end = nairobiMidnight(o.endDate, 0, 1);
  return at && end && at < end ? at : null;
}

const maskMsisdn = (phone: string) => `${phone.slice(0, 4)}******${phone.slice(-3)}`;

function load(file: string | undefined): Map<string, StandingOrder> {
  if (!file || !fs.existsSync(file)) return new Map();
  try {
    return new Map((JSON.parse(fs.readFileSync(file, 'utf8')) as StandingOrder[]).map((o) => [o.id, o]));
  } catch {
    return new Map();
  }
}

export function registerStandingOrders(app: FastifyInstance, ctx: StandingOrderContext) {
  const orders = load(ctx.stateFile);
  const save = () => writeState(ctx.stateFile, [...orders.values()], app.log);

  /** Ratiba's own answer shape, for its acceptance and its refusals alike. */
  const answer = (reply: FastifyReply, status: number, code: string, description: string) =>
    reply.status(status).send({
      ResponseHeader: { responseRefID: randomUUID(), responseCode: code, responseDescription: description, ResultDesc: description },
      ResponseBody: { responseCode: code, responseDescription: description },
    });
  const bad = (reply: FastifyReply, field: string) => answer(reply, 400, '1051', `Bad Request - Invalid ${field}`);

  const expired = (o: StandingOrder, now = Date.now()) => {
    if (o.status === 'pending' && now - new Date(o.createdAt).getTime() >= ctx.expireMs) resolve(o, 'timeout');
    return o.status === 'failed' && o.resultCode === OUTCOMES.timeout.code;
  };

  /** The customer's answer to the order's PIN prompt, posted once to CallBackURL. */
  function resolve(o: StandingOrder, action: PromptAction) {
    const outcome = OUTCOMES[action];
    const ok = outcome.code === 0;
    o.status = ok ? 'active' : 'failed';
    o.resultCode = outcome.code;
    save();
    const description = ok ? 'Standing order created successfully' : outcome.desc;
    const body = {
      ResponseHeader: { responseRefID: randomUUID(), requestRefID: o.responseRefId, responseCode: String(outcome.code), responseDescription: description },
      ResponseBody: {
        responseData: [
          { name: 'standingOrderName', value: o.name },
          { name: 'amount', value: o.amount.toFixed(2) },
          { name: 'TransactionID', value: o.id },
          { name: 'responseCode', value: String(outcome.code) },
          { name: 'Status', value: ok ? 'OKAY' : 'ERROR' },
          { name: 'Msisdn', value: maskMsisdn(o.phone) },
        ],
      },
    };
    ctx.deliver(o.callbackUrl, body).catch((err: unknown) => app.log.warn({ err, url: o.callbackUrl }, 'simulated standing order callback not delivered'));
    return outcome;
  }

  /** One deduction: a failed one (the balance short) reaches nobody, as with real M-Pesa. */
  async function deduct(o: StandingOrder, opts: { deliveries?: number; fail?: boolean } = {}) {
    const at = new Date().toISOString();
    if (opts.fail) {
      o.deductions.push({ transId: null, at, ok: false });
      save();
      return { TransID: null, ok: false };
    }
    const paid = await ctx.c2b.pay({ amount: o.amount, phone: o.phone, billRef: o.accountReference, deliveries: opts.deliveries ?? 1 });
    o.deductions.push({ transId: paid?.transId ?? null, at, ok: true });
    save();
    return { TransID: paid?.transId ?? null, ok: true };
  }

  /**
   * Deductions whose day has come. A simulator that was not running did not deduct: after a gap
   * an order is deducted once and its schedule moves past now.
   */
  async function runDue(now = new Date()) {
    for (const o of orders.values()) {
      if (o.status !== 'active') continue;
      const due = dueAt(o, o.cycle);
      if (!due) {
        o.status = 'ended';
        save();
        continue;
      }
      if (due > now) continue;
      while (dueAt(o, o.cycle) && dueAt(o, o.cycle)! <= now) o.cycle++;
      await deduct(o);
    }
  }
  const timer = setInterval(() => void runDue().catch((err: unknown) => app.log.warn({ err }, 'simulated standing order deductions failed')), ctx.tickMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.post('/standingorder/v1/createStandingOrderExternal', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (!ctx.bearerOk(request.headers.authorization)) return ctx.fault(reply, 404, '404.001.03', 'Invalid Access Token');
    const name = b.StandingOrderName;
    if (typeof name !== 'string' || !name.trim() || name.length > 100) return bad(reply, 'StandingOrderName');
    const start = String(b.StartDate ?? '');
    const end = String(b.EndDate ?? '');
    if (!nairobiMidnight(start)) return bad(reply, 'StartDate');
    if (!nairobiMidnight(end) || end < start) return bad(reply, 'EndDate');
    if (String(b.BusinessShortCode ?? '') !== ctx.shortcode) return bad(reply, 'BusinessShortCode');
    const type = String(b.ReceiverPartyIdentifierType ?? '');
    if (!((b.TransactionType === RATIBA_PAYBILL && type === '4') || (b.TransactionType === RATIBA_TILL && type === '2'))) return bad(reply, b.TransactionType === RATIBA_PAYBILL || b.TransactionType === RATIBA_TILL ? 'ReceiverPartyIdentifierType' : 'TransactionType');
    // Whole shillings as a string, as the page says.
    if (typeof b.Amount !== 'string' || !/^\d{1,6}$/.test(b.Amount) || Number(b.Amount) < 1 || Number(b.Amount) > 250_000) return bad(reply, 'Amount');
    if (!isDarajaPhone(b.PartyA)) return bad(reply, 'PartyA');
    if (!isAcceptableCallbackUrl(b.CallBackURL)) return bad(reply, 'CallBackURL');
    if (typeof b.AccountReference !== 'string' || !b.AccountReference || b.AccountReference.length > 12) return bad(reply, 'AccountReference');
    if (typeof b.TransactionDesc !== 'string' || !b.TransactionDesc || b.TransactionDesc.length > 13) return bad(reply, 'TransactionDesc');
    const frequency = Number(b.Frequency);
    if (!/^[1-8]$/.test(String(b.Frequency ?? ''))) return bad(reply, 'Frequency');
    const phone = String(b.PartyA);
    const live = [...orders.values()].filter((o) => o.phone === phone && (o.status === 'active' || (o.status === 'pending' && !expired(o))));
    if (live.some((o) => o.name === name)) return answer(reply, 400, '1050', 'The customer already has a standing order with this name');
    if (ctx.phoneBusy(phone) || live.some((o) => o.status === 'pending')) {
      return ctx.fault(reply, 500, '500.001.1001', 'Unable to lock subscriber, a transaction is already in process for the current subscriber');
    }
    const o: StandingOrder = {
      id: `SO${randomInt(10_000_000, 99_999_999)}`,
      responseRefId: randomUUID(),
      name,
      phone,
      amount: Number(b.Amount),
      frequency,
      startDate: start,
      endDate: end,
      accountReference: b.AccountReference,
      description: b.TransactionDesc,
      callbackUrl: String(b.CallBackURL),
      createdAt: new Date().toISOString(),
      status: 'pending',
      resultCode: null,
      cycle: 0,
      deductions: [],
    };
    orders.set(o.id, o);
    save();
    if (ctx.auto !== 'off') ctx.later(ctx.autoDelayMs, () => void (o.status === 'pending' && resolve(o, ctx.auto as PromptAction)));
    ctx.later(ctx.expireMs, () => void expired(o));
    const description = 'Request accepted for processing';
    return {
      ResponseHeader: { responseRefID: o.responseRefId, responseCode: '200', responseDescription: description, ResultDesc: 'The service request is processed successfully.' },
      ResponseBody: { responseCode: '200', responseDescription: description },
    };
  });

  /** The order a control call names: its id, or the live (else newest) one with that AccountReference. */
  const find = (ref: string) =>
    orders.get(ref) ??
    [...orders.values()].filter((o) => o.accountReference === ref).sort((a, b) => Number(b.status === 'active') - Number(a.status === 'active') || b.createdAt.localeCompare(a.createdAt))[0];

  /** A deduction now (tests and the demo): `deliveries` posts of the same TransID, or a failed one. */
  app.post<{ Params: { ref: string }; Body: { deliveries?: unknown; fail?: unknown } | null }>('/simulate/standing-orders/:ref/deduct', async (request, reply) => {
    const o = find(request.params.ref);
    if (!o) return reply.status(404).send({ detail: 'No such standing order.' });
    if (o.status !== 'active') return reply.status(409).send({ detail: `This standing order is ${o.status}.` });
    const deliveries = request.body?.deliveries ?? 1;
    if (typeof deliveries !== 'number' || !Number.isInteger(deliveries) || deliveries < 1 || deliveries > 5) return reply.status(400).send({ deliveries: ['1 to 5.'] });
    return { id: o.id, ...(await deduct(o, { deliveries, fail: request.body?.fail === true })) };
  });

  /** The customer ends the order on *334# (Ratiba has no cancel call for the business). */
  app.post<{ Params: { ref: string } }>('/simulate/standing-orders/:ref/cancel', async (request, reply) => {
    const o = find(request.params.ref);
    if (!o) return reply.status(404).send({ detail: 'No such standing order.' });
    if (o.status === 'active' || o.status === 'pending') o.status = 'cancelled';
    save();
    return { id: o.id, status: o.status };
  });

  app.get('/simulate/standing-orders', async () => [...orders.values()]);

  return {
    runDue,
    /** Orders waiting for the customer's PIN, for the simulated phone. */
    open: (now = Date.now()) => [...orders.values()].filter((o) => o.status === 'pending' && !expired(o, now)),
    /** Answers an order's PIN prompt from the phone; a string says why it cannot be. */
    answerPrompt(id: string, action: PromptAction): { code: number; desc: string } | 'unknown' | 'expired' | 'answered' | 'not-a-choice' {
      const o = orders.get(id);
      if (!o) return 'unknown';
      if (expired(o)) return 'expired';
      if (o.status !== 'pending') return 'answered';
      // Approving an order moves no money: there is no balance to be short of.
      if (action === 'insufficient') return 'not-a-choice';
      return resolve(o, action);
    },
  };
}
