import { setupI18n, type Messages } from '@lingui/core';
import { useMemo, useSyncExternalStore } from 'react';
import { groupDigits } from '@store/contract';
import { pluralCategoryName, pluralDigitsName } from './plurals.ts';

/** English is the default; Kiswahili the other (CONTRACT §9). */
export const LANGUAGES = ['en', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'language';

type CatalogLoader = (language: Language) => Promise<{ default: Messages }>;

/** One catalog per feature (and one for the shared layers): only those of screens opened, in the chosen language, are downloaded. */
const catalogs = new Map<string, CatalogLoader>();
const loaded = new Set<string>();

export const i18n = setupI18n();
// A message with no translation is a defect: say so where tests and developers look.
i18n.on('missing', ({ id, locale }) => console.error(`Untranslated message "${id}" (${locale})`));

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The device's remembered choice, else the first of the browser's languages (Accept-Language) we speak. */
export function preferredLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

let current: Language = preferredLanguage();
// Screen readers and the browser's own words (spell checks, hyphens) follow at once, before any catalog arrives.
document.documentElement.lang = current;

export const currentLanguage = () => current;

function apply(language: Language) {
  current = language;
  document.documentElement.lang = language;
  i18n.activate(language);
}

/**
 * Adds a catalog and loads it in the current language. Each feature has one (`features/<f>/messages.ts`);
 * the router loads a screen's catalogs with its code, so it arrives translated. A catalog already
 * loaded costs nothing.
 */
export async function registerCatalog(name: string, load: CatalogLoader) {
  if (catalogs.get(name) === load && loaded.has(`${name}:${current}`)) return;
  catalogs.set(name, load);
  await loadIn(current, name, load);
  if (i18n.locale !== current) apply(current);
}

async function loadIn(language: Language, name: string, load: CatalogLoader) {
  i18n.load(language, (await load(language)).default);
  loaded.add(`${name}:${language}`);
}

/** Switches every loaded catalog to `language`, then the screen; remembered on this device. */
export async function setLanguage(language: Language) {
  // A screen opened while these load registers its catalog meanwhile, in the old language: it is
  // loaded in the new one too before the switch, or the screen would show ids.
  const switched = new Set<string>();
  for (let pending = [...catalogs]; pending.length > 0; pending = [...catalogs].filter(([name]) => !switched.has(name))) {
    await Promise.all(pending.map(([name, load]) => loadIn(language, name, load).then(() => switched.add(name))));
  }
  localStorage.setItem(STORAGE_KEY, language);
  apply(language);
}

type Values = Record<string, string | number>;

const rules = new Map<string, Intl.PluralRules>();

/** A number as the form code passes it, already written out ("250,000"). */
const WRITTEN_NUMBER = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/**
 * The values a compiled message reads (plurals.ts): each number's category and digits beside it.
 * A number already written as text (the contract's field errors pass their values so) counts too.
 */
export function withPluralValues<V extends Record<string, string | number>>(language: string, values: V): V {
  let out: Record<string, string | number> | undefined;
  for (const [name, value] of Object.entries(values)) {
    const number = typeof value === 'number' ? value : WRITTEN_NUMBER.test(value) ? Number(value.replace(/,/g, '')) : undefined;
    if (number === undefined) continue;
    let rule = rules.get(language);
    if (!rule) rules.set(language, (rule = new Intl.PluralRules(language)));
    out ??= { ...values };
    out[pluralCategoryName(name)] = rule.select(number);
    out[pluralDigitsName(name)] = typeof value === 'number' ? groupDigits(value) : value;
  }
  return (out as V | undefined) ?? values;
}

type Translate = (id: string, values?: Values) => string;

/** Lingui's translation, given the values the compiled plurals read (plurals.ts). */
const translateIn = (language: string): Translate => (id, values) => i18n._(id, values && withPluralValues(language, values));

/** The translate function outside React (api errors, document titles). */
export const t: Translate = (id, values) => translateIn(i18n.locale)(id, values);

const onLanguageChange = (listener: () => void) => i18n.on('change', listener);

/**
 * The translate function for components: re-renders them when the language changes, and only then.
 * Lingui's own provider re-rendered every translated component whenever any catalog arrived, as a
 * screen's or the install prompt's do after the first render: a slow phone's longest tasks.
 */
export function useT(): Translate {
  const language = useSyncExternalStore(onLanguageChange, () => i18n.locale);
  // A new function when the language changes, for memoised components and effects that use it.
  return useMemo(() => translateIn(language), [language]);
}

/** The language chosen, for what staff write in both (a synopsis): re-renders when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage);
}

/** The shared layers' own words (header, footer, states): loaded before the first render. */
export const loadCommonMessages = () => registerCatalog('common', (language) => import(`../locales/${language}.json`));
