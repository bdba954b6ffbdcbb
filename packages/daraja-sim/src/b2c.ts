import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import { writeState } from './state-file.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { darajaAmount, isAcceptableCallbackUrl, isDarajaPhone } from './daraja-rules.ts';

/**
 * Daraja's Business to Customer payment request (v3, with OriginatorConversationID) and the
 * transaction status query, in-process. Real Daraja answers a request at once and posts the outcome
 * to ResultURL later; the store must survive an outcome that comes late, twice or never. So the
 * simulator can be told (PUT /b2c/behaviour) how the next payments end: paid, refused with one of
 * M-Pesa's result codes, delayed, delivered several times, or lost.
 */

export const SANDBOX_B2C_SHORTCODE = '600000';
export const SANDBOX_INITIATOR = 'testapi';

/** What M-Pesa answers for the ways a B2C payment ends (ResultCode, ResultDesc). */
export const B2C_OUTCOMES = {
  pay: { code: 0, desc: 'The service request is processed successfully.' },
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  below_minimum: { code: 2, desc: 'Declined due to limit rule: less than the minimum transaction amount.' },
  invalid_initiator: { code: 2001, desc: 'The initiator information is invalid.' },
  unregistered: { code: 2040, desc: 'Credit Party customer type (Unregistered or Registered Customer) can\'t be supported by the service.' },
} as const;
export type B2cOutcome = keyof typeof B2C_OUTCOMES;

/** How the next payments end. `lose` keeps the outcome from ResultURL; status query still knows it. */
export interface B2cBehaviour {
  outcome: B2cOutcome;
  delayMs: number;
  /** How many times the same result is posted (Daraja has been seen posting one twice). */
  repeat: number;
  lose: boolean;
}
export const DEFAULT_B2C: B2cBehaviour = { outcome: 'pay', delayMs: 0, repeat: 1, lose: false };

export interface B2cPayment {
  originatorConversationId: string;
  conversationId: string;
  amount: number;
  phone: string;
  resultUrl: string;
  outcome: { code: number; desc: string; receipt: string } | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface B2cContext {
  bearerOk(authorization: string | undefined): boolean;
  fault(reply: FastifyReply, status: number, errorCode: string, errorMessage: string): FastifyReply;
  later(ms: number, fn: () => void): void;
  deliver(url: string, body: unknown): Promise<void>;
  shortcode: string;
  initiatorName: string;
  securityCredential: string;
  /** A file to keep payments in: a payment outlives a restart of the store. */
  stateFile?: string | undefined;
}

const conversationId = () => `AG_${new Date().toISOString().slice(0, 10).replace(/-/g, '')}_${randomBytes(10).toString('hex')}`;
const receiptNo = () => randomBytes(5).toString('hex').toUpperCase().slice(0, 10);
/** DD.MM.YYYY HH:mm:ss in Nairobi time, as B2C's TransactionCompletedDateTime. */
const completedAt = (d: Date) => {
  const t = new Date(d.getTime() + 3 * 3600_000).toISOString();
  return `${t.slice(8, 10)}.${t.slice(5, 7)}.${t.slice(0, 4)} ${t.slice(11, 19)}`;
};
const nairobiNumber = (d: Date) => Number(new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, ''));

function load(file: string | undefined): Map<string, B2cPayment> {
  if (!file || !fs.existsSync(file)) return new Map();
  try {
    return new Map((JSON.parse(fs.readFileSync(file, 'utf8')) as B2cPayment[]).map((p) => [p.originatorConversationId, p]));
  } catch {
    return new Map();
  }
}

