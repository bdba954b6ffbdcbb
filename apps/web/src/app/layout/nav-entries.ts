/** The side navigation, in the seed's order (seed §2). */
export const NAV_ENTRIES = [
  { to: '/', label: 'Home' },
  { to: '/store/series', label: 'TV show' },
  { to: '/store/movie', label: 'Movie' },
  { to: '/store/anime', label: 'Animation' },
  { to: '/deejays', label: 'DJ/s' },
  { to: '/genre', label: 'Genre' },
  { to: '/contact', label: 'Contact' },
  { to: '/about', label: 'About US' },
  { to: '/cart', label: 'Cart' },
  { to: '/account', label: 'Account' },
  { to: '/notifications', label: 'Notification' },
  { to: '/guide', label: 'Guide' },
  { to: '/deposit', label: 'Deposit' },
] as const;

/** The layout switches from drawer to sidebar at this width (seed §9). */
export const SIDEBAR_MIN_WIDTH = 900;
export const SIDEBAR_WIDTH = 220;
