import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import type { Language } from '@store/contract';
import { kiswahiliRa } from './locales/sw.ts';
import { sharedMessages } from './words.ts';

const saved = (created: string, updated: string, deleted: string) => ({ notifications: { created, updated, deleted } });
/** A resource's menu name (singular |||| plural), its notices after a save or delete, and its fields' names. */
export const resource = (name: string, created: string, updated: string, deleted: string, fields: Record<string, string> = {}) => ({ name, fields, ...saved(created, updated, deleted) });
export type ResourceMessages = ReturnType<typeof resource>;

/**
 * The store's own words in the back office: react-admin's notices in plain words ("Element created"
 * after saving a video told a store owner nothing; react-admin asks resources.<name>.notifications
 * first: each feature's words.ts gives its resources' notices and menu names, resources.<name>.name)
 * and the labels the pages give their columns and inputs (react-admin translates a label as a key,
 * the English label itself).
 */
const storeEnglish = {
  notification: {
    created: 'Saved.',
    updated: 'Your changes are saved.',
    deleted: 'Deleted.',
    item_doesnt_exist: 'This record no longer exists: someone may have deleted it.',
    http_error: 'The store could not be reached. Check the connection and try again.',
    logged_out: 'Your session has ended. Please sign in again.',
  },
  labels: {
    Access: 'Access', 'Account open': 'Account open', 'Account open (a closed account cannot sign in)': 'Account open (a closed account cannot sign in)', 'Add a file': 'Add a file', Added: 'Added', Amount: 'Amount', 'Amount (Ksh)': 'Amount (Ksh)',
    Balance: 'Balance', 'Balance after': 'Balance after', Bought: 'Bought', Category: 'Category', Customer: 'Customer', DJ: 'DJ', 'DJ name': 'DJ name', Email: 'Email', Genre: 'Genre', Joined: 'Joined',
    'M-Pesa said': 'M-Pesa said', Media: 'Media', Name: 'Name', Open: 'Open', Order: 'Order', 'Order on /about': 'Order on /about', Password: 'Password', Phone: 'Phone', Popular: 'Popular', Price: 'Price', 'Price (Ksh)': 'Price (Ksh)',
    Profile: 'Profile', Published: 'Published', Purchases: 'Purchases', Deposits: 'Deposits', Ledger: 'Ledger', Videos: 'Videos', Read: 'Read', Reason: 'Reason', 'Reason or note': 'Reason or note', Record: 'Record', 'Record after (or before a delete)': 'Record after (or before a delete)', 'Record id': 'Record id', Refunded: 'Refunded',
    Sent: 'Sent', Sold: 'Sold', Staff: 'Staff', 'Staff (can open the back office)': 'Staff (can open the back office)', Started: 'Started', State: 'State', Suggested: 'Suggested', Video: 'Video', When: 'When', Who: 'Who',
    // The columns of the lists' CSV files (money in whole Ksh, as the header says).
    Action: 'Action', 'Balance (Ksh)': 'Balance (Ksh)', 'Balance after (Ksh)': 'Balance after (Ksh)', City: 'City', Id: 'Id', Kind: 'Kind', Message: 'Message', Receipt: 'Receipt', Replied: 'Replied', 'Replied by': 'Replied by', Reply: 'Reply', Resource: 'Resource', Role: 'Role', Season: 'Season', Title: 'Title', Username: 'Username',
    'Age rating': 'Age rating',
  },
};
export type StoreMessages = typeof storeEnglish;
/** A label react-admin translates as a key (the English label itself): one not in the table fails typecheck. */
export type Label = keyof StoreMessages['labels'];

