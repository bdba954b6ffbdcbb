import type { IncomingHttpHeaders } from 'node:http';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '@store/contract';
import { englishText, findMessage, type MessageId, type MessageValues } from '@store/contract/locales';
import sw from '@store/contract/locales/sw.json' with { type: 'json' };

/**
 * The words people read from the API, in the language of the request (CONTRACT §9). The catalog is
 * the contract's (keyed by the English message, decision 0022), compiled once at start-up and
 * formatted by Lingui's runtime, the one the storefront uses. English is never looked up: the API's
 * English stays exactly what it always said.
 */
const swahili = setupI18n({ locale: 'sw', messages: { sw: Object.fromEntries(Object.entries(sw).map(([id, text]) => [id, compileMessage(text)])) } });

/** A message to say in the reader's language: a catalog id and the values of its placeholders. */
export class Words {
  constructor(
    readonly id: MessageId,
    readonly values: MessageValues = {},
  ) {}
  /** The English sentence, as logs and English readers see it. */
  toString() {
    return englishText(this.id, this.values);
  }
}
export const words = (id: MessageId, values: MessageValues = {}) => new Words(id, values);

/** Kiswahili for `sw` and `sw-KE` first (by q-value), English for anything else or no header. */
export function languageOf(headers: IncomingHttpHeaders): Language {
  const header = headers['accept-language'];
  if (!header) return 'en';
  const best = new Negotiator({ headers: { 'accept-language': header } }).language([...LANGUAGES]);
  return best === 'sw' ? 'sw' : 'en';
}

/**
 * A message in a language: Words by their id, English text by the catalog entry it was made from
 * (its values found back from the sentence). Text the catalog does not know (a DJ's name, M-Pesa's
 * own words) stays as it is.
 */
export function say(message: string | Words, language: Language): string {
  if (language === 'en') return String(message);
  const found = message instanceof Words ? message : findMessage(message);
  return found ? swahili._(found.id, found.values) : message.toString();
}
