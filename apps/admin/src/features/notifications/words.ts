import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * The storefront's notifications: menu entry and field names. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  { en: {}, sw: {} },
  {
    en: {
      notifications: resource('Notification |||| Notifications', 'The notification is sent to the storefront.', 'The notification is saved.', 'The notification was deleted.', { message: 'Message' }),
    },
    sw: {
      notifications: resource('Tangazo |||| Matangazo', 'Tangazo limetumwa dukani.', 'Tangazo limehifadhiwa.', 'Tangazo limefutwa.', { message: 'Ujumbe' }),
    },
  },
);
