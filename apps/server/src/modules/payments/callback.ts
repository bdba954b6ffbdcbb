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
