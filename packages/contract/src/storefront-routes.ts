/**
 * Every path the storefront has (seed §2, CONTRACT §7). The server answers anything else with a 404
 * status (still serving the app, which shows its 404 page); a web test keeps the router in step,
 * both ways.
 */
export const STOREFRONT_ROUTES = [
  '/',
  '/dj/:dj',
  '/popular/:dj',
  '/genre',
  '/genre/:gen',
  '/deejays',
  '/new',
  '/store/:category',
  '/suggestions',
  '/trend',
  '/guide',
  '/search/:searchTerm',
  '/video/:id',
  '/watch/:id',
  '/play/:id',
  '/saved',
  '/contact',
  '/about',
  '/notifications',
  '/account',
  '/account/authenticate',
  '/account/password_reset/:slug',
  '/account/sign-in/:token',
  '/profile',
  '/deposit',
  '/cart',
  '/purchase/done',
  '/gift/:token',
  '/account/dashboard',
  '/account/cart',
  '/receipt/:id',
  '/passes',
] as const;

const patterns = STOREFRONT_ROUTES.map((route) => new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`));

/** Whether a URL path (without query) is one of the storefront's pages. */
export const isStorefrontPath = (path: string) => patterns.some((p) => p.test(path));
