/**
 * Safaricom Daraja's M-Pesa Express, as mpesa-daraja.md describes it: OAuth (one cached token,
 * renewed before it expires), STK push, STK query. It never resubmits a push whose answer was lost
 * (Daraja has no idempotency: that would charge twice); callers ask STK query instead.
 */

export interface DarajaConfig {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  transactionType?: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  /** B2C: the shortcode money is paid from, the initiator, and its password encrypted with Safaricom's certificate. */
  b2cShortcode?: string;
  initiatorName?: string;
  securityCredential?: string;
  /** For tests; the real clock otherwise. */
  now?: () => Date;
  fetch?: typeof fetch;
}

/** Daraja's error codes in words a customer or an operator can act on. */
const MESSAGES: Record<string, string> = {
  '400.002.02': 'M-Pesa refused the request',
  '400.008.01': 'M-Pesa refused the store’s credentials (authentication type)',
  '400.008.02': 'M-Pesa refused the store’s credentials (grant type)',
  '404.001.03': 'M-Pesa did not accept the store’s access token',
  '404.001.01': 'M-Pesa could not find that resource',
  '405.001': 'M-Pesa does not allow that method',
  '500.001.1001': 'M-Pesa could not process the request',
  '500.003.02': 'M-Pesa is busy; try again in a minute',
  '500.003.03': 'The store has reached its M-Pesa quota; try again later',
  // Ratiba (standing orders) answers with its own codes.
  '1001': 'The customer has another M-Pesa request in progress; try again in a minute',
  '1025': 'M-Pesa could not send the prompt to the phone',
  '1050': 'The customer already has a standing order with this name',
  '1051': 'M-Pesa refused the standing order request',
  '401': 'M-Pesa did not accept the store’s access token',
  '500': 'M-Pesa could not process the request',
};

/** Ratiba's frequencies the store uses (mpesa-daraja.md: 2 daily, 3 weekly, 4 monthly). */
export const RATIBA_FREQUENCY = { daily: '2', weekly: '3', monthly: '4' } as const;
export type RatibaFrequency = keyof typeof RATIBA_FREQUENCY;

