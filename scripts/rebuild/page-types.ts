/**
 * Every page type of the site, as its path under a language prefix (`:param`
 * parts are filled from the catalogue), and the first-load JavaScript budget.
 * One list for the publish gate (every type built, JS measured statically
 * over the release) and the e2e checks (routes, axe, budget.spec.ts in Chromium).
 */
export const PAGE_TYPES = {
  home: '',
  category: '/category/:id',
  product: '/product/:id',
  comments: '/comments/:id',
  store: '/store/:address',
  'top-product': '/top-product',
  about: '/about',
  agreement: '/agreement',
  questions: '/questions',
  'mobile-category': '/mobile-category',
  basket: '/basket',
  favorites: '/favorites',
  search: '/search',
  profile: '/profile',
  'profile-orders': '/profile/orders',
  'profile-order': '/profile/order',
  'profile-reviews': '/profile/reviews',
  'orders-confirmation': '/orders-confirmation',
  'orders-success': '/orders-success',
  'server-error': '/server-error',
  forbidden: '/forbidden',
  'network-error': '/network-error',
} as const;

export type PageType = keyof typeof PAGE_TYPES;

/** Files every release has outside the language folders. */
export const SITE_FILES = ['index.html', '404.html', 'robots.txt', 'sitemap-index.xml'] as const;

/** First-load JavaScript per page (gzip): over the budget fails; over the target is reported. */
export const FIRST_LOAD_BUDGET_KB = 50;
export const FIRST_LOAD_TARGET_KB = 40;

/** The catalogue values a page type's `:param` takes (a category id, a product id, a store address). */
export type PageSamples = Partial<Record<PageType, string>>;

/** One path (without the language prefix) of every page type; search gets a query. */
export function samplePaths(samples: PageSamples): Record<PageType, string> {
  const paths = Object.entries(PAGE_TYPES).map(([type, path]) => [
    type,
    path.replace(/:\w+/, samples[type as PageType] ?? '') + (type === 'search' ? '?q=telefon' : ''),
  ]);
  return Object.fromEntries(paths) as Record<PageType, string>;
}
