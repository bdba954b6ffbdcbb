import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * Rentals (CONTRACT §11): `rentals.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'rentals.rented_at': 'Rented',
      'rentals.customer': 'Customer',
      'rentals.video': 'Video',
      'rentals.price_paid': 'Paid',
      'rentals.started_at': 'First play',
      'rentals.expires_at': 'Ends',
      'rentals.live': 'Live',
      'rentals.not_started': 'not played yet',
      'rentals.ended': 'ended',
    },
    sw: {
      'rentals.rented_at': 'Ilikodishwa',
      'rentals.customer': 'Mteja',
      'rentals.video': 'Video',
      'rentals.price_paid': 'Alilipa',
      'rentals.started_at': 'Ilichezwa kwanza',
      'rentals.expires_at': 'Inaisha',
      'rentals.live': 'Inaendelea',
      'rentals.not_started': 'bado haijachezwa',
      'rentals.ended': 'imeisha',
    },
  },
  {
    en: {
      rentals: resource('Rental |||| Rentals', 'Saved.', 'Saved.', 'Deleted.'),
    },
    sw: {
      rentals: resource('Ukodishaji |||| Ukodishaji', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    },
  },
);