/** A field of Ratiba's nested answers, whichever case its object and key come in. */
function nested(body: Record<string, unknown> | null, object: string, key: string): unknown {
  const o = (body?.[object] ?? body?.[object[0]!.toLowerCase() + object.slice(1)]) as Record<string, unknown> | undefined;
  if (!o || typeof o !== 'object') return undefined;
  const found = Object.keys(o).find((k) => k.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : o[found];
}

export class DarajaError extends Error {
  constructor(
    /** Daraja's errorCode, or 'network' / 'http-<status>' when there was none. */
    readonly code: string,
    message: string,
    readonly httpStatus: number,
  ) {
    super(message);
  }
}

export interface StkPushResult {
  merchantRequestId: string;
  checkoutRequestId: string;
}

export interface B2cAccepted {
  conversationId: string;
  originatorConversationId: string;
}

export type StkQueryState = 'pending' | 'completed' | 'failed' | 'cancelled';
export interface StkQueryResult {
  state: StkQueryState;
  resultCode: string;
  resultDesc: string;
}

/** What a Daraja result code means for a deposit. */
export function stateForResultCode(code: string | number): Exclude<StkQueryState, 'pending'> {
  const c = String(code);
  if (c === '0') return 'completed';
  if (c === '1032') return 'cancelled';
  return 'failed';
}

/** YYYYMMDDHHmmss in Nairobi time (UTC+3, no daylight saving). */
export const darajaTimestamp = (d: Date) => new Date(d.getTime() + 3 * 3600_000).toISOString().slice(0, 19).replace(/\D/g, '');

const RENEW_BEFORE_MS = 3 * 60_000;

/** Daraja's body as an object, or null when it is empty or not JSON (it sometimes is neither). */
function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function createDarajaClient(config: DarajaConfig) {
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  let cached: { token: string; until: number } | null = null;

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> | null }> {
    let res: Response;
    try {
      res = await doFetch(`${config.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      throw new DarajaError('network', `M-Pesa could not be reached (${(err as Error).message})`, 0);
    }
    return { status: res.status, body: parseJson(await res.text()) };
  }

  function errorFrom(status: number, body: Record<string, unknown> | null): DarajaError {
    // Daraja's gateway answers errorCode/errorMessage; Ratiba answers in its ResponseHeader.
    const ratibaCode = nested(body, 'ResponseHeader', 'responseCode');
    const ratibaText = nested(body, 'ResponseHeader', 'responseDescription');
    const code = typeof body?.errorCode === 'string' ? body.errorCode : ratibaCode !== undefined ? String(ratibaCode) : `http-${status}`;
    const detail = typeof body?.errorMessage === 'string' ? body.errorMessage : typeof ratibaText === 'string' ? ratibaText : '';
    const words = MESSAGES[code] ?? 'M-Pesa answered with an error';
    return new DarajaError(code, detail && detail !== words ? `${words}: ${detail}` : words, status);
  }

  async function token(forceNew = false): Promise<string> {
    if (!forceNew && cached && cached.until - RENEW_BEFORE_MS > Date.now()) return cached.token;
    const basic = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString('base64');
    const { status, body } = await call('/oauth/v1/generate?grant_type=client_credentials', { headers: { authorization: `Basic ${basic}` } });
    if (status !== 200 || typeof body?.access_token !== 'string') {
      // Bad credentials have been seen as a 400 with an empty body.
      throw body ? errorFrom(status, body) : new DarajaError(`http-${status}`, 'M-Pesa refused the store’s credentials', status);
    }
    const ttlS = Number(body.expires_in ?? 3599); // a string or a number
    cached = { token: body.access_token, until: Date.now() + (Number.isFinite(ttlS) ? ttlS : 3599) * 1000 };
    return cached.token;
  }

  /** POSTs with the cached token; on 404.001.03 renews it once and tries again (that request was refused, not processed). */
  async function authorized(path: string, payload: object) {
    const send = async (t: string) => call(path, { method: 'POST', headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    let res = await send(await token());
    if (res.status === 404 && res.body?.errorCode === '404.001.03') res = await send(await token(true));
    return res;
  }

  const credentials = () => {
    const timestamp = darajaTimestamp(now());
    return { BusinessShortCode: config.shortcode, Password: Buffer.from(`${config.shortcode}${config.passkey}${timestamp}`).toString('base64'), Timestamp: timestamp };
  };

  return {
    token,

    async stkPush(p: { amount: number; phone: string; callbackUrl: string; accountReference: string; description: string }): Promise<StkPushResult> {
      const { status, body } = await authorized('/mpesa/stkpush/v1/processrequest', {
        ...credentials(),
        TransactionType: config.transactionType ?? 'CustomerPayBillOnline',
        Amount: p.amount,
        PartyA: p.phone,
        PartyB: config.shortcode,
        PhoneNumber: p.phone,
        CallBackURL: p.callbackUrl,
        AccountReference: p.accountReference.slice(0, 12),
        TransactionDesc: p.description.slice(0, 13),
      });
      if (status !== 200 || body?.ResponseCode !== '0' || typeof body.CheckoutRequestID !== 'string') throw errorFrom(status, body);
      return { merchantRequestId: String(body.MerchantRequestID), checkoutRequestId: body.CheckoutRequestID };
    },

    /**
     * A B2C payment (v3): OriginatorConversationID is Daraja's idempotency key, so a request whose
     * answer was lost is sent again with the same one and pays once. The outcome arrives at resultUrl.
     */
    async b2cPayment(p: { originatorConversationId: string; amount: number; phone: string; remarks: string; occasion?: string; resultUrl: string; timeoutUrl: string }): Promise<B2cAccepted> {
      const { status, body } = await authorized('/mpesa/b2c/v3/paymentrequest', {
        OriginatorConversationID: p.originatorConversationId,
        InitiatorName: config.initiatorName ?? '',
        SecurityCredential: config.securityCredential ?? '',
        CommandID: 'BusinessPayment',
        Amount: p.amount,
        PartyA: config.b2cShortcode ?? config.shortcode,
        PartyB: p.phone,
        Remarks: p.remarks.slice(0, 100),
        QueueTimeOutURL: p.timeoutUrl,
        ResultURL: p.resultUrl,
        Occasion: (p.occasion ?? '').slice(0, 100),
      });
      if (status !== 200 || body?.ResponseCode !== '0' || typeof body.ConversationID !== 'string') throw errorFrom(status, body);
      return { conversationId: body.ConversationID, originatorConversationId: String(body.OriginatorConversationID ?? p.originatorConversationId) };
    },

    /** Asks how a B2C payment ended (by its OriginatorConversationID); the answer arrives at resultUrl. */
    async transactionStatus(p: { originalConversationId: string; resultUrl: string; timeoutUrl: string }): Promise<void> {
      const { status, body } = await authorized('/mpesa/transactionstatus/v1/query', {
        Initiator: config.initiatorName ?? '',
        SecurityCredential: config.securityCredential ?? '',
        CommandID: 'TransactionStatusQuery',
        TransactionID: '',
        OriginalConversationID: p.originalConversationId,
        PartyA: config.b2cShortcode ?? config.shortcode,
        IdentifierType: '4',
        ResultURL: p.resultUrl,
        QueueTimeOutURL: p.timeoutUrl,
        Remarks: 'Payout check',
        Occasion: '',
      });
      if (status !== 200 || body?.ResponseCode !== '0') throw errorFrom(status, body);
    },

    /**
     * An M-Pesa Ratiba standing order (CONTRACT §14): the customer approves it with one PIN prompt,
     * whose outcome is posted to callbackUrl; each deduction then arrives as a paybill payment
     * carrying accountReference. Like a push it is never resent after a lost answer. Dates are
     * yyyymmdd (Nairobi); answers Ratiba's responseRefID.
     */
    async createStandingOrder(p: { name: string; startDate: string; endDate: string; amount: number; phone: string; callbackUrl: string; accountReference: string; description: string; frequency: RatibaFrequency }): Promise<{ responseRefId: string }> {
      const { status, body } = await authorized('/standingorder/v1/createStandingOrderExternal', {
        StandingOrderName: p.name,
        StartDate: p.startDate,
        EndDate: p.endDate,
        BusinessShortCode: config.shortcode,
        TransactionType: 'Standing Order Customer Pay Bill',
        ReceiverPartyIdentifierType: '4',
        Amount: String(p.amount),
        PartyA: p.phone,
        CallBackURL: p.callbackUrl,
        AccountReference: p.accountReference.slice(0, 12),
        TransactionDesc: p.description.slice(0, 13),
        Frequency: RATIBA_FREQUENCY[p.frequency],
      });
      if (status !== 200 || String(nested(body, 'ResponseHeader', 'responseCode')) !== '200') throw errorFrom(status, body);
      return { responseRefId: String(nested(body, 'ResponseHeader', 'responseRefID') ?? '') };
    },

    /**
     * C2B RegisterURL: where M-Pesa posts the paybill's payments (standing order deductions among
     * them). Done once per shortcode; production refuses to change registered URLs without Safaricom.
     */
    async registerC2bUrls(p: { confirmationUrl: string; validationUrl: string; responseType?: 'Completed' | 'Cancelled' }): Promise<void> {
      const { status, body } = await authorized('/mpesa/c2b/v1/registerurl', { ShortCode: config.shortcode, ResponseType: p.responseType ?? 'Completed', ConfirmationURL: p.confirmationUrl, ValidationURL: p.validationUrl });
      if (status !== 200 || String(body?.ResponseCode ?? '') !== '0') throw errorFrom(status, body);
    },

    /** The state of a push; null while it is still in flight ("ask again later"). */
    async stkQuery(checkoutRequestId: string): Promise<StkQueryResult | null> {
      const { status, body } = await authorized('/mpesa/stkpushquery/v1/query', { ...credentials(), CheckoutRequestID: checkoutRequestId });
      if (status === 200 && body && body.ResultCode !== undefined) {
        const code = String(body.ResultCode);
        if (code === '4999') return null;
        return { state: stateForResultCode(code), resultCode: code, resultDesc: String(body.ResultDesc ?? '') };
      }
      if (status === 500 && body?.errorCode === '500.001.1001' && /being processed/i.test(String(body.errorMessage))) return null;
      throw errorFrom(status, body);
    },
  };
}
export type DarajaClient = ReturnType<typeof createDarajaClient>;
