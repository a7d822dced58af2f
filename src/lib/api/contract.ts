/**
 * Every call of /api/v1 in one table: method, path, what it takes and answers.
 * The reference API registers its handlers by these names, the client builds
 * its requests from them, and the OpenAPI document is generated from them.
 */
import { z } from 'zod/mini';
import * as s from './schemas.ts';

export const API_PREFIX = '/api/v1';

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono/OpenAPI style path with `:param` segments, relative to /api/v1. */
  path: string;
  summary: string;
  /** Needs `Authorization: Bearer {access}`. */
  auth?: 'required' | 'optional';
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  /** Body sent as multipart/form-data (fields of `body`, plus files). */
  multipart?: boolean;
  /** Successful answer; undefined means 204 No Content. */
  answer?: z.core.$ZodType;
  status?: 200 | 201;
}

const page = z.object({ page: z.optional(z.string()) });
const search = z.object({ q: z.string(), page: z.optional(z.string()) });

export const calls = {
  auth: {
    method: 'POST',
    path: '/users/auth/',
    summary: 'Request a sign-in code by SMS',
    body: s.AuthRequest,
    answer: s.AuthAnswer,
  },
  verify: {
    method: 'POST',
    path: '/users/verify/',
    summary: 'Exchange the code for tokens',
    body: s.VerifyRequest,
    answer: s.VerifyAnswer,
  },
  resend: {
    method: 'POST',
    path: '/users/auth/resend/',
    summary: 'Send a new code once the countdown ends',
    body: s.AuthRequest,
    answer: s.AuthAnswer,
  },
  refresh: {
    method: 'POST',
    path: '/users/token/refresh/',
    summary: 'A new access token from a refresh token',
    body: s.RefreshRequest,
    answer: s.RefreshAnswer,
  },
  profile: {
    method: 'GET',
    path: '/users/profile/',
    summary: "The signed-in shopper's profile",
    auth: 'required',
    answer: s.User,
  },
  updateProfile: {
    method: 'PATCH',
    path: '/users/profile/',
    summary: 'Change profile fields',
    auth: 'required',
    body: s.ProfileUpdate,
    answer: s.User,
  },

  mainProducts: {
    method: 'GET',
    path: '/products/main-products/',
    summary: 'Home page product groups',
    answer: z.array(s.MainProductsGroup),
  },
  product: {
    method: 'GET',
    path: '/products/product/:id/',
    summary: 'One product with its features',
    answer: s.Product,
  },
  relatedProducts: {
    method: 'GET',
    path: '/products/related-products/:id/',
    summary: 'Products related to one product',
    answer: z.array(s.ProductSummary),
  },
  allProducts: {
    method: 'GET',
    path: '/products/all-products/',
    summary: 'Every product, paged',
    query: page,
    answer: s.ProductPage,
  },
  catalogue: {
    method: 'GET',
    path: '/products/catalogue/',
    summary:
      'Every product in full with related ids and latest reviews, paged (page_size up to 1000), for static builds',
    query: z.object({ page: z.optional(z.string()), page_size: z.optional(z.string()) }),
    answer: s.CataloguePage,
  },
  searchProducts: {
    method: 'GET',
    path: '/products/search-product/',
    summary: 'Search results, paged',
    query: search,
    answer: s.ProductPage,
  },
  searchSuggestions: {
    method: 'GET',
    path: '/products/search/',
    summary: 'Search box suggestions',
    query: z.object({ q: z.string() }),
    answer: s.SearchSuggestions,
  },
  categories: { method: 'GET', path: '/products/categories/', summary: 'Every category', answer: z.array(s.Category) },
  categoryProducts: {
    method: 'GET',
    path: '/products/category-products/:id/',
    summary: "A category's products, paged",
    query: page,
    answer: s.ProductPage,
  },
  categoryBanners: {
    method: 'GET',
    path: '/products/banners/:id/',
    summary: "A category's banners",
    answer: s.Banners,
  },
  banners: {
    method: 'GET',
    path: '/banners/',
    summary: 'Home banners for a phone or laptop screen',
    query: z.object({ type: s.BannerType }),
    answer: s.Banners,
  },
  top: {
    method: 'GET',
    path: '/products/top/',
    summary: 'A few top products (home)',
    answer: z.array(s.ProductSummary),
  },
  topProducts: {
    method: 'GET',
    path: '/products/top-products/',
    summary: 'Every top product',
    answer: z.array(s.ProductSummary),
  },

  stores: { method: 'GET', path: '/stores/', summary: 'Every store', answer: z.array(s.Store) },
  store: { method: 'GET', path: '/stores/:address/', summary: 'A store by its address key', answer: s.Store },
  storeProducts: {
    method: 'GET',
    path: '/stores/:address/products/',
    summary: "A store's products, paged",
    query: page,
    answer: s.ProductPage,
  },

  productComments: {
    method: 'GET',
    path: '/product-comments/:id/',
    summary: "A product's reviews (an empty list for a bad token)",
    auth: 'optional',
    answer: z.array(s.Review),
  },
  requiredComments: {
    method: 'GET',
    path: '/required-comments/',
    summary: 'Delivered products awaiting a review',
    auth: 'required',
    answer: z.array(s.RequiredComment),
  },
  comments: {
    method: 'GET',
    path: '/comments/',
    summary: "The shopper's own reviews",
    auth: 'required',
    answer: z.array(s.Review),
  },
  createComment: {
    method: 'POST',
    path: '/comments/',
    summary: 'Review a delivered product (up to 5 images)',
    auth: 'required',
    body: s.ReviewInput,
    multipart: true,
    answer: s.Review,
    status: 201,
  },
  updateComment: {
    method: 'PUT',
    path: '/comments/:id/',
    summary: 'Edit an own review',
    auth: 'required',
    body: s.ReviewUpdate,
    answer: s.Review,
  },

  basket: {
    method: 'GET',
    path: '/orders/basket/',
    summary: "The shopper's basket",
    auth: 'required',
    answer: z.array(s.BasketItem),
  },
  addToBasket: {
    method: 'POST',
    path: '/orders/add-basket/',
    summary: 'Put a product (and feature) in the basket; repeating it sets the quantity',
    auth: 'required',
    body: s.AddToBasket,
    answer: s.BasketItem,
    status: 201,
  },
  basketQuantity: {
    method: 'POST',
    path: '/orders/basket/quantity/',
    summary: 'Increase or decrease a line (minimum 1)',
    auth: 'required',
    body: s.BasketQuantity,
    answer: s.BasketItem,
  },
  deleteFromBasket: {
    method: 'DELETE',
    path: '/orders/basket/delete/',
    summary: 'Remove one line (?item=) or many ({items})',
    auth: 'required',
    query: z.object({ item: z.optional(z.string()) }),
    body: s.BasketDeleteMany,
    answer: s.Deleted,
  },

  favourites: {
    method: 'GET',
    path: '/favorite/',
    summary: "The shopper's favourites",
    auth: 'required',
    answer: z.array(s.Favourite),
  },
  addFavourite: {
    method: 'POST',
    path: '/favorite/',
    summary: 'Add a favourite (repeating it answers the same record)',
    auth: 'required',
    body: s.AddFavourite,
    answer: s.Favourite,
    status: 201,
  },
  removeFavourite: { method: 'DELETE', path: '/favorite/:id/', summary: 'Remove a favourite record', auth: 'required' },

  placeOrder: {
    method: 'POST',
    path: '/orders/',
    summary: 'Order basket items with an address and a payment method',
    auth: 'required',
    body: s.PlaceOrder,
    answer: s.Order,
    status: 201,
  },
  orders: {
    method: 'GET',
    path: '/orders/',
    summary: "The shopper's orders, by short status",
    auth: 'required',
    query: z.object({ status: z.optional(s.OrderStatusLabel), page: z.optional(z.string()) }),
    answer: s.OrderPage,
  },
  order: { method: 'GET', path: '/orders/:id/', summary: 'One order', auth: 'required', answer: s.Order },
  cancelOrder: {
    method: 'POST',
    path: '/orders/:id/cancel/',
    summary: 'Cancel an order not yet delivered',
    auth: 'required',
    answer: s.Order,
  },
  payOrder: {
    method: 'POST',
    path: '/orders/:id/pay/',
    summary: 'A Payme or Click checkout link for an unpaid order',
    auth: 'required',
    body: s.PayRequest,
    answer: s.PayAnswer,
  },
} as const satisfies Record<string, Call>;

export type CallName = keyof typeof calls;
export type Answer<N extends CallName> = (typeof calls)[N] extends { answer: infer A extends z.core.$ZodType }
  ? z.infer<A>
  : void;

/** Fill `:param` segments: pathFor('/products/product/:id/', {id: 5}) → '/products/product/5/'. */
export function pathFor(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
