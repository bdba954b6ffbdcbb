/** What an STK callback says, read defensively (mpesa-daraja.md §3): items by name, never by position. */
export interface ParsedCallback {
  checkoutRequestId: string;
  resultCode: string;
  resultDesc: string;
  amount: number | null;
  receipt: string | null;
  phone: string | null;
}

export function parseStkCallback(body: unknown): ParsedCallback | null {
  const cb = (body as { Body?: { stkCallback?: Record<string, unknown> } } | null)?.Body?.stkCallback;
  if (!cb || typeof cb.CheckoutRequestID !== 'string' || (typeof cb.ResultCode !== 'number' && typeof cb.ResultCode !== 'string')) return null;
  const items = (cb.CallbackMetadata as { Item?: unknown } | undefined)?.Item;
  const byName = new Map<string, unknown>();
  if (Array.isArray(items)) for (const i of items) if (i && typeof i === 'object' && 'Name' in i) byName.set(String((i as { Name: unknown }).Name), (i as { Value?: unknown }).Value);
  const amount = Number(byName.get('Amount'));
  const receipt = byName.get('MpesaReceiptNumber');
  const phone = byName.get('PhoneNumber');
  return {
    checkoutRequestId: cb.CheckoutRequestID,
    resultCode: String(cb.ResultCode),
    resultDesc: typeof cb.ResultDesc === 'string' ? cb.ResultDesc : '',
    amount: Number.isFinite(amount) ? amount : null,
    receipt: typeof receipt === 'string' && receipt ? receipt : null,
    phone: phone === undefined || phone === null ? null : String(phone),
  };
}

/** What a Ratiba callback says (mpesa-daraja.md): header and items read in either case, items by name. */
export interface ParsedStandingOrderCallback {
  ok: boolean;
  resultCode: string;
  description: string;
  transactionId: string | null;
}

const caseless = (o: unknown, key: string): unknown => {
  if (!o || typeof o !== 'object') return undefined;
  const found = Object.keys(o).find((k) => k.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : (o as Record<string, unknown>)[found];
};

export function parseStandingOrderCallback(body: unknown): ParsedStandingOrderCallback | null {
  const header = caseless(body, 'ResponseHeader');
  const code = caseless(header, 'responseCode');
  if (typeof code !== 'string' && typeof code !== 'number') return null;
  const items = caseless(caseless(body, 'ResponseBody'), 'responseData');
  const byName = new Map<string, unknown>();
  if (Array.isArray(items)) for (const i of items) if (i && typeof i === 'object') byName.set(String(caseless(i, 'name')).toLowerCase(), caseless(i, 'value'));
  const status = byName.get('status');
  const inner = byName.get('responsecode');
  const id = byName.get('transactionid');
  // Approved only when the header, the item's code and Status all say so.
  const ok = String(code) === '0' && (inner === undefined || String(inner) === '0') && (status === undefined || String(status).toUpperCase() === 'OKAY' || String(status).toUpperCase() === 'ACTIVE');
  const description = caseless(header, 'responseDescription');
  return {
    ok,
    resultCode: String(code) === '0' && inner !== undefined ? String(inner) : String(code),
    description: typeof description === 'string' ? description.slice(0, 500) : '',
    transactionId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
  };
}

/** Safaricom's C2B confirmation (a paybill payment), or null when it lacks what crediting needs. */
export interface ParsedPaybill {
  transId: string;
  amount: number;
  billRef: string;
  msisdn: string | null;
}

export function parsePaybillConfirmation(body: unknown): ParsedPaybill | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const amount = Number(b.TransAmount);
  if (typeof b.TransID !== 'string' || !/^[A-Za-z0-9]{1,40}$/.test(b.TransID)) return null;
  // Whole shillings only: the balance is kept in shillings.
  if (!Number.isInteger(amount) || amount < 1 || amount > 1_000_000) return null;
  return {
    transId: b.TransID,
    amount,
    billRef: typeof b.BillRefNumber === 'string' ? b.BillRefNumber.trim().slice(0, 40) : '',
    msisdn: typeof b.MSISDN === 'string' || typeof b.MSISDN === 'number' ? String(b.MSISDN).slice(0, 64) : null,
  };
}
