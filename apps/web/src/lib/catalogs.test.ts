import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import type { Language } from './i18n.ts';

// Every catalog of the storefront, by folder: `locales` (shared layers) and `features/<f>/locales`, as
// written (raw: the build compiles them).
const files = import.meta.glob<string>('../**/locales/*.json', { eager: true, query: '?raw', import: 'default' });
const catalogs = new Map<string, Partial<Record<Language, Record<string, string>>>>();
for (const [path, text] of Object.entries(files)) {
  const messages = JSON.parse(text) as Record<string, string>;
  const [, folder, language] = /^(.*)\/locales\/([a-z]{2})\.json$/.exec(path)!;
  catalogs.set(folder!, { ...catalogs.get(folder!), [language!]: messages });
}
const english = Object.assign({}, ...[...catalogs.values()].map((c) => c.en)) as Record<string, string>;

// The code that shows them (tests aside).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], { eager: true, query: '?raw', import: 'default' });

/** The placeholders a message fills in (`{name}`, `{count, plural, …}`), whatever the words around them. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  // A message is a list of parts: text, or [name] / [name, format, branches] whose branches are messages again.
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part)) continue;
      const [name, format, branches] = part as [string, string?, Record<string, unknown>?];
      names.add(format ? `${name}:${format}` : name);
      if (branches && typeof branches === 'object') Object.values(branches).forEach(walk);
    }
  };
  const compiled = compileMessage(message);
  walk(typeof compiled === 'string' ? [] : compiled);
  return [...names].sort();
}

describe('message catalogs', () => {
  it('every catalog has English and Kiswahili, with the same ids and the same placeholders', () => {
    expect(catalogs.size).toBeGreaterThanOrEqual(9);
    for (const [folder, { en, sw }] of catalogs) {
      expect(en, `${folder}/locales/en.json`).toBeDefined();
      expect(sw, `${folder}/locales/sw.json`).toBeDefined();
      expect(Object.keys(sw!).sort(), `ids of ${folder}/locales/sw.json`).toEqual(Object.keys(en!).sort());
      for (const id of Object.keys(en!)) expect(placeholders(sw![id]!), `placeholders of ${id} in Kiswahili`).toEqual(placeholders(en![id]!));
    }
  });

  it('the placeholder check sees a placeholder missing from a translation', () => {
    expect(placeholders('{count, plural, one {# video by DJ {dj}} other {# videos}}')).toEqual(['count:plural', 'dj']);
    expect(placeholders('Video za DJ')).not.toEqual(placeholders('DJ {dj} videos'));
  });

  it('no id is in two catalogs, and each starts with its own catalog name', () => {
    const owner = new Map<string, string>();
    for (const [folder, { en }] of catalogs) {
      for (const id of Object.keys(en!)) {
        expect(owner.get(id), `${id} is in ${owner.get(id)} and ${folder}`).toBeUndefined();
        owner.set(id, folder);
      }
      const prefixes = new Set(Object.keys(en!).map((id) => id.split('.')[0]));
      for (const other of catalogs.keys()) if (other !== folder) for (const p of prefixes) expect(Object.keys(catalogs.get(other)!.en!).some((id) => id.startsWith(`${p}.`)), `prefix ${p}. of ${folder} used by ${other}`).toBe(false);
    }
  });

  it('every id the code asks for exists in English', () => {
    const prefixes = new Set(Object.keys(english).map((id) => id.split('.')[0]));
    const asked = new Set<string>();
    for (const code of Object.values(sources)) {
      // t('id') and t('id', values), and ids kept in tables (navigation labels, category titles).
      for (const m of code.matchAll(/\bt\(\s*'([^']+)'/g)) asked.add(m[1]!);
      for (const m of code.matchAll(/'([a-z_]+)\.([a-z0-9_]+)'/g)) if (prefixes.has(m[1]!)) asked.add(`${m[1]}.${m[2]}`);
    }
    expect(asked.size).toBeGreaterThan(50);
    expect([...asked].filter((id) => !(id in english))).toEqual([]);
  });
});
