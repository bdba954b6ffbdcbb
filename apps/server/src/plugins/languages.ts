import type { FastifyInstance } from 'fastify';
import type { Language } from '@store/contract';
import { languageOf, say } from '../lib/words.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v) && !Buffer.isBuffer(v);

/** The fields of an answer that carry words to say. */
const SAID = ['detail', 'CustomerMessage', 'checkout_request_id', 'deposit', 'deposit_history'];

/** A deposit's M-Pesa outcome and, for a checkout, why its videos were not bought. */
function depositIn(deposit: unknown, language: Language): unknown {
  if (!isObject(deposit) || typeof deposit.message !== 'string') return deposit;
  const purchase = isObject(deposit.purchase) && typeof deposit.purchase.detail === 'string' ? { ...deposit.purchase, detail: say(deposit.purchase.detail, language) } : deposit.purchase;
  return { ...deposit, message: say(deposit.message, language), purchase };
}

/**
 * The words of successful answers in the reader's language (CONTRACT §9): every `{detail}` wherever it
 * was written ("Logged out.", a stream's "Not found."), M-Pesa's prompt sentence, and the outcome of
 * each deposit where the API shows one (a deposit, a checkout's `deposit`, /info's `deposit_history`).
 * Errors are said in the error handler; what is already in Kiswahili is not in the catalog and stays.
 * Only these known fields: catalogue data and what staff wrote (notifications) are never touched.
 */
export function registerLanguages(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!isObject(payload) || !SAID.some((field) => field in payload)) return payload;
    // The same address answers in either language: a shared cache must keep them apart.
    const vary = reply.getHeader('vary');
    if (!/accept-language/i.test(String(vary ?? ''))) reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
    const language = languageOf(request.headers);
    if (language === 'en') return payload;
    const out: Json = { ...payload };
    if (typeof out.detail === 'string') out.detail = say(out.detail, language);
    if (typeof out.CustomerMessage === 'string') out.CustomerMessage = say(out.CustomerMessage, language);
    if ('checkout_request_id' in out) return depositIn(out, language);
    if ('deposit' in out) out.deposit = depositIn(out.deposit, language);
    if (Array.isArray(out.deposit_history)) out.deposit_history = out.deposit_history.map((d) => depositIn(d, language));
    return out;
  });
}
