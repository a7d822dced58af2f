/**
 * Method and path of every /api/v1 call: all the browser's client needs to
 * make requests. The schemas of each call live in contract.ts, which the
 * build, the reference API and the tests use to check answers; keeping them
 * out of this module keeps zod out of the islands' first-load JavaScript.
 */
import { guessedRoutes } from './guessed-calls.ts';

export const API_PREFIX = '/api/v1';

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono/OpenAPI style path with `:param` segments, relative to /api/v1. */
  path: string;
}

export const routes = {
  auth: { method: 'POST', path: '/users/auth/' },
  verify: { method: 'POST', path: '/users/verify/' },
  resend: { method: 'POST', path: '/users/auth/resend/' },
  refresh: { method: 'POST', path: '/users/token/refresh/' },
  logout: { method: 'POST', path: '/users/logout/' },
  profile: { method: 'GET', path: '/users/profile/' },
  updateProfile: { method: 'PATCH', path: '/users/profile/' },
  mainProducts: { method: 'GET', path: '/products/main-products/' },
  product: { method: 'GET', path: '/products/product/:id/' },
  relatedProducts: { method: 'GET', path: '/products/related-products/:id/' },
  allProducts: { method: 'GET', path: '/products/all-products/' },
  catalogue: { method: 'GET', path: '/products/catalogue/' },
  searchProducts: { method: 'GET', path: '/products/search-product/' },
  searchSuggestions: { method: 'GET', path: '/products/search/' },
  categories: { method: 'GET', path: '/products/categories/' },
  categoryProducts: { method: 'GET', path: '/products/category-products/:id/' },
  categoryBanners: { method: 'GET', path: '/products/banners/:id/' },
  banners: { method: 'GET', path: '/banners/' },
  top: { method: 'GET', path: '/products/top/' },
  topProducts: { method: 'GET', path: '/products/top-products/' },
  stores: { method: 'GET', path: '/stores/' },
  store: { method: 'GET', path: '/stores/:address/' },
  storeProducts: { method: 'GET', path: '/stores/:address/products/' },
  productComments: { method: 'GET', path: '/product-comments/:id/' },
  requiredComments: { method: 'GET', path: '/required-comments/' },
  comments: { method: 'GET', path: '/comments/' },
  createComment: { method: 'POST', path: '/comments/' },
  updateComment: { method: 'PUT', path: '/comments/:id/' },
  basket: { method: 'GET', path: '/orders/basket/' },
  addToBasket: { method: 'POST', path: '/orders/add-basket/' },
  basketQuantity: { method: 'POST', path: '/orders/basket/quantity/' },
  deleteFromBasket: { method: 'DELETE', path: '/orders/basket/delete/' },
  favourites: { method: 'GET', path: '/favorite/' },
  addFavourite: { method: 'POST', path: '/favorite/' },
  removeFavourite: { method: 'DELETE', path: '/favorite/:id/' },
  // Not shown by the spec: the storefront's proposal, gathered in guessed-calls.ts.
  ...guessedRoutes,
} as const satisfies Record<string, Route>;

export type CallName = keyof typeof routes;

/** Fill `:param` segments: pathFor('/products/product/:id/', {id: 5}) → '/products/product/5/'. */
export function pathFor(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
