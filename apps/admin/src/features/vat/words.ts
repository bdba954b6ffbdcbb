import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * The month's VAT (CONTRACT §16): `vat.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'vat.title': 'VAT for the month',
      'vat.month': 'Month',
      'vat.this_month': 'This month',
      'vat.last_month': 'Last month',
      'vat.csv': 'Download CSV',
      'vat.receipts': 'The month’s receipts',
      'vat.nairobi': 'Receipts issued in the month, Nairobi time (EAT, UTC+3). VAT at 16% inside every price, to the cent as on each receipt.',
      'vat.loading': 'Loading the month’s VAT',
      'vat.failed': 'The VAT could not be loaded: %{error}',
      'vat.sales': 'Tax invoices',
      'vat.credit_notes': 'Credit notes',
      'vat.net': 'Net output VAT',
      'vat.count': 'Receipts',
      'vat.taxable': 'Taxable (Ksh)',
      'vat.vat': 'VAT 16% (Ksh)',
      'vat.total': 'Total (Ksh)',
      'vat.net_hint': 'Tax invoices less credit notes: what to file.',
    },
    sw: {
      'vat.title': 'VAT ya mwezi',
      'vat.month': 'Mwezi',
      'vat.this_month': 'Mwezi huu',
      'vat.last_month': 'Mwezi uliopita',
      'vat.csv': 'Pakua CSV',
      'vat.receipts': 'Risiti za mwezi',
      'vat.nairobi': 'Risiti zilizotolewa katika mwezi, kwa saa za Nairobi (EAT, UTC+3). VAT ya 16% imo ndani ya kila bei, hadi senti kama kwenye kila risiti.',
      'vat.loading': 'VAT ya mwezi inapakiwa',
      'vat.failed': 'VAT haikuweza kupakiwa: %{error}',
      'vat.sales': 'Ankara za kodi',
      'vat.credit_notes': 'Hati za marejesho',
      'vat.net': 'VAT halisi ya mauzo',
      'vat.count': 'Risiti',
      'vat.taxable': 'Kinachotozwa kodi (Ksh)',
      'vat.vat': 'VAT ya 16% (Ksh)',
      'vat.total': 'Jumla (Ksh)',
      'vat.net_hint': 'Ankara za kodi ukitoa hati za marejesho: kiasi cha kuwasilisha.',
    },
  },
  {
    en: {
      vat: resource('VAT', 'Saved.', 'Saved.', 'Deleted.'),
    },
    sw: {
      vat: resource('VAT', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    },
  },
);

/** A sentence id this feature may say: its own or a shared one. */
export type Word = Parameters<typeof w>[0];
