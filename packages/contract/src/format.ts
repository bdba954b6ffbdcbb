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

const kshFormat = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 });

/** Prices and balances as the store shows them: `Ksh 1,250` (CONTRACT §6). */
export const formatKsh = (amount: number) => `Ksh ${kshFormat.format(amount)}`;

const nairobi = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Nairobi',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * Dates as the store writes them, YYYY-MM-DD HH:mm:ss in Nairobi time, whatever the device's time
 * zone or language (CONTRACT §6); `dateOnly` keeps YYYY-MM-DD. Storefront and back office alike.
 */
export function formatDate(when: string | Date, opts: { dateOnly?: boolean } = {}): string {
  const parts = Object.fromEntries(nairobi.formatToParts(new Date(when)).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return opts.dateOnly ? day : `${day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
