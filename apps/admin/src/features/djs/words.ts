import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * DJs, their revenue share and their own logins (CONTRACT §12): `djs.*`. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'djs.share': 'Revenue share (%)',
      'djs.share_help': 'Of what each sale brings in less VAT',
      'djs.payout_phone': 'M-Pesa payout phone',
      'djs.login': 'DJ’s own login',
      'djs.give_login': 'Give this DJ a login',
      'djs.login_help': 'The DJ signs in to the back office with it and sees only their own statements and payouts.',
      'djs.login_created': 'The login %{username} is made.',
      'djs.statement': 'Statement',
    },
    sw: {
      'djs.share': 'Sehemu ya mapato (%)',
      'djs.share_help': 'Ya kila mauzo baada ya kutoa VAT',
      'djs.payout_phone': 'Simu ya malipo ya M-Pesa',
      'djs.login': 'Akaunti ya DJ mwenyewe',
      'djs.give_login': 'Mpe DJ huyu akaunti',
      'djs.login_help': 'DJ anaingia ofisi ya nyuma kwa akaunti hii na anaona taarifa na malipo yake tu.',
      'djs.login_created': 'Akaunti %{username} imeundwa.',
      'djs.statement': 'Taarifa',
    },
  },
  {
    en: {
      djs: resource('DJ |||| DJs', 'The DJ is saved.', 'The DJ is saved.', 'The DJ was deleted.', { id: 'Id' }),
    },
    sw: {
      djs: resource('DJ |||| DJ', 'DJ amehifadhiwa.', 'DJ amehifadhiwa.', 'DJ amefutwa.', { id: 'Namba' }),
    },
  },
);
