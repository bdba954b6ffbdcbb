/** Daraja's constants and checks, as mpesa-daraja.md records them. */

export const SANDBOX_SHORTCODE = '174379';
export const SANDBOX_PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

const BANNED_IN_CALLBACK = ['mpesa', 'm-pesa', 'safaricom', 'exec', 'cmd', 'sql', 'query'];

export const isDarajaTimestamp = (s: string) => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(s);
  if (!m) return false;
  const [, , mo, d, h, mi, se] = m.map(Number) as number[];
  return mo! >= 1 && mo! <= 12 && d! >= 1 && d! <= 31 && h! <= 23 && mi! <= 59 && se! <= 59;
};

/** 2547XXXXXXXX or 2541XXXXXXXX, as a number or a string. */
export const isDarajaPhone = (v: unknown) => /^254[17]\d{8}$/.test(String(v ?? ''));

/** A whole number of shillings from 1 to 250,000, as a number or a string. */
export function darajaAmount(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.0+)?$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 250_000 ? n : null;
}

export function isAcceptableCallbackUrl(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const lower = v.toLowerCase();
  return !BANNED_IN_CALLBACK.some((w) => lower.includes(w));
}

export const stkPassword = (shortcode: string, passkey: string, timestamp: string) => Buffer.from(`${shortcode}${passkey}${timestamp}`).toString('base64');

/** What an answer to a prompt means on the phone, with Daraja's result code and text. */
export const OUTCOMES = {
  pay: { code: 0, desc: 'The service request is processed successfully.' },
  cancel: { code: 1032, desc: 'Request cancelled by user' },
  wrong_pin: { code: 2001, desc: 'The initiator information is invalid.' },
  insufficient: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  timeout: { code: 1037, desc: 'DS timeout user cannot be reached' },
} as const;
export type PromptAction = keyof typeof OUTCOMES;
