import { formatBytes, groupDigits } from '@store/contract';

/** A size, or a dash when it is not known. */
export const sizeOrDash = (n: number | null | undefined) => (n === null || n === undefined ? '—' : formatBytes(n));

/** Ksh to the cent, as a receipt prints VAT: `Ksh 1,234.50`. */
export const kshCents = (n: number) => {
  const [whole, fraction = ''] = groupDigits(n, 2).split('.');
  return `Ksh ${whole}.${fraction.padEnd(2, '0')}`;
};
