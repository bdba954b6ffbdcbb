import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * The audit log's menu entry and field names. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  { en: {}, sw: {} },
  {
    en: {
      audit: resource('Audit log', 'Saved.', 'Saved.', 'Deleted.', { action: 'Action', resource: 'Resource', record_id: 'Record id' }),
    },
    sw: {
      audit: resource('Kumbukumbu za ukaguzi', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.', { action: 'Kitendo', resource: 'Sehemu', record_id: 'Namba ya rekodi' }),
    },
  },
);
