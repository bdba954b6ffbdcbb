import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { FeatureMessages, Label, ResourceMessages } from './i18n.ts';
import { sharedWordsEnglish, sharedWordsKiswahili, type SharedWord } from './locales/words.ts';

type Values = Record<string, unknown>;
/** Says one of the store's sentences in the back office's language now. */
export type Say<W extends string> = (id: W, values?: Values) => string;

/**
 * The helpers that say sentences whose ids are W or shared ones: `w(id)` is the key react-admin
 * translates (for notify, choices, titles), `useWords()` gives `t('media.ready')`,
 * `t('media.removed', { name })` in the back office's language now.
 */
function sayer<W extends string>() {
  type Id = W | SharedWord;
  const w = (id: Id) => `store.${id}`;
  function useWords(): Say<Id> {
    const translate = useTranslate();
    return useCallback((id: Id, values?: Values) => translate(`store.${id}`, values), [translate]);
  }
  return { w, useWords };
}

/** The shared sentences, for shared code (a feature takes its own w and useWords from its words.ts). */
export const { w, useWords } = sayer<never>();

/** A label as react-admin takes it (the English label is its key), checked against the labels table. */
export const l = (label: Label) => label;

/**
 * A feature's messages (`features/<f>/words.ts`): its sentences and its resources' menu names, fields
 * and notices, in English and Kiswahili (an id or resource missing in Kiswahili fails typecheck). The
 * app's i18n provider merges every feature's. Its `w` and `useWords` take the feature's own ids and
 * the shared ones only: a feature does not say another feature's sentences.
 */
export function featureWords<W extends string = never, R extends string = never>(
  words: { en: Record<W, string>; sw: NoInfer<Record<W, string>> },
  resources: { en: Record<R, ResourceMessages>; sw: NoInfer<Record<R, ResourceMessages>> },
) {
  const messages: FeatureMessages = { en: { words: words.en, resources: resources.en }, sw: { words: words.sw, resources: resources.sw } };
  return { messages, ...sayer<W>() };
}

/** The shared sentences as a part of the back office's messages (they name no resource). */
export const sharedMessages = featureWords({ en: sharedWordsEnglish, sw: sharedWordsKiswahili }, { en: {}, sw: {} }).messages;
