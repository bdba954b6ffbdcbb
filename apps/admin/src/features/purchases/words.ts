import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * Purchases: `purchases.*` (refunds are shared, the customer's page refunds too). English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'purchases.search': 'Name, phone, e-mail or video',
      'purchases.refunded_on': 'Refunded %{date}',
    },
    sw: {
      'purchases.search': 'Jina, simu, barua pepe au video',
      'purchases.refunded_on': 'Imerudishwa %{date}',
    },
  },
  {
    en: {
      purchases: resource('Purchase |||| Purchases', 'Saved.', 'Saved.', 'Deleted.'),
    },
    sw: {
      purchases: resource('Ununuzi |||| Manunuzi', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    },
  },
);
