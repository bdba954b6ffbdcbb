import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * The storefront's notifications: menu entry and field names. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: { 'notifications.message_sw_help': 'Shown to customers who read the store in Kiswahili; left empty, they see the English message.' },
    sw: { 'notifications.message_sw_help': 'Huonyeshwa kwa wateja wanaosoma duka kwa Kiswahili; ikiachwa wazi, wanaona ujumbe wa Kiingereza.' },
  },
  {
    en: {
      notifications: resource('Notification |||| Notifications', 'The notification is sent to the storefront.', 'The notification is saved.', 'The notification was deleted.', { message: 'Message', message_sw: 'Message (Kiswahili)' }),
    },
    sw: {
      notifications: resource('Tangazo |||| Matangazo', 'Tangazo limetumwa dukani.', 'Tangazo limehifadhiwa.', 'Tangazo limefutwa.', { message: 'Ujumbe', message_sw: 'Ujumbe (Kiswahili)' }),
    },
  },
);
