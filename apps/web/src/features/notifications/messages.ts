import { registerCatalog } from '../../lib/i18n.ts';

/** This feature's words (follow, the customer's own notifications, their settings) in the chosen language; the router loads them with the screens that show them. */
export const loadNotifyMessages = () => registerCatalog('notify', (language) => import(`./locales/${language}.json`));
