import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * Tax receipts (CONTRACT §12, §16): `receipts.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'receipts.invoice': 'Invoice',
      'receipts.number_follows': 'Number follows when KRA signs',
      'receipts.kind': 'Kind',
      'receipts.kind_sale': 'Tax invoice',
      'receipts.kind_credit_note': 'Credit note',
      'receipts.customer': 'Customer',
      'receipts.total': 'Total',
      'receipts.issued': 'Issued',
      'receipts.state': 'eTIMS',
      'receipts.pending': 'Waiting',
      'receipts.failed': 'Refused',
      'receipts.attempts': 'Tries',
      'receipts.why': 'Why',
      'receipts.next': 'Next try',
      'receipts.retry': 'Retry now',
      'receipts.retried': 'It will be sent to eTIMS again within seconds.',
      'receipts.retry_failed': 'Could not ask for a retry.',
      'receipts.signed': 'Signed',
      'receipts.unsigned': 'Not signed yet',
      'receipts.original': 'Credit note for',
      'receipts.taxable': 'Taxable',
      'receipts.vat': 'VAT',
      'receipts.month': 'Month',
      'receipts.empty': 'No tax invoice or credit note here yet.',
      'receipts.in_order': 'Invoices go to eTIMS in order: one that waits holds back those after it.',
    },
    sw: {
      'receipts.invoice': 'Ankara',
      'receipts.number_follows': 'Nambari itafuata KRA ikisaini',
      'receipts.kind': 'Aina',
      'receipts.kind_sale': 'Ankara ya kodi',
      'receipts.kind_credit_note': 'Hati ya marejesho',
      'receipts.customer': 'Mteja',
      'receipts.total': 'Jumla',
      'receipts.issued': 'Ilitolewa',
      'receipts.state': 'eTIMS',
      'receipts.pending': 'Inasubiri',
      'receipts.failed': 'Imekataliwa',
      'receipts.attempts': 'Majaribio',
      'receipts.why': 'Sababu',
      'receipts.next': 'Jaribio lijalo',
      'receipts.retry': 'Jaribu sasa',
      'receipts.retried': 'Itatumwa tena kwa eTIMS baada ya sekunde chache.',
      'receipts.retry_failed': 'Imeshindikana kuomba jaribio jipya.',
      'receipts.signed': 'Imesainiwa',
      'receipts.unsigned': 'Bado haijasainiwa',
      'receipts.original': 'Marejesho ya',
      'receipts.taxable': 'Kinachotozwa kodi',
      'receipts.vat': 'VAT',
      'receipts.month': 'Mwezi',
      'receipts.empty': 'Bado hakuna ankara ya kodi wala hati ya marejesho hapa.',
      'receipts.in_order': 'Ankara hutumwa kwa eTIMS kwa mpangilio: inayosubiri huzuia zinazofuata.',
    },
  },
  {
    en: {
      receipts: resource('Tax receipt |||| Tax receipts (eTIMS)', 'Saved.', 'Saved.', 'Deleted.'),
    },
    sw: {
      receipts: resource('Risiti ya kodi |||| Risiti za kodi (eTIMS)', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    },
  },
);
