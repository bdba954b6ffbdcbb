import { DEPOSIT_OUTCOMES, type DepositOutcome, type DepositState } from '@store/contract';

/**
 * M-Pesa's result codes (mpesa-daraja.md §3) in the store's terms. Branches on ResultCode, never on
 * ResultDesc ("The initiator information is invalid." means a wrong PIN); a code not listed is a
 * plain failure. The sentence of each outcome is the contract's (DEPOSIT_OUTCOMES), said in the
 * reader's language by the languages plugin and by the storefront.
 */
const BY_RESULT_CODE: Record<string, DepositOutcome> = {
  '1032': 'cancelled',
  '2001': 'wrong_pin',
  // The prompt was never answered: the phone was off or busy, or its time ran out.
  '1037': 'expired',
  '1019': 'expired',
  '1': 'insufficient_funds',
  '17': 'busy',
  '1001': 'busy',
  '2': 'over_limit',
  '3': 'over_limit',
  '4': 'over_limit',
  '8': 'over_limit',
  '1025': 'not_sent',
  '9999': 'not_sent',
};

export function depositOutcome(state: DepositState, resultCode: string | null): DepositOutcome {
  if (state === 'pending') return 'waiting';
  if (state === 'completed') return 'paid';
  if (state === 'review') return 'review';
  if (state === 'cancelled') return 'cancelled';
  return (resultCode !== null && Object.hasOwn(BY_RESULT_CODE, resultCode) ? BY_RESULT_CODE[resultCode] : undefined) ?? 'failed';
}

/** What a customer reads about a payment: a plain sentence and what to do next, never M-Pesa's own wording. */
export const customerMessage = (state: DepositState, resultCode: string | null): string => DEPOSIT_OUTCOMES[depositOutcome(state, resultCode)];

/**
 * Why a prompt could not be sent, when Daraja refused the push itself (its errorCode) or did not
 * answer: a sentence for the customer; Daraja's own words stay on the deposit for staff.
 */
export function pushRefusal(errorCode: string | null): string {
  // 500.001.1001 is most often "Unable to lock subscriber": another prompt is open on that phone.
  if (errorCode === '500.001.1001') return DEPOSIT_OUTCOMES.busy;
  if (errorCode === '500.003.02' || errorCode === '500.003.03') return 'M-Pesa is busy right now. Nothing was charged: try again in a minute.';
  if (errorCode === null || errorCode === 'network') return 'M-Pesa did not answer. If a prompt reaches your phone you can still pay it; otherwise nothing was charged.';
  return 'M-Pesa did not take the payment request. Nothing was charged: try again in a minute.';
}

/** Why the videos of a paid checkout were not bought; the money then stays on the balance. */
export const purchaseFailure = {
  unpaid: 'Nothing was bought because the payment did not go through.',
  missing: 'A video in this order is no longer for sale, so nothing was bought. The money is on your balance.',
  owned: 'You already own a video in this order, so nothing was bought. The money is on your balance.',
  short: 'The price changed while you paid, so nothing was bought. The money is on your balance.',
  code: 'The promo code no longer applies, so nothing was bought. The money is on your balance.',
} as const;
