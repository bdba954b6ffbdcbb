import { featureWords } from '../providers/words.ts';

/**
 * The app shell's words: the title and the sign-in page. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  {
    en: {
      'app.title': 'Video Store Kenya · Back office',
      'login.form': 'Staff sign in',
      'login.title': 'Back office',
      'login.staff_only': 'Video Store Kenya staff only.',
      'login.sign_in': 'Sign in',
      'login.back': 'Back to the store',
      'login.failed': 'Could not sign in.',
    },
    sw: {
      'app.title': 'Video Store Kenya · Ofisi ya nyuma',
      'login.form': 'Kuingia kwa wafanyakazi',
      'login.title': 'Ofisi ya nyuma',
      'login.staff_only': 'Kwa wafanyakazi wa Video Store Kenya pekee.',
      'login.sign_in': 'Ingia',
      'login.back': 'Rudi dukani',
      'login.failed': 'Imeshindikana kuingia.',
    },
  },
  { en: {}, sw: {} },
);
