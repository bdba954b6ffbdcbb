
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

/** Dates as YYYY-MM-DD HH:mm:ss in Nairobi time, whatever the phone's time zone (CONTRACT §6). */
export function formatDate(iso: string): string {
  const parts = Object.fromEntries(nairobi.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The synopsis in the 'Similar to' list: 100 characters, then '[...]' (seed §9). */
export const truncateSynopsis = (text: string, max = 100) => (text.length > max ? `${text.slice(0, max)}[...]` : text);

export { formatBytes, formatKsh } from '@store/contract';
