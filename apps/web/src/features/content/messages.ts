import { registerCatalog } from '../../lib/i18n.ts';

/**
 * This feature's words in the chosen language, and the contract's field errors the contact form shows
 * (from lib/forms.ts, which the form needs anyway); the router loads them with the feature's screens.
 */
export const loadContentMessages = () =>
  Promise.all([registerCatalog('content', (language) => import(`./locales/${language}.json`)), import('../../lib/forms.ts').then((forms) => forms.loadFormMessages())]).then(() => undefined);
