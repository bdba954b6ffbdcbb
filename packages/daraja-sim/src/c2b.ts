import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isAcceptableCallbackUrl } from './daraja-rules.ts';
import { writeState } from './state-file.ts';

/**
 * Paybill (C2B) payments as M-Pesa reports them to the business: RegisterURL tells Daraja where to
 * post, and each payment to the paybill is posted once to the confirmation URL with Safaricom's body.
 * Validation is only called when Safaricom enables external validation for a shortcode (on request),
 * so the simulator, like a default paybill, posts confirmations only.
 */

export interface C2bUrls {
  confirmationUrl: string;
  validationUrl?: string | undefined;
  responseType?: 'Completed' | 'Cancelled';
}

export interface C2bContext {
  bearerOk(authorization: string | undefined): boolean;
  fault(reply: FastifyReply, status: number, errorCode: string, errorMessage: string): FastifyReply;
  deliver(url: string, body: unknown): Promise<void>;
  shortcode: string;
  /** Where confirmations go before (or without) a RegisterURL call: the store's own, in simulator mode. */
  urls?: C2bUrls | undefined;
  stateFile?: string | undefined;
}

/** Safaricom's C2B confirmation body for one paybill payment. */
export interface C2bConfirmation {
  TransactionType: 'Pay Bill';
  TransID: string;
  TransTime: string;
  TransAmount: string;
  BusinessShortCode: string;
  BillRefNumber: string;
  InvoiceNumber: string;
  OrgAccountBalance: string;
  ThirdPartyTransID: string;
  MSISDN: string;
  FirstName: string;
  MiddleName: string;
  LastName: string;
}

/** An M-Pesa transaction id: ten capitals and digits, as receipts are. */
export const transId = () => randomBytes(5).toString('hex').toUpperCase();
const nairobiStamp = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');

export function registerC2b(app: FastifyInstance, ctx: C2bContext) {
  let urls: C2bUrls | undefined = ctx.urls;
  if (ctx.stateFile && fs.existsSync(ctx.stateFile)) {
    try {
      urls = (JSON.parse(fs.readFileSync(ctx.stateFile, 'utf8')) as C2bUrls[])[0] ?? urls;
    } catch {
      // An unreadable copy: the configured URLs stand.
    }
  }
  let orgBalance = 1_000_000;
  const invalid = (reply: FastifyReply, field: string) => ctx.fault(reply, 400, '400.002.02', `Bad Request - Invalid ${field}`);

  app.post('/mpesa/c2b/v1/registerurl', async (request, reply) => {
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (!ctx.bearerOk(request.headers.authorization)) return ctx.fault(reply, 404, '404.001.03', 'Invalid Access Token');
    if (String(b.ShortCode ?? '') !== ctx.shortcode) return invalid(reply, 'ShortCode');
    if (b.ResponseType !== 'Completed' && b.ResponseType !== 'Cancelled') return invalid(reply, 'ResponseType');
    if (!isAcceptableCallbackUrl(b.ConfirmationURL)) return invalid(reply, 'ConfirmationURL');
    if (!isAcceptableCallbackUrl(b.ValidationURL)) return invalid(reply, 'ValidationURL');
    urls = { confirmationUrl: String(b.ConfirmationURL), validationUrl: String(b.ValidationURL), responseType: b.ResponseType };
    writeState(ctx.stateFile, [urls], app.log);
    // Safaricom's spelling of the first field.
    return { OriginatorCoversationID: `${randomInt(10000, 99999)}-${randomInt(1_000_000, 9_999_999)}-1`, ResponseCode: '0', ResponseDescription: 'Success' };
  });

  return {
    get urls() {
      return urls;
    },
    /**
     * One payment to the paybill, posted `deliveries` times at once with the same TransID (M-Pesa
     * has been seen confirming one twice); answers the TransID, or null when no URL is known.
     */
    async pay(p: { amount: number; phone: string; billRef: string; deliveries?: number }): Promise<{ transId: string; body: C2bConfirmation } | null> {
      if (!urls) {
        app.log.warn({ simulator: 'daraja' }, 'a paybill payment with no confirmation URL registered was not reported');
        return null;
      }
      orgBalance += p.amount;
      const body: C2bConfirmation = {
        TransactionType: 'Pay Bill',
        TransID: transId(),
        TransTime: nairobiStamp(new Date()),
        TransAmount: p.amount.toFixed(2),
        BusinessShortCode: ctx.shortcode,
        BillRefNumber: p.billRef,
        InvoiceNumber: '',
        OrgAccountBalance: orgBalance.toFixed(2),
        ThirdPartyTransID: '',
        MSISDN: p.phone,
        FirstName: 'Simulated',
        MiddleName: '',
        LastName: 'Customer',
      };
      const url = urls.confirmationUrl;
      await Promise.all(Array.from({ length: p.deliveries ?? 1 }, () => ctx.deliver(url, body).catch((err: unknown) => app.log.warn({ err, url }, 'simulated C2B confirmation not delivered'))));
      return { transId: body.TransID, body };
    },
  };
}
export type C2b = ReturnType<typeof registerC2b>;
