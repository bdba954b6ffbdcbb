import { registerCatalog } from '../../lib/i18n.ts';

/**
 * This feature's words in the chosen language, and the contract's field errors its forms show (from
 * lib/forms.ts, which the screens need anyway); the router loads them with the feature's screens.
 */
export const loadDepositMessages = () =>
  Promise.all([registerCatalog('deposit', (language) => import(`./locales/${language}.json`)), import('../../lib/forms.ts').then((forms) => forms.loadFormMessages())]).then(() => undefined);
