/** The side navigation, in the seed's order (seed §2); labels are message ids of the shared catalog. */
export const NAV_ENTRIES = [
  { to: '/', label: 'nav.home' },
  { to: '/store/series', label: 'nav.series' },
  { to: '/store/movie', label: 'nav.movie' },
  { to: '/store/anime', label: 'nav.anime' },
  { to: '/deejays', label: 'nav.deejays' },
  { to: '/genre', label: 'nav.genre' },
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

/** The layout switches from drawer to sidebar at this width (seed §9). */
export const SIDEBAR_MIN_WIDTH = 900;
