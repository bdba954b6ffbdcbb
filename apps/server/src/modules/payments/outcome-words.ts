import type { DepositState } from '@store/contract';

/**
 * What a customer reads about a payment: a plain sentence and what to do next, never M-Pesa's own
 * wording ("The initiator information is invalid." means a wrong PIN). Branches on ResultCode, never
 * on ResultDesc (mpesa-daraja.md §3).
 */
export function customerMessage(state: DepositState, resultCode: string | null): string {
  if (state === 'pending') return 'Waiting for M-Pesa: enter your M-Pesa PIN on your phone.';
  if (state === 'completed') return 'Paid with M-Pesa.';
  if (state === 'review') return 'M-Pesa has not told us how this payment ended. If money left your M-Pesa, our team will credit it; nothing is lost.';
  switch (resultCode) {
    case '1032':
      return 'You cancelled the M-Pesa prompt. Nothing was charged.';
    case '2001':
      return 'The M-Pesa PIN was wrong. Nothing was charged: try again and enter your PIN carefully.';
    case '1037':
      return 'The M-Pesa prompt timed out before a PIN was entered. Nothing was charged: try again with your phone at hand.';
    case '1':
      return 'Your M-Pesa balance is too low for this payment. Nothing was charged: top up M-Pesa and try again.';
    case '17':
    case '1001':
      return 'M-Pesa is still busy with another payment on this phone. Wait a minute, then try again.';
    default:
      return 'M-Pesa did not complete the payment. Nothing was charged: try again.';
  }
}

/** Why the videos of a paid checkout were not bought; the money then stays on the balance. */
export const purchaseFailure = {
  unpaid: 'Nothing was bought because the payment did not go through.',
  missing: 'A video in this order is no longer for sale, so nothing was bought. The money is on your balance.',
  owned: 'You already own a video in this order, so nothing was bought. The money is on your balance.',
  short: 'The price changed while you paid, so nothing was bought. The money is on your balance.',
} as const;
