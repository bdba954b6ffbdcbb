import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * M-Pesa deposits: `deposits.*` (their states are shared, the customer's page shows them too). English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'deposits.search': 'Phone, receipt or customer',
      'deposits.no_answer': 'M-Pesa still has no answer for this payment. Try again later.',
      'deposits.answer': 'M-Pesa says: %{state}. %{desc}',
      'deposits.ask': 'Ask M-Pesa again',
      'deposits.ask_failed': 'Could not ask M-Pesa.',
    },
    sw: {
      'deposits.search': 'Simu, risiti au mteja',
      'deposits.no_answer': 'M-Pesa bado haijajibu kuhusu malipo haya. Jaribu tena baadaye.',
      'deposits.answer': 'M-Pesa inasema: %{state}. %{desc}',
      'deposits.ask': 'Iulize M-Pesa tena',
      'deposits.ask_failed': 'Imeshindikana kuiuliza M-Pesa.',
    },
  },
  {
    en: {
      deposits: resource('Deposit |||| Deposits', 'Saved.', 'Saved.', 'Deleted.', { receipt: 'Receipt', phone: 'Phone', state: 'State' }),
    },
    sw: {
      deposits: resource('Malipo |||| Malipo ya M-Pesa', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.', { receipt: 'Risiti', phone: 'Simu', state: 'Hali' }),
    },
  },
);
