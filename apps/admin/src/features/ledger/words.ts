import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * The ledger's menu entry and field names (its kinds are shared, the customer's page shows them too). English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  { en: {}, sw: {} },
  {
    en: {
      ledger: resource('Ledger', 'Saved.', 'Saved.', 'Deleted.', { kind: 'Kind', note: 'Note', user_id: 'User' }),
    },
    sw: {
      ledger: resource('Leja', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.', { kind: 'Aina', note: 'Maelezo', user_id: 'Mtumiaji' }),
    },
  },
);
