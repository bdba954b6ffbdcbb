import { registerCatalog } from '../../lib/i18n.ts';

/** This feature's words in the chosen language; the router loads them with the feature's screens. */
export const loadCartMessages = () => registerCatalog('cart', (language) => import(`./locales/${language}.json`));
