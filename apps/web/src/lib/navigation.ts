import { createContext, useContext } from 'react';

/**
 * The store's one navigation (issue 32 item 26): the side menu's entries, in the seed's order (seed
 * §2), and the account's, in the order of the account page's menu. The side menu (sidebar or phone
 * drawer) shows both, the account's under "Account" once signed in; the account page's menu shows the
 * account's; the header's account link leads there. Same words, same order, one list to learn.
 * Labels are message ids of the shared catalog (locales/*.json).
 */
export const NAV_ENTRIES = [
  { to: '/', label: 'nav.home' },
  { to: '/store/series', label: 'nav.series' },
  { to: '/store/movie', label: 'nav.movie' },
  { to: '/store/anime', label: 'nav.anime' },
  { to: '/deejays', label: 'nav.deejays' },
  { to: '/genre', label: 'nav.genre' },
  // Not in the seed's menu: the 20 newest (seed's /new, otherwise linked from nowhere a newcomer looks).
  { to: '/new', label: 'nav.new' },
  // Not in the seed: a day, a week or a month of watching (CONTRACT §14).
  { to: '/passes', label: 'nav.passes' },
  { to: '/contact', label: 'nav.contact' },
  { to: '/about', label: 'nav.about' },
  { to: '/cart', label: 'nav.cart' },
  { to: '/account', label: 'nav.account' },
  // Not in the seed: the videos kept on this phone for watching offline (CONTRACT §9).
  { to: '/saved', label: 'nav.saved' },
  { to: '/notifications', label: 'nav.notifications' },
  { to: '/guide', label: 'nav.guide' },
  { to: '/deposit', label: 'nav.deposit' },
] as const;

export interface AccountEntry {
  /** The account page's section (`/account?section=<key>`) or the entry's name. */
  readonly key: string;
  readonly to: string;
  readonly label: string;
  /** Staff only: the back office, in a new tab (seed §1). */
  readonly staff?: true;
  /** Also one of NAV_ENTRIES: the side menu shows it there once, not again under "Account". */
  readonly inMain?: true;
}

/** The account's entries, as the seed's account menu orders them (Admin, Profile, Cart, Your List, …, Deposit History, Account Setting, Deposit). */
export const ACCOUNT_ENTRIES: readonly AccountEntry[] = [
  { key: 'admin', to: '/admin/', label: 'nav.admin', staff: true },
  { key: 'profile', to: '/profile', label: 'nav.profile' },
  { key: 'cart', to: '/cart', label: 'nav.cart', inMain: true },
  { key: 'list', to: '/account?section=list', label: 'nav.your_list' },
  { key: 'rentals', to: '/account?section=rentals', label: 'nav.rentals' },
  { key: 'passes', to: '/account?section=passes', label: 'nav.my_passes' },
  { key: 'gifts', to: '/account?section=gifts', label: 'nav.gifts' },
  { key: 'receipts', to: '/account?section=receipts', label: 'nav.receipts' },
  { key: 'activity', to: '/account?section=activity', label: 'nav.activity' },
  { key: 'family', to: '/account?section=family', label: 'nav.family' },
  { key: 'following', to: '/account?section=following', label: 'nav.following' },
  { key: 'notifications', to: '/account?section=notifications', label: 'nav.notification_settings' },
  { key: 'deposits', to: '/account?section=deposits', label: 'nav.deposit_history' },
  { key: 'setting', to: '/profile?edit=1', label: 'nav.setting' },
  { key: 'deposit', to: '/deposit', label: 'nav.deposit', inMain: true },
];

/** The account's entries a customer sees: the back office only for staff. */
export const accountEntriesFor = (staff: boolean) => ACCOUNT_ENTRIES.filter((e) => staff || !e.staff);

/** Whether `to` (a path with or without a query) is the page at `pathname` + `search`. */
export const isCurrentEntry = (to: string, pathname: string, search: string) => {
  const [path, query] = to.split('?');
  return pathname === path && new URLSearchParams(search).toString() === new URLSearchParams(query ?? '').toString();
};

/** The layout switches from drawer to sidebar at this width (seed §9). */
export const SIDEBAR_MIN_WIDTH = 900;

/** Whether the sidebar shows the store's one navigation beside the page now: then a page does not list the same entries again (the account page's menu). */
export const SidebarShown = createContext(false);
export const useSidebarShown = () => useContext(SidebarShown);
