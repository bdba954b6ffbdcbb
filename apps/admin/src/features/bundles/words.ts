import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * Bundles and season passes (CONTRACT §11): `bundle.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'bundle.title': 'Title',
      'bundle.description': 'Description',
      'bundle.kind': 'Kind',
      'bundle.kind_all_seasons': 'All seasons of a series',
      'bundle.kind_staff': 'Made by staff',
      'bundle.videos': 'Videos',
      'bundle.videos_follow_series': 'The videos of an all-seasons bundle follow its series: seasons added or removed are added or removed here.',
      'bundle.discount': 'Discount (%)',
      'bundle.discount_help': 'Taken off the videos’ list total, 0 to 90.',
      'bundle.price': 'Price',
      'bundle.list_total': 'List total',
      'bundle.published': 'On offer',
      'bundle.sold': 'Sold',
      'bundle.search': 'Title',
      'bundle.series': 'Series',
      'bundle.settings': 'All-seasons discount',
      'bundle.settings_help': 'Every series with two or more seasons is offered whole at this discount. Saving sets it on every all-seasons bundle.',
      'bundle.settings_saved': 'The all-seasons discount is saved.',
      'bundle.save': 'Save',
    },
    sw: {
      'bundle.title': 'Jina',
      'bundle.description': 'Maelezo',
      'bundle.kind': 'Aina',
      'bundle.kind_all_seasons': 'Misimu yote ya mfululizo',
      'bundle.kind_staff': 'Kimeundwa na wafanyakazi',
      'bundle.videos': 'Video',
      'bundle.videos_follow_series': 'Video za kifurushi cha misimu yote hufuata mfululizo wake: misimu ikiongezwa au kuondolewa, huongezwa au kuondolewa hapa.',
      'bundle.discount': 'Punguzo (%)',
      'bundle.discount_help': 'Hupunguzwa kwenye jumla ya bei za video, 0 hadi 90.',
      'bundle.price': 'Bei',
      'bundle.list_total': 'Jumla ya bei',
      'bundle.published': 'Kinauzwa',
      'bundle.sold': 'Vilivyouzwa',
      'bundle.search': 'Jina',
      'bundle.series': 'Mfululizo',
      'bundle.settings': 'Punguzo la misimu yote',
      'bundle.settings_help': 'Kila mfululizo wenye misimu miwili au zaidi huuzwa wote kwa punguzo hili. Kuhifadhi huliweka kwenye kila kifurushi cha misimu yote.',
      'bundle.settings_saved': 'Punguzo la misimu yote limehifadhiwa.',
      'bundle.save': 'Hifadhi',
    },
  },
  {
    en: {
      bundles: resource('Bundle |||| Bundles', 'The bundle is saved.', 'The bundle is saved.', 'The bundle was deleted.', { title: 'Title' }),
    },
    sw: {
      bundles: resource('Kifurushi |||| Vifurushi', 'Kifurushi kimehifadhiwa.', 'Kifurushi kimehifadhiwa.', 'Kifurushi kimefutwa.', { title: 'Jina' }),
    },
  },
);
