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

/**
 * What a page type loads first, and so its first-load JavaScript budget (gzip KB):
 * - catalogue pages are HTML and small module scripts (cards, header); React
 *   loads only after a shopper's action that needs it (sign-in, address picker);
 * - the product page is the same, its price, stock and feature picker enhanced
 *   HTML; it loads React only for the sign-in, address or review dialogs, or to
 *   draw reviews written since the build;
 * - shopper pages (basket, favourites, search, checkout, profile) are their
 *   island: React (about 64 KB) plus the island's own code.
 */
export type PageKind = 'catalogue' | 'product' | 'shopper';

const PAGE_KINDS: Record<PageType, PageKind> = {
  home: 'catalogue',
  category: 'catalogue',
  product: 'product',
  comments: 'catalogue',
  store: 'catalogue',
  'top-product': 'catalogue',
  about: 'catalogue',
  agreement: 'catalogue',
  questions: 'catalogue',
  'mobile-category': 'catalogue',
  basket: 'shopper',
  favorites: 'shopper',
  search: 'shopper',
  profile: 'shopper',
  'profile-orders': 'shopper',
  'profile-order': 'shopper',
  'profile-reviews': 'shopper',
  'orders-confirmation': 'shopper',
  'orders-success': 'shopper',
  'server-error': 'catalogue',
  forbidden: 'catalogue',
  'network-error': 'catalogue',
};

export type Budgets = Record<PageKind, number>;

/**
 * First-load JavaScript per page kind (gzip KB): over it, `npm run budget` fails and the publish gate refuses.
 * A shopper page that reads the API as it loads also loads the one boundary that reads any backend's answers and
 * holds them to the field rules (src/backend: about 2.4 KB, the rules 0.9 KB of it: a live answer in the browser
 * can be as hostile as the build's), and the search page the one product card's markup (about 1.4 KB, shared with
 * the catalogue's cards) and the one image-URL function that asks for each photo at the width it shows (about
 * 0.7 KB): 96 KB for them, React DOM's 64 KB included.
 */
export const FIRST_LOAD_BUDGETS_KB: Budgets = { catalogue: 30, product: 30, shopper: 96 };

/** The kind of a measured page, named `{lang}/{type}`, `root` or `not-found` (both catalogue pages). */
export function kindOf(name: string): PageKind {
  const type = name.split('/').at(-1) as PageType;
  return PAGE_KINDS[type] ?? 'catalogue';
}

/**
 * Budgets from a setting such as `catalogue=30 product=30 shopper=96` (kinds left
 * out keep their default; a bare number applies to every kind); null when unreadable.
 */
export function parseBudgets(raw: string, defaults: Budgets = FIRST_LOAD_BUDGETS_KB): Budgets | null {
  const budgets = { ...defaults };
  const valid = (kb: number) => Number.isFinite(kb) && kb >= 1;
  if (/^\s*[\d.]+\s*$/.test(raw)) {
    const kb = Number(raw);
    return valid(kb) ? { catalogue: kb, product: kb, shopper: kb } : null;
  }
  for (const part of raw.split(/[\s,]+/).filter(Boolean)) {
    const [kind, value] = part.split('=');
    const kb = Number(value);
    if (!kind || !(kind in budgets) || !valid(kb)) return null;
    budgets[kind as PageKind] = kb;
  }
  return budgets;
}

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

/**
 * HTML weight (raw bytes, before compression) of a page type's typical page: the median of its built pages in a
 * language, KB (pages are written every night, 100,000 products' worth). The measured figures with a little
 * room, so no type grows unseen; every product page also keeps under
 * LARGEST_PRODUCT_PAGE_KB. tests/e2e/budget.spec.ts checks them over the e2e build. The search page carries the
 * script that asks for its results as it parses (features/search/ui/head.ts: 6.6 KB, 2.9 KB gzipped, the
 * answer's reader and the photos' URLs among it), so its largest paint waits for no module.
 */
export const HTML_BUDGETS_KB: Record<PageType, number> = {
  home: 118,
  category: 56,
  product: 22,
  comments: 15,
  store: 63,
  'top-product': 86,
  about: 16,
  agreement: 13,
  questions: 13,
  'mobile-category': 16,
  basket: 24,
  favorites: 23,
  search: 29,
  profile: 25,
  'profile-orders': 29,
  'profile-order': 29,
  'profile-reviews': 25,
  'orders-confirmation': 28,
  'orders-success': 28,
  'server-error': 12,
  forbidden: 12,
  'network-error': 12,
};

/**
 * Every product page, the heaviest too (many variants, each with its images, and reviews), weighs at most this, KB:
 * a variant's thumbnails and attributes are drawn from the page's data when it is chosen, and
 * the related products' card comes as a fragment, so variants cost their data only. The main photo carries its
 * widths (srcset, about 0.25 KB: a phone loads a 720 px photo rather than the whole file).
 */
export const LARGEST_PRODUCT_PAGE_KB = 25.5;
