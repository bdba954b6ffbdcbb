import { registerCatalog } from '../../lib/i18n.ts';

/** This feature's words in the chosen language; the router loads them with the feature's screens. */
export const loadSearchMessages = () => registerCatalog('search', (language) => import(`./locales/${language}.json`));
