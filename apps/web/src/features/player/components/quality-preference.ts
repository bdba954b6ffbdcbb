/** The customer's quality choice, remembered on this device: a height, or 'auto'. */
const KEY = 'videoQuality';

export type QualityChoice = number | 'auto';

export function rememberedQuality(): QualityChoice | null {
  const raw = localStorage.getItem(KEY);
  if (raw === 'auto') return 'auto';
  const height = Number(raw);
  return raw && Number.isInteger(height) && height > 0 ? height : null;
}

export function rememberQuality(choice: QualityChoice): void {
  localStorage.setItem(KEY, String(choice));
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Whether to start on the data-saver rung: on a phone, with Data Saver on, or on a slow
 * connection (the Network Information API, where the browser has it).
 */
export function prefersDataSaver(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData) return true;
  if (connection?.effectiveType && ['slow-2g', '2g', '3g'].includes(connection.effectiveType)) return true;
  return window.matchMedia('(max-width: 600px), (pointer: coarse)').matches;
}

/** What to play first: what the customer chose before, else the data-saver rung or automatic. */
export function initialQuality(): QualityChoice | 'data-saver' {
  return rememberedQuality() ?? (prefersDataSaver() ? 'data-saver' : 'auto');
}
