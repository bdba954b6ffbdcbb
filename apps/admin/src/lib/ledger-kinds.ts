import { w } from '../providers/words.ts';

/** The kinds of a ledger entry, as choices in the back office's language: the ledger's list and a customer's page show them. */
export const ledgerKinds = (['deposit', 'purchase', 'refund', 'adjustment', 'mpesa_refund', 'mpesa_refund_return'] as const).map((id) => ({ id, name: w(`ledger.${id}`) }));
