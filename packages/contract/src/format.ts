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
