import { registerCatalog } from '../../lib/i18n.ts';

/** The receipt's words in the chosen language; the router loads them with its screen. */
export const loadReceiptMessages = () => registerCatalog('receipt', (language) => import(`./locales/${language}.json`));
