import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * DJ statements and paying a DJ from one (CONTRACT §12): `statements.*`, `payouts.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'statements.title': 'DJ statements',
      'statements.dj': 'DJ',
      'statements.month': 'Month',
      'statements.pick_dj': 'Choose a DJ to see their statement.',
      'statements.loading': 'Loading the statement',
      'statements.failed': 'The statement could not be loaded: %{error}',
      'statements.empty': 'No sales in this month.',
      'statements.kind': 'Kind',
      'statements.title_col': 'Video',
      'statements.paid': 'Paid (Ksh)',
      'statements.vat': 'VAT (Ksh)',
      'statements.earned': 'Earned (Ksh)',
      'statements.earnings': 'Earnings this month',
      'statements.withholding': 'Withholding tax',
      'statements.payouts': 'Paid out this month',
      'statements.owed': 'Owed now',
      'statements.csv': 'Download CSV',
      'payouts.pay': 'Pay Ksh %{owed}',
      'payouts.nothing_owed': 'Nothing owed',
      'payouts.dialog_title': 'Pay %{dj} by M-Pesa',
      'payouts.amount': 'Amount (Ksh)',
      'payouts.help': 'Ksh %{owed} is owed. It goes to %{phone} by M-Pesa B2C, once.',
      'payouts.no_phone': 'Set this DJ’s payout phone first.',
      'payouts.confirm': 'Pay',
      'payouts.started': 'Payout of Ksh %{amount} sent to M-Pesa.',
      'payouts.failed': 'The payout failed.',
    },
    sw: {
      'statements.title': 'Taarifa za DJ',
      'statements.dj': 'DJ',
      'statements.month': 'Mwezi',
      'statements.pick_dj': 'Chagua DJ uone taarifa yake.',
      'statements.loading': 'Inapakia taarifa',
      'statements.failed': 'Taarifa haikuweza kupakiwa: %{error}',
      'statements.empty': 'Hakuna mauzo mwezi huu.',
      'statements.kind': 'Aina',
      'statements.title_col': 'Video',
      'statements.paid': 'Kilicholipwa (Ksh)',
      'statements.vat': 'VAT (Ksh)',
      'statements.earned': 'Mapato (Ksh)',
      'statements.earnings': 'Mapato ya mwezi huu',
      'statements.withholding': 'Kodi ya zuio',
      'statements.payouts': 'Yaliyolipwa mwezi huu',
      'statements.owed': 'Anadai sasa',
      'statements.csv': 'Pakua CSV',
      'payouts.pay': 'Lipa Ksh %{owed}',
      'payouts.nothing_owed': 'Hakuna deni',
      'payouts.dialog_title': 'Mlipe %{dj} kwa M-Pesa',
      'payouts.amount': 'Kiasi (Ksh)',
      'payouts.help': 'Anadai Ksh %{owed}. Zinatumwa kwa %{phone} kwa M-Pesa B2C, mara moja.',
      'payouts.no_phone': 'Weka kwanza simu ya malipo ya DJ huyu.',
      'payouts.confirm': 'Lipa',
      'payouts.started': 'Malipo ya Ksh %{amount} yametumwa kwa M-Pesa.',
      'payouts.failed': 'Malipo yameshindikana.',
    },
  },
  {
    en: {
      statements: resource('DJ statement |||| DJ statements', 'Saved.', 'Saved.', 'Deleted.'),
    },
    sw: {
      statements: resource('Taarifa ya DJ |||| Taarifa za DJ', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    },
  },
);
