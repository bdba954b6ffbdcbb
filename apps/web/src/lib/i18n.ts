import { setupI18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';

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
  const language = current;
  i18n.load(language, (await load(language)).default);
  loaded.add(`${name}:${language}`);
  if (i18n.locale !== current) apply(current);
}

/** Switches every loaded catalog to `language`, then the screen; remembered on this device. */
export async function setLanguage(language: Language) {
  await Promise.all(
    [...catalogs].map(async ([name, load]) => {
      i18n.load(language, (await load(language)).default);
      loaded.add(`${name}:${language}`);
    }),
  );
  localStorage.setItem(STORAGE_KEY, language);
  apply(language);
}

type Values = Record<string, string | number>;

/** The translate function for components: re-renders them when the language changes. */
export function useT(): (id: string, values?: Values) => string {
  return useLingui()._ as (id: string, values?: Values) => string;
}

/** The same outside React (api errors, document titles). */
export const t = (id: string, values?: Values): string => i18n._(id, values);

/** The shared layers' own words (header, footer, states): loaded before the first render. */
export const loadCommonMessages = () => registerCatalog('common', (language) => import(`../locales/${language}.json`));
