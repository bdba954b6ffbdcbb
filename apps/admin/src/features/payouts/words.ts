import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * DJ payouts (CONTRACT §12): `payouts.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'payouts.title': 'Payouts',
      'payouts.state_pending': 'Waiting for M-Pesa',
      'payouts.state_completed': 'Paid',
      'payouts.state_failed': 'Failed (owed again)',
      'payouts.receipt': 'M-Pesa receipt',
      'payouts.phone': 'Phone',
      'payouts.state': 'State',
      'payouts.amount_col': 'Amount (Ksh)',
      'payouts.when': 'When',
    },
    sw: {
      'payouts.title': 'Malipo kwa DJ',
      'payouts.state_pending': 'Inasubiri M-Pesa',
      'payouts.state_completed': 'Imelipwa',
      'payouts.state_failed': 'Imeshindikana (bado anadai)',
      'payouts.receipt': 'Risiti ya M-Pesa',
      'payouts.phone': 'Simu',
      'payouts.state': 'Hali',
      'payouts.amount_col': 'Kiasi (Ksh)',
      'payouts.when': 'Lini',
    },
  },
  {
    en: {
      payouts: resource('Payout |||| Payouts', 'Saved.', 'Saved.', 'Deleted.', { id: 'Id' }),
    },
    sw: {
      payouts: resource('Malipo kwa DJ |||| Malipo kwa DJ', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.', { id: 'Namba' }),
    },
  },
);
