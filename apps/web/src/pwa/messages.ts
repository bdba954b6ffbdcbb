import { registerCatalog } from '../lib/i18n.ts';

/** The offline notice's and the update prompt's words, loaded with them after the page has loaded. */
export const loadPwaMessages = () => registerCatalog('pwa', (language) => import(`./locales/${language}.json`));
