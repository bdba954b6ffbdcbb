import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

const saved = (created: string, updated: string, deleted: string) => ({ notifications: { created, updated, deleted } });

/**
 * react-admin's English, with its notices in the store's plain words: "Element created" after
 * saving a video told a store owner nothing. react-admin asks resources.<name>.notifications first.
 */
export const messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    notification: {
      ...englishMessages.ra.notification,
      created: 'Saved.',
      updated: 'Your changes are saved.',
      deleted: 'Deleted.',
      item_doesnt_exist: 'This record no longer exists: someone may have deleted it.',
      http_error: 'The store could not be reached. Check the connection and try again.',
      logged_out: 'Your session has ended. Please sign in again.',
    },
  },
  resources: {
    videos: saved('The video is saved. Upload its file under Media below; it goes on sale once it is transcoded and published.', 'The video is saved.', 'The video was deleted.'),
    djs: saved('The DJ is saved.', 'The DJ is saved.', 'The DJ was deleted.'),
    genres: saved('The genre is saved.', 'The genre is saved.', 'The genre was deleted.'),
    notifications: saved('The notification is sent to the storefront.', 'The notification is saved.', 'The notification was deleted.'),
    people: saved('The person is saved.', 'The person is saved.', 'The person was deleted.'),
    customers: saved('The customer is saved.', "The customer's details are saved.", 'The customer was deleted.'),
    'contact-messages': saved('The message is saved.', 'The message is saved.', 'The message was deleted.'),
  },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