/** The same keys in Kiswahili: a key missing here fails typecheck. */
const storeKiswahili: StoreMessages = {
  notification: {
    created: 'Imehifadhiwa.',
    updated: 'Mabadiliko yako yamehifadhiwa.',
    deleted: 'Imefutwa.',
    item_doesnt_exist: 'Rekodi hii haipo tena: huenda mtu ameifuta.',
    http_error: 'Hatukuweza kufikia duka. Angalia mtandao kisha ujaribu tena.',
    logged_out: 'Muda wako wa kuingia umeisha. Tafadhali ingia tena.',
  },
  labels: {
    Access: 'Ruhusa', 'Account open': 'Akaunti iko wazi', 'Account open (a closed account cannot sign in)': 'Akaunti iko wazi (akaunti iliyofungwa haiwezi kuingia)', 'Add a file': 'Ongeza faili', Added: 'Iliongezwa', Amount: 'Kiasi', 'Amount (Ksh)': 'Kiasi (Ksh)',
    Balance: 'Salio', 'Balance after': 'Salio baadaye', Bought: 'Alinunua', Category: 'Kundi', Customer: 'Mteja', DJ: 'DJ', 'DJ name': 'Jina la DJ', Email: 'Barua pepe', Genre: 'Aina', Joined: 'Alijiunga',
    'M-Pesa said': 'M-Pesa ilisema', Media: 'Media', Name: 'Jina', Open: 'Fungua', Order: 'Mpangilio', 'Order on /about': 'Mpangilio kwenye /about', Password: 'Nenosiri', Phone: 'Simu', Popular: 'Maarufu', Price: 'Bei', 'Price (Ksh)': 'Bei (Ksh)',
    Profile: 'Wasifu', Published: 'Imechapishwa', Purchases: 'Manunuzi', Deposits: 'Malipo', Ledger: 'Leja', Videos: 'Video', Read: 'Imesomwa', Reason: 'Sababu', 'Reason or note': 'Sababu au maelezo', Record: 'Rekodi', 'Record after (or before a delete)': 'Rekodi baadaye (au kabla ya kufutwa)', 'Record id': 'Namba ya rekodi', Refunded: 'Imerudishiwa pesa',
    Sent: 'Imetumwa', Sold: 'Zilizouzwa', Staff: 'Mfanyakazi', 'Staff (can open the back office)': 'Mfanyakazi (anaweza kufungua ofisi ya nyuma)', Started: 'Ilianza', State: 'Hali', Suggested: 'Inapendekezwa', Video: 'Video', When: 'Lini', Who: 'Nani',
    Action: 'Kitendo', 'Balance (Ksh)': 'Salio (Ksh)', 'Balance after (Ksh)': 'Salio baadaye (Ksh)', City: 'Mji', Id: 'Namba', Kind: 'Aina', Message: 'Ujumbe', Receipt: 'Risiti', Replied: 'Lilijibiwa', 'Replied by': 'Lilijibiwa na', Reply: 'Jibu', Resource: 'Sehemu', Role: 'Nafasi', Season: 'Msimu', Title: 'Jina', Username: 'Jina la mtumiaji',
    'Age rating': 'Daraja la umri',
  },
};

/** What a feature adds to the messages in one language: its sentences (`store.<id>`) and its resources. */
export interface LanguageMessages {
  words: Record<string, string>;
  resources: Record<string, ResourceMessages>;
}
/** A feature's messages (features/<f>/words.ts, made with featureWords), in English and Kiswahili. */
export type FeatureMessages = Record<Language, LanguageMessages>;

const withStore = (ra: TranslationMessages, store: StoreMessages, parts: LanguageMessages[]): TranslationMessages => ({
  ...ra,
  ...store.labels,
  store: Object.assign({}, ...parts.map((p) => p.words)),
  ra: { ...ra.ra, notification: { ...ra.ra.notification, ...store.notification } },
  resources: Object.assign({}, ...parts.map((p) => p.resources)),
});

export const LOCALES: { locale: Language; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'sw', name: 'Kiswahili' },
];

let current: I18nProvider | undefined;

/**
 * The back office's i18nProvider: react-admin's messages, the labels, the shared sentences and the
 * features' messages, which the app passes (app/i18n-provider.ts: every feature's; a feature's test:
 * its own), as shared code imports no feature. English or Kiswahili: react-admin remembers the choice
 * in its store and the app bar shows the language menu (LocalesMenuButton) as there are two. The
 * first visit follows the browser's language.
 */
export function createI18nProvider(features: readonly FeatureMessages[]): I18nProvider {
  const parts = [sharedMessages, ...features];
  const english = withStore(englishMessages, storeEnglish, parts.map((p) => p.en));
  const kiswahili = withStore(kiswahiliRa, storeKiswahili, parts.map((p) => p.sw));
  current = polyglotI18nProvider((locale) => (locale === 'sw' ? kiswahili : english), typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('sw') ? 'sw' : 'en', LOCALES, { allowMissing: true });
  return current;
}

/** The back office's language now (of the provider made last: the app makes one), for the API's Accept-Language. */
export const currentLocale = (): string => current?.getLocale() ?? 'en';

/** A key in the back office's language now, outside React (a CSV file's headers and cells). */
export const translate = (key: string, values?: Record<string, unknown>): string => current?.translate(key, values) ?? key;
