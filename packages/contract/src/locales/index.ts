import en from './en.json' with { type: 'json' };

/**
 * The words the API and the contract's schemas can say to a customer, keyed by the English message
 * itself (CONTRACT §9): `en.json` maps each to itself, `sw.json` to its Kiswahili. Messages with
 * values carry ICU placeholders ("Try again in {minutes} minutes."). Only this module and the JSON
 * files import the catalogs, so nothing that imports '@store/contract' downloads them.
 */
export type MessageId = keyof typeof en;
export type MessageValues = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each id with placeholders as a pattern that finds its values in an English sentence. */
const patterns = Object.keys(en)
  .filter((id) => id.includes('{'))
  .map((id) => {
    const names = [...id.matchAll(PLACEHOLDER)].map((m) => m[1]!);
    const source = id
      .split(PLACEHOLDER)
      .map((part, i) => (i % 2 === 1 ? '(.+?)' : escape(part)))
      .join('');
    return { id: id as MessageId, names, re: new RegExp(`^${source}$`, 's') };
  });

/**
 * The catalog entry an English message was made from: itself when it is an id, else the id whose
 * placeholders match it ("Ensure this value is less than or equal to 250,000." is
 * "Ensure this value is less than or equal to {max}." with max "250,000"). Null when the catalog
 * does not know it (a DJ's name, M-Pesa's own words): such text is shown as it is.
 */
export function findMessage(text: string): { id: MessageId; values: MessageValues } | null {
  if (Object.hasOwn(en, text)) return { id: text as MessageId, values: {} };
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (m) return { id: p.id, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return null;
}

/** Fills an English id's placeholders: the English text exactly as the API always said it. */
export function englishText(id: MessageId | string, values: MessageValues = {}): string {
  return id.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}
