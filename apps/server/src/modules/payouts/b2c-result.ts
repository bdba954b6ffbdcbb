/**
 * What a B2C result (or a transaction status result) posted to a ResultURL says, read defensively:
 * parameters by Key, never by position; ResultCode a number or a string (such as "R000001").
 */
export interface B2cResult {
  resultCode: string;
  resultDesc: string;
  originatorConversationId: string;
  conversationId: string | null;
  transactionId: string | null;
  params: Map<string, unknown>;
}

export function parseB2cResult(body: unknown): B2cResult | null {
  const r = (body as { Result?: Record<string, unknown> } | null)?.Result;
  if (!r || typeof r !== 'object' || (typeof r.ResultCode !== 'number' && typeof r.ResultCode !== 'string')) return null;
  if (typeof r.OriginatorConversationID !== 'string') return null;
  const list = (r.ResultParameters as { ResultParameter?: unknown } | undefined)?.ResultParameter;
  const params = new Map<string, unknown>();
  // One parameter comes as an object, several as a list.
  for (const p of Array.isArray(list) ? list : list ? [list] : []) if (p && typeof p === 'object' && 'Key' in p) params.set(String((p as { Key: unknown }).Key), (p as { Value?: unknown }).Value);
  return {
    resultCode: String(r.ResultCode),
    resultDesc: typeof r.ResultDesc === 'string' ? r.ResultDesc : '',
    originatorConversationId: r.OriginatorConversationID,
    conversationId: typeof r.ConversationID === 'string' ? r.ConversationID : null,
    transactionId: typeof r.TransactionID === 'string' && r.TransactionID ? r.TransactionID : null,
    params,
  };
}

/** What a payout's own result says: completed with its receipt and amount, or failed with M-Pesa's words. */
export function payoutOutcome(r: B2cResult): { state: 'completed' | 'failed'; receipt: string | null; amount: number | null } {
  if (r.resultCode !== '0') return { state: 'failed', receipt: null, amount: null };
  const receipt = r.params.get('TransactionReceipt') ?? r.transactionId;
  const amount = Number(r.params.get('TransactionAmount'));
  return { state: 'completed', receipt: typeof receipt === 'string' && receipt ? receipt : null, amount: Number.isFinite(amount) ? amount : null };
}

/**
 * What a transaction status result says of the payment asked about: null when M-Pesa does not know
 * it (yet) or the answer is about another payment; else how it ended.
 */
export function statusOutcome(r: B2cResult, originatorConversationId: string): { state: 'completed' | 'failed'; receipt: string | null; amount: number | null } | null {
  if (r.resultCode !== '0') return null;
  if (String(r.params.get('OriginatorConversationID') ?? '') !== originatorConversationId) return null;
  const status = String(r.params.get('TransactionStatus') ?? '');
  const amount = Number(r.params.get('Amount'));
  const receipt = r.params.get('ReceiptNo');
  if (status === 'Completed') return { state: 'completed', receipt: typeof receipt === 'string' && receipt ? receipt : null, amount: Number.isFinite(amount) ? amount : null };
  if (status === 'Failed' || status === 'Declined' || status === 'Cancelled' || status === 'Expired') return { state: 'failed', receipt: null, amount: null };
  return null;
}
