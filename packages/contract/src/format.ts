const sizeUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file size as a person reads it before spending data (or an uplink) on it: "4.2 MB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < sizeUnits.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${sizeUnits[unit]}`;
}

/**
 * A number as en-KE writes it, `1,250` or `1,583.3`: rounded half away from zero to at most
 * `maxFractionDigits`, trailing zeros dropped. Written out rather than Intl.NumberFormat: a page's
 * first Intl formatter loads ICU's data, about 150 ms of a slow phone's main thread (4x CPU
 * slowdown, bench/web/profile.mjs), and the home page's prices would pay it before anything moves.
 */
export function groupDigits(value: number, maxFractionDigits = 0): string {
  const scale = 10 ** maxFractionDigits;
  const rounded = Math.round(Math.abs(value) * scale) / scale;
  const [whole = '0', fraction] = String(rounded).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${value < 0 && rounded !== 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Prices and balances as the store shows them: `Ksh 1,250` (CONTRACT §6). */
export const formatKsh = (amount: number) => `Ksh ${groupDigits(amount)}`;

/** East Africa Time, UTC+3 all year: Kenya has had no daylight saving, and no other offset, since 1942. */
const NAIROBI_OFFSET_MS = 3 * 3600 * 1000;
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Dates as the store writes them, YYYY-MM-DD HH:mm:ss in Nairobi time, whatever the device's time
 * zone or language (CONTRACT §6); `dateOnly` keeps YYYY-MM-DD. Storefront and back office alike.
 */
export function formatDate(when: string | Date, opts: { dateOnly?: boolean } = {}): string {
  // Arithmetic, not Intl.DateTimeFormat, for the reason groupDigits gives: a video's page shows its date.
  const t = new Date(new Date(when).getTime() + NAIROBI_OFFSET_MS);
  // As Intl did: a screen given a broken date fails into its error state, never shows "NaN-NaN-NaN".
  if (Number.isNaN(t.getTime())) throw new RangeError(`Invalid time value: ${String(when)}`);
  const day = `${t.getUTCFullYear()}-${two(t.getUTCMonth() + 1)}-${two(t.getUTCDate())}`;
  return opts.dateOnly ? day : `${day} ${two(t.getUTCHours())}:${two(t.getUTCMinutes())}:${two(t.getUTCSeconds())}`;
}
