import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * Contact messages and replies by e-mail: `messages.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'messages.mark_unread': 'Mark unread',
      'messages.marked_unread': 'Marked unread: it is back in the list of new messages.',
      'messages.no_account': 'No account with this e-mail or phone',
      'messages.all': 'All',
      'messages.unread': 'Unread',
      'messages.read': 'Read',
      'messages.which': 'Which messages',
      'messages.reply': 'Reply by e-mail',
      'messages.reply_help': 'Goes to %{email} in %{language}, with their message quoted below it.',
      'messages.language_en': 'English',
      'messages.language_sw': 'Kiswahili',
      'messages.send': 'Send reply',
      'messages.sent': 'Reply sent to %{email}.',
      'messages.send_failed': 'The reply could not be sent.',
      'messages.replied': 'Replied by %{who} on %{when}',
    },
    sw: {
      'messages.mark_unread': 'Weka kama haijasomwa',
      'messages.marked_unread': 'Imewekwa kama haijasomwa: imerudi kwenye orodha ya jumbe mpya.',
      'messages.no_account': 'Hakuna akaunti yenye barua pepe au simu hii',
      'messages.all': 'Zote',
      'messages.unread': 'Hazijasomwa',
      'messages.read': 'Zimesomwa',
      'messages.which': 'Jumbe zipi',
      'messages.reply': 'Jibu kwa barua pepe',
      'messages.reply_help': 'Litatumwa kwa %{email} kwa %{language}, pamoja na ujumbe wake chini yake.',
      'messages.language_en': 'Kiingereza',
      'messages.language_sw': 'Kiswahili',
      'messages.send': 'Tuma jibu',
      'messages.sent': 'Jibu limetumwa kwa %{email}.',
      'messages.send_failed': 'Jibu halikuweza kutumwa.',
      'messages.replied': 'Lilijibiwa na %{who} tarehe %{when}',
    },
  },
  {
    en: {
      'contact-messages': resource('Contact message |||| Contact messages', 'The message is saved.', 'The message is saved.', 'The message was deleted.', { name: 'Name', email: 'Email', message: 'Message' }),
    },
    sw: {
      'contact-messages': resource('Ujumbe |||| Jumbe za wateja', 'Ujumbe umehifadhiwa.', 'Ujumbe umehifadhiwa.', 'Ujumbe umefutwa.', { name: 'Jina', email: 'Barua pepe', message: 'Ujumbe' }),
    },
  },
);
