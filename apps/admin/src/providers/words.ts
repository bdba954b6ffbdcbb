import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { Label } from './i18n-provider.ts';
import type { Word } from './locales/words.ts';

/** The key react-admin translates for one of the store's sentences (for notify, choices, titles). */
export const w = (id: Word) => `store.${id}`;

/** A label as react-admin takes it (the English label is its key), checked against the labels table. */
export const l = (label: Label) => label;

/** The store's sentences in the back office's language now: `t('media.ready')`, `t('media.removed', { name })`. */
export function useWords() {
  const translate = useTranslate();
  return useCallback((id: Word, values?: Record<string, unknown>) => translate(`store.${id}`, values), [translate]);
}
