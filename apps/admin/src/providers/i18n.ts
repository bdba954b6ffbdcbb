import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import type { Language } from '@store/contract';
import { kiswahiliRa } from './locales/sw.ts';
import { englishWords, kiswahiliWords } from './locales/words.ts';

const saved = (created: string, updated: string, deleted: string) => ({ notifications: { created, updated, deleted } });
const resource = (name: string, created: string, updated: string, deleted: string, fields: Record<string, string> = {}) => ({ name, fields, ...saved(created, updated, deleted) });

/**
 * The store's own words in the back office: react-admin's notices in plain words ("Element created"
 * after saving a video told a store owner nothing; react-admin asks resources.<name>.notifications
 * first), the menu (resources.<name>.name) and the labels the pages give their columns and inputs
 * (react-admin translates a label as a key, the English label itself).
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
  resources: {
    videos: resource('Video |||| Videos', 'The video is saved. Upload its file under Media below; it goes on sale once it is transcoded and published.', 'The video is saved.', 'The video was deleted.', { title: 'Title', season: 'Season', published: 'Published', synopsis: 'Synopsis' }),
    djs: resource('DJ |||| DJs', 'The DJ is saved.', 'The DJ is saved.', 'The DJ was deleted.', { id: 'Id' }),
    genres: resource('Genre |||| Genres', 'The genre is saved.', 'The genre is saved.', 'The genre was deleted.', { id: 'Id', title: 'Title' }),
    notifications: resource('Notification |||| Notifications', 'The notification is sent to the storefront.', 'The notification is saved.', 'The notification was deleted.', { message: 'Message' }),
    people: resource('Person |||| CEO & team', 'The person is saved.', 'The person is saved.', 'The person was deleted.', { full_name: 'Full name', title: 'Title', role: 'Role', message: 'Message' }),
    customers: resource('Customer |||| Customers', 'The customer is saved.', "The customer's details are saved.", 'The customer was deleted.', { username: 'Username', email: 'Email', city: 'City', country: 'Country' }),
    'contact-messages': resource('Contact message |||| Contact messages', 'The message is saved.', 'The message is saved.', 'The message was deleted.', { name: 'Name', email: 'Email', message: 'Message' }),
    deposits: resource('Deposit |||| Deposits', 'Saved.', 'Saved.', 'Deleted.', { receipt: 'Receipt', phone: 'Phone', state: 'State' }),
    purchases: resource('Purchase |||| Purchases', 'Saved.', 'Saved.', 'Deleted.'),
    ledger: resource('Ledger', 'Saved.', 'Saved.', 'Deleted.', { kind: 'Kind', note: 'Note', user_id: 'User' }),
    audit: resource('Audit log', 'Saved.', 'Saved.', 'Deleted.', { action: 'Action', resource: 'Resource', record_id: 'Record id' }),
    statements: resource('DJ statement |||| DJ statements', 'Saved.', 'Saved.', 'Deleted.'),
    payouts: resource('Payout |||| Payouts', 'Saved.', 'Saved.', 'Deleted.', { id: 'Id' }),
    receipts: resource('Tax receipt |||| Tax receipts (eTIMS)', 'Saved.', 'Saved.', 'Deleted.'),
    reports: resource('Reports', 'Saved.', 'Saved.', 'Deleted.'),
    'promo-codes': resource('Promo code |||| Promo codes', 'The code is saved.', 'The code is saved.', 'The code was deleted.', { code: 'Code', note: 'Note' }),
    'promo-batches': resource('Batch of codes |||| Batches of codes', 'The codes are made.', 'Saved.', 'Deleted.', { prefix: 'Prefix' }),
    'promo-redemptions': resource('Use of a code |||| Uses of codes', 'Saved.', 'Saved.', 'Deleted.'),
    bundles: resource('Bundle |||| Bundles', 'The bundle is saved.', 'The bundle is saved.', 'The bundle was deleted.', { title: 'Title' }),
    gifts: resource('Gift |||| Gifts', 'Saved.', 'Saved.', 'Deleted.'),
    rentals: resource('Rental |||| Rentals', 'Saved.', 'Saved.', 'Deleted.'),
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
  resources: {
    videos: resource('Video |||| Video', 'Video imehifadhiwa. Pakia faili yake chini ya Media; itaanza kuuzwa ikishabadilishwa muundo na kuchapishwa.', 'Video imehifadhiwa.', 'Video imefutwa.', { title: 'Jina', season: 'Msimu', published: 'Imechapishwa', synopsis: 'Muhtasari' }),
    djs: resource('DJ |||| DJ', 'DJ amehifadhiwa.', 'DJ amehifadhiwa.', 'DJ amefutwa.', { id: 'Namba' }),
    genres: resource('Aina |||| Aina', 'Aina imehifadhiwa.', 'Aina imehifadhiwa.', 'Aina imefutwa.', { id: 'Namba', title: 'Jina' }),
    notifications: resource('Tangazo |||| Matangazo', 'Tangazo limetumwa dukani.', 'Tangazo limehifadhiwa.', 'Tangazo limefutwa.', { message: 'Ujumbe' }),
    people: resource('Mtu |||| CEO na timu', 'Mtu amehifadhiwa.', 'Mtu amehifadhiwa.', 'Mtu amefutwa.', { full_name: 'Jina kamili', title: 'Cheo', role: 'Nafasi', message: 'Ujumbe' }),
    customers: resource('Mteja |||| Wateja', 'Mteja amehifadhiwa.', 'Maelezo ya mteja yamehifadhiwa.', 'Mteja amefutwa.', { username: 'Jina la mtumiaji', email: 'Barua pepe', city: 'Mji', country: 'Nchi' }),
    'contact-messages': resource('Ujumbe |||| Jumbe za wateja', 'Ujumbe umehifadhiwa.', 'Ujumbe umehifadhiwa.', 'Ujumbe umefutwa.', { name: 'Jina', email: 'Barua pepe', message: 'Ujumbe' }),
    deposits: resource('Malipo |||| Malipo ya M-Pesa', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.', { receipt: 'Risiti', phone: 'Simu', state: 'Hali' }),
    purchases: resource('Ununuzi |||| Manunuzi', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    ledger: resource('Leja', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.', { kind: 'Aina', note: 'Maelezo', user_id: 'Mtumiaji' }),
    audit: resource('Kumbukumbu za ukaguzi', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.', { action: 'Kitendo', resource: 'Sehemu', record_id: 'Namba ya rekodi' }),
    statements: resource('Taarifa ya DJ |||| Taarifa za DJ', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    payouts: resource('Malipo kwa DJ |||| Malipo kwa DJ', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.', { id: 'Namba' }),
    receipts: resource('Risiti ya kodi |||| Risiti za kodi (eTIMS)', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    reports: resource('Ripoti', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    'promo-codes': resource('Msimbo wa punguzo |||| Misimbo ya punguzo', 'Msimbo umehifadhiwa.', 'Msimbo umehifadhiwa.', 'Msimbo umefutwa.', { code: 'Msimbo', note: 'Maelezo' }),
    'promo-batches': resource('Kundi la misimbo |||| Makundi ya misimbo', 'Misimbo imeundwa.', 'Imehifadhiwa.', 'Imefutwa.', { prefix: 'Kiambishi' }),
    'promo-redemptions': resource('Matumizi ya msimbo |||| Matumizi ya misimbo', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    bundles: resource('Kifurushi |||| Vifurushi', 'Kifurushi kimehifadhiwa.', 'Kifurushi kimehifadhiwa.', 'Kifurushi kimefutwa.', { title: 'Jina' }),
    gifts: resource('Zawadi |||| Zawadi', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
    rentals: resource('Ukodishaji |||| Ukodishaji', 'Imehifadhiwa.', 'Imehifadhiwa.', 'Imefutwa.'),
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

const withStore = (ra: TranslationMessages, store: StoreMessages, words: Record<string, string>): TranslationMessages => ({
  ...ra,
  ...store.labels,
  store: words,
  ra: { ...ra.ra, notification: { ...ra.ra.notification, ...store.notification } },
  resources: store.resources,
});

export const messages = withStore(englishMessages, storeEnglish, englishWords);
export const kiswahiliMessages = withStore(kiswahiliRa, storeKiswahili, kiswahiliWords);

export const LOCALES: { locale: Language; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'sw', name: 'Kiswahili' },
];

/**
 * English or Kiswahili: react-admin remembers the choice in its store and the app bar shows the
 * language menu (LocalesMenuButton) as there are two. The first visit follows the browser's language.
 */
const polyglot = polyglotI18nProvider((locale) => (locale === 'sw' ? kiswahiliMessages : messages), typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('sw') ? 'sw' : 'en', LOCALES, { allowMissing: true });
export const i18nProvider = polyglot;

/** The back office's language now, for the API's Accept-Language. */
export const currentLocale = (): string => polyglot.getLocale();
