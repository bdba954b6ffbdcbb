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
      'djs.invite': 'Invite this DJ to a login',
      'djs.invite_help': 'The DJ gets a sign-in link (it works once, for 7 days) and sees only their own statements and payouts in the back office. Nobody makes up a password for them.',
      'djs.invite_by': 'Send the link by',
      'djs.by_email': 'E-mail',
      'djs.by_sms': 'SMS',
      'djs.invite_email': 'The DJ’s e-mail',
      'djs.invite_phone': 'The DJ’s phone, e.g. 0712 345 678',
      'djs.invite_language': 'The DJ’s language',
      'djs.send_invite': 'Send the link',
      'djs.language_en': 'English',
      'djs.language_sw': 'Kiswahili',
      'djs.invite_sent': 'The login %{username} is made and its sign-in link sent to %{to}.',
      'djs.statement': 'Statement',
    },
    sw: {
      'djs.share': 'Sehemu ya mapato (%)',
      'djs.share_help': 'Ya kila mauzo baada ya kutoa VAT',
      'djs.payout_phone': 'Simu ya malipo ya M-Pesa',
      'djs.login': 'Akaunti ya DJ mwenyewe',
      'djs.invite': 'Mwalike DJ huyu kwenye akaunti',
      'djs.invite_help': 'DJ anapata kiungo cha kuingia (kinafanya kazi mara moja, kwa siku 7) na anaona taarifa na malipo yake tu kwenye ofisi ya nyuma. Hakuna anayembunia nenosiri.',
      'djs.invite_by': 'Tuma kiungo kwa',
      'djs.by_email': 'Barua pepe',
      'djs.by_sms': 'SMS',
      'djs.invite_email': 'Barua pepe ya DJ',
      'djs.invite_phone': 'Simu ya DJ, mfano 0712 345 678',
      'djs.invite_language': 'Lugha ya DJ',
      'djs.send_invite': 'Tuma kiungo',
      'djs.language_en': 'Kiingereza',
      'djs.language_sw': 'Kiswahili',
      'djs.invite_sent': 'Akaunti %{username} imeundwa na kiungo chake cha kuingia kimetumwa kwa %{to}.',
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
