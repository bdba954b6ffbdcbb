import { groupDigits, type AdminPromoCode } from '@store/contract';
import { csvDate, type CsvColumn } from '../../lib/csv-export.ts';
import type { Label } from '../../providers/i18n.ts';
import { useWords, w, type Word } from './words.ts';

/** A CSV header from the promo words (react-admin translates `store.<id>` keys as it does labels). */
const header = (id: Word) => w(id) as Label;

type Offer = Pick<AdminPromoCode, 'percent_off' | 'amount_off'>;
type Use = Pick<AdminPromoCode, 'times_redeemed' | 'max_redemptions'>;

/** "20% off" or "Ksh 50 off", in the back office's language. */
export function useOffWords() {
  const t = useWords();
  return (c: Offer) => (c.percent_off !== null ? t('promo.percent', { percent: c.percent_off }) : t('promo.amount', { amount: groupDigits(c.amount_off ?? 0) }));
}

/** "3 of 5", or "3 (no limit)". */
export function useUses() {
  const t = useWords();
  return (c: Use) => (c.max_redemptions === null ? t('promo.uses_unlimited', { used: c.times_redeemed }) : t('promo.uses', { used: c.times_redeemed, max: c.max_redemptions }));
}

/**
 * A list of codes as CSV (the codes list's Export, and a batch's download for the DJ who reads them
 * out): the code first, what it takes off in numbers a spreadsheet can use, its end and its use.
 */
export const promoColumns: readonly CsvColumn<AdminPromoCode>[] = [
  [header('promo.code'), (c) => c.code],
  [header('promo.percent_off'), (c) => c.percent_off ?? ''],
  [header('promo.amount_off'), (c) => c.amount_off ?? ''],
  [header('promo.valid_until'), (c) => csvDate(c.valid_until)],
  [header('promo.used'), (c) => c.times_redeemed],
  [header('promo.total_discount_csv'), (c) => c.total_discount],
  [header('promo.active'), (c) => c.active],
];