export function registerB2c(app: FastifyInstance, ctx: B2cContext) {
  const payments = load(ctx.stateFile);
  const save = () => writeState(ctx.stateFile, [...payments.values()], app.log);
  let behaviour: B2cBehaviour = { ...DEFAULT_B2C };
  const requestId = () => `${randomInt(1000, 9999)}-${randomInt(1_000_000, 9_999_999)}-1`;
  const invalid = (reply: FastifyReply, field: string) => ctx.fault(reply, 400, '400.002.02', `Bad Request - Invalid ${field}`);

  /** The initiator and its credential: Daraja refuses a request whose initiator it does not know. */
  function refuseInitiator(b: Record<string, unknown>, reply: FastifyReply, nameField: string) {
    if (typeof b[nameField] !== 'string' || !b[nameField]) return invalid(reply, nameField);
    if (typeof b.SecurityCredential !== 'string' || !b.SecurityCredential) return invalid(reply, 'SecurityCredential');
    if (b[nameField] !== ctx.initiatorName || b.SecurityCredential !== ctx.securityCredential) return ctx.fault(reply, 500, '500.001.1001', 'The initiator information is invalid.');
    return null;
  }

  function resultBody(p: B2cPayment) {
    const o = p.outcome!;
    const Result: Record<string, unknown> = {
      ResultType: 0,
      ResultCode: o.code,
      ResultDesc: o.desc,
      OriginatorConversationID: p.originatorConversationId,
      ConversationID: p.conversationId,
      TransactionID: o.receipt,
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: 'https://internalsandbox.safaricom.co.ke/mpesa/b2cresults/v1/submit' } },
    };
    if (o.code === 0) {
      Result.ResultParameters = {
        ResultParameter: [
          { Key: 'TransactionAmount', Value: p.amount },
          { Key: 'TransactionReceipt', Value: o.receipt },
          { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
          { Key: 'B2CChargesPaidAccountAvailableFunds', Value: 0 },
          { Key: 'ReceiverPartyPublicName', Value: `${p.phone} - Simulated Customer` },
          { Key: 'TransactionCompletedDateTime', Value: completedAt(new Date(p.finishedAt!)) },
          { Key: 'B2CUtilityAccountAvailableFunds', Value: 1_000_000 },
          { Key: 'B2CWorkingAccountAvailableFunds', Value: 1_000_000 },
        ],
      };
    }
    return { Result };
  }

  function post(url: string, body: unknown, times: number) {
    for (let i = 0; i < times; i++) deliver(url, body);
  }
  function deliver(url: string, body: unknown) {
    ctx.deliver(url, body).catch((err: unknown) => app.log.warn({ err, url }, 'simulated B2C result not delivered'));
  }

  app.post('/mpesa/b2c/v3/paymentrequest', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (!ctx.bearerOk(request.headers.authorization)) return ctx.fault(reply, 404, '404.001.03', 'Invalid Access Token');
    const originator = b.OriginatorConversationID;
    if (typeof originator !== 'string' || originator.length < 1 || originator.length > 100) return invalid(reply, 'OriginatorConversationID');
    const refused = refuseInitiator(b, reply, 'InitiatorName');
    if (refused) return refused;
    if (!['BusinessPayment', 'SalaryPayment', 'PromotionPayment'].includes(String(b.CommandID))) return invalid(reply, 'CommandID');
    const amount = darajaAmount(b.Amount);
    if (amount === null) return invalid(reply, 'Amount');
    if (String(b.PartyA ?? '') !== ctx.shortcode) return invalid(reply, 'PartyA');
    if (!isDarajaPhone(b.PartyB)) return invalid(reply, 'PartyB');
    if (typeof b.Remarks !== 'string' || b.Remarks.length < 2 || b.Remarks.length > 100) return invalid(reply, 'Remarks');
    if (!isAcceptableCallbackUrl(b.ResultURL)) return invalid(reply, 'ResultURL');
    if (!isAcceptableCallbackUrl(b.QueueTimeOutURL)) return invalid(reply, 'QueueTimeOutURL');
    const seen = payments.get(originator);
    if (seen) {
      // The same key again: the same payment, never a second one (a request resent after a lost answer).
      if (seen.amount !== amount || seen.phone !== String(b.PartyB)) return ctx.fault(reply, 409, '409.001.01', 'Duplicate OriginatorConversationID');
      return { ConversationID: seen.conversationId, OriginatorConversationID: originator, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' };
    }
    const p: B2cPayment = { originatorConversationId: originator, conversationId: conversationId(), amount, phone: String(b.PartyB), resultUrl: String(b.ResultURL), outcome: null, createdAt: new Date().toISOString(), finishedAt: null };
    payments.set(originator, p);
    save();
    const now = behaviour;
    ctx.later(now.delayMs, () => {
      const o = amount < 10 ? B2C_OUTCOMES.below_minimum : B2C_OUTCOMES[now.outcome];
      p.outcome = { ...o, receipt: receiptNo() };
      p.finishedAt = new Date().toISOString();
      save();
      if (!now.lose) post(p.resultUrl, resultBody(p), now.repeat);
    });
    return { ConversationID: p.conversationId, OriginatorConversationID: originator, ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' };
  });

  app.post('/mpesa/transactionstatus/v1/query', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (!ctx.bearerOk(request.headers.authorization)) return ctx.fault(reply, 404, '404.001.03', 'Invalid Access Token');
    const refused = refuseInitiator(b, reply, 'Initiator');
    if (refused) return refused;
    if (b.CommandID !== 'TransactionStatusQuery') return invalid(reply, 'CommandID');
    if (String(b.PartyA ?? '') !== ctx.shortcode) return invalid(reply, 'PartyA');
    if (String(b.IdentifierType ?? '') !== '4') return invalid(reply, 'IdentifierType');
    if (!isAcceptableCallbackUrl(b.ResultURL)) return invalid(reply, 'ResultURL');
    const transactionId = typeof b.TransactionID === 'string' ? b.TransactionID : '';
    const original = typeof b.OriginalConversationID === 'string' ? b.OriginalConversationID : '';
    if (!transactionId && !original) return invalid(reply, 'TransactionID');
    const p = [...payments.values()].find((x) => (original && x.originatorConversationId === original) || (transactionId && x.outcome?.receipt === transactionId));
    const answer = { OriginatorConversationID: requestId(), ConversationID: conversationId(), ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' };
    const resultUrl = String(b.ResultURL);
    ctx.later(0, () => {
      const base = { ResultType: 0, OriginatorConversationID: answer.OriginatorConversationID, ConversationID: answer.ConversationID };
      if (!p || !p.outcome) {
        // Unknown, or not finished yet: M-Pesa says it has no such transaction (ask again later).
        deliver(resultUrl, { Result: { ...base, ResultCode: 'R000001', ResultDesc: 'The transaction does not exist.', TransactionID: transactionId || original } });
        return;
      }
      const completed = p.outcome.code === 0;
      deliver(resultUrl, {
        Result: {
          ...base,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          TransactionID: p.outcome.receipt,
          ResultParameters: {
            ResultParameter: [
              { Key: 'DebitPartyName', Value: `${ctx.shortcode} - Video Store` },
              { Key: 'CreditPartyName', Value: `${p.phone} - Simulated Customer` },
              { Key: 'OriginatorConversationID', Value: p.originatorConversationId },
              { Key: 'InitiatedTime', Value: nairobiNumber(new Date(p.createdAt)) },
              { Key: 'DebitAccountType', Value: 'Utility Account' },
              { Key: 'DebitPartyCharges' },
              { Key: 'TransactionReason' },
              { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
              { Key: 'TransactionStatus', Value: completed ? 'Completed' : 'Failed' },
              { Key: 'FinalisedTime', Value: nairobiNumber(new Date(p.finishedAt!)) },
              { Key: 'Amount', Value: p.amount },
              { Key: 'ConversationID', Value: p.conversationId },
              { Key: 'ReceiptNo', Value: completed ? p.outcome.receipt : '' },
            ],
          },
          ReferenceData: { ReferenceItem: { Key: 'Occasion' } },
        },
      });
    });
    return answer;
  });

  /** How the next B2C payments end (for tests and demos; the simulator only). */
  app.put<{ Body: Partial<{ outcome: string; delay_ms: number; repeat: number; lose: boolean }> }>('/b2c/behaviour', async (request, reply) => {
    const b = request.body ?? {};
    const outcome = b.outcome ?? 'pay';
    if (typeof outcome !== 'string' || !Object.hasOwn(B2C_OUTCOMES, outcome)) return reply.status(400).send({ outcome: [`Must be one of: ${Object.keys(B2C_OUTCOMES).join(', ')}.`] });
    const delayMs = Number(b.delay_ms ?? 0);
    const repeat = Number(b.repeat ?? 1);
    if (!Number.isInteger(delayMs) || delayMs < 0 || delayMs > 600_000) return reply.status(400).send({ delay_ms: ['A whole number of milliseconds up to 600000.'] });
    if (!Number.isInteger(repeat) || repeat < 1 || repeat > 5) return reply.status(400).send({ repeat: ['1 to 5.'] });
    behaviour = { outcome: outcome as B2cOutcome, delayMs, repeat, lose: b.lose === true };
    return behaviour;
  });
}
