import { registerCatalog } from '../../lib/i18n.ts';

/**
 * This feature's words in the chosen language, and the contract's field errors its forms show
 * (lib/form-messages.ts); the router loads them with the feature's screens.
 */
export const loadAuthMessages = () =>
  Promise.all([registerCatalog('auth', (language) => import(`./locales/${language}.json`)), import('../../lib/form-messages.ts').then((forms) => forms.loadFormMessages())]).then(() => undefined);
