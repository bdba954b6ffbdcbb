import { registerCatalog } from '../../lib/i18n.ts';

/** This feature's words in the chosen language; the router loads them with the feature's screens. */
export const loadCatalogMessages = () => registerCatalog('catalog', (language) => import(`./locales/${language}.json`));
