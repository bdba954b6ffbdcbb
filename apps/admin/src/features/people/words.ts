import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * The CEO and team shown on /about: `people.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'people.ceo': 'CEO',
      'people.team': 'Team',
      'people.picture': 'Picture',
      'people.picture_of': 'Picture of %{name}',
      'people.change_picture': 'Change picture',
      'people.upload_picture': 'Upload picture',
      'people.title_help': 'As /about shows it: Founder & CEO, Head of Curation…',
      'people.message_help': "The CEO's message on /about",
      'people.kiswahili_help': 'Shown to customers who read the store in Kiswahili; left empty, they see the English.',
    },
    sw: {
      'people.ceo': 'CEO',
      'people.team': 'Timu',
      'people.picture': 'Picha',
      'people.picture_of': 'Picha ya %{name}',
      'people.change_picture': 'Badilisha picha',
      'people.upload_picture': 'Pakia picha',
      'people.title_help': 'Kama inavyoonekana kwenye /about: Founder & CEO, Head of Curation…',
      'people.message_help': 'Ujumbe wa CEO kwenye /about',
      'people.kiswahili_help': 'Huonyeshwa kwa wateja wanaosoma duka kwa Kiswahili; ikiachwa wazi, wanaona Kiingereza.',
    },
  },
  {
    en: {
      people: resource('Person |||| CEO & team', 'The person is saved.', 'The person is saved.', 'The person was deleted.', { full_name: 'Full name', title: 'Title', role: 'Role', message: 'Message', title_sw: 'Title (Kiswahili)', message_sw: 'Message (Kiswahili)' }),
    },
    sw: {
      people: resource('Mtu |||| CEO na timu', 'Mtu amehifadhiwa.', 'Mtu amehifadhiwa.', 'Mtu amefutwa.', { full_name: 'Jina kamili', title: 'Cheo', role: 'Nafasi', message: 'Ujumbe', title_sw: 'Cheo (Kiswahili)', message_sw: 'Ujumbe (Kiswahili)' }),
    },
  },
);

/** A sentence id this feature may say: its own or a shared one. */
export type Word = Parameters<typeof w>[0];
