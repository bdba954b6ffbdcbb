import { resource } from '../../providers/i18n.ts';
import { featureWords } from '../../providers/words.ts';

/**
 * Genres' menu entry and field names. English and Kiswahili; the app's i18n provider
 * (app/i18n-provider.ts) merges them with every other feature's, as `store.<id>` and `resources.<name>`.
 */
export const { messages, w, useWords } = featureWords(
  { en: {}, sw: {} },
  {
    en: {
      genres: resource('Genre |||| Genres', 'The genre is saved.', 'The genre is saved.', 'The genre was deleted.', { id: 'Id', title: 'Title' }),
    },
    sw: {
      genres: resource('Aina |||| Aina', 'Aina imehifadhiwa.', 'Aina imehifadhiwa.', 'Aina imefutwa.', { id: 'Namba', title: 'Jina' }),
    },
  },
);
