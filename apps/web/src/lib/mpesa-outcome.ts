import { DEPOSIT_OUTCOMES, type Deposit } from '@store/contract';
import { i18n } from './i18n.ts';

type Translate = (id: string) => string;

/**
 * How a payment ended, in the language chosen now: the contract's sentence for the deposit's
 * outcome, translated with the contract's catalog (the screens that show payments load it), so a
 * language switch changes an outcome already on screen. Never M-Pesa's own words.
 */
export function paymentSentence(t: Translate, d: Pick<Deposit, 'outcome'>): string {
  const english = DEPOSIT_OUTCOMES[d.outcome] ?? DEPOSIT_OUTCOMES.failed;
  // The contract's catalog is keyed by the English sentence itself (as lib/forms.ts reads it).
  return i18n.locale === 'en' ? english : t(english);
}

/** An outcome after which the same prompt can simply be sent again. */
export const canSendAgain = (d: Pick<Deposit, 'outcome'>) => ['expired', 'cancelled', 'wrong_pin', 'not_sent'].includes(d.outcome);

/** Minutes to wait, from a 429's Retry-After seconds (at least one). */
export const minutesToWait = (retryAfterSeconds: number) => Math.max(1, Math.ceil(retryAfterSeconds / 60));
