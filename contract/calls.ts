/**
 * Every call of /api/v1 in one table: its route (routes.ts), what it takes and
 * what it answers. The reference API registers its handlers by these names and
 * validates with these schemas, the build checks every answer against them,
 * and the OpenAPI document is generated from them.
 */
import { z } from 'zod/mini';
import { API_PREFIX, pathFor, routes, type CallName, type Route } from './routes.ts';
import * as s from './schemas.ts';

export { API_PREFIX, pathFor, type CallName };

export interface Call extends Route {
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

/** Query values are text; numbers among them are read (and refused) by the handlers. */
const numberParam = z.optional(s.text(s.LIMITS.numberParam));
const query = s.text(s.LIMITS.searchQuery);
const page = z.object({ page: numberParam });
const search = z.object({ q: query, page: numberParam });

export const calls = {
  auth: {
    ...routes.auth,
    summary: 'Request a sign-in code by SMS',
    body: s.AuthRequest,
    answer: s.AuthAnswer,
  },
  verify: {
    ...routes.verify,
    summary: 'Exchange the code for tokens',
    body: s.VerifyRequest,
    answer: s.VerifyAnswer,
  },
  resend: {
    ...routes.resend,
    summary: 'Send a new code once the countdown ends',
    body: s.AuthRequest,
    answer: s.AuthAnswer,
  },
  refresh: {
    ...routes.refresh,
    summary: 'A new access token from a refresh token',
    body: s.RefreshRequest,
    answer: s.RefreshAnswer,
  },
  logout: {
    ...routes.logout,
    summary: 'Sign out: revoke the refresh token',
    body: s.RefreshRequest,
  },
  profile: {
    ...routes.profile,
    summary: "The signed-in shopper's profile",
    auth: 'required',
    answer: s.User,
  },
  updateProfile: {
    ...routes.updateProfile,
    summary: 'Change profile fields',
    auth: 'required',
    body: s.ProfileUpdate,
    answer: s.User,
  },

  mainProducts: {
    ...routes.mainProducts,
    summary: 'Home page product groups',
    answer: z.array(s.MainProductsGroup),
  },
  product: {
    ...routes.product,
    summary: 'One product with its features',
    answer: s.Product,
  },
  relatedProducts: {
    ...routes.relatedProducts,
    summary: 'Products related to one product',
    answer: z.array(s.ProductSummary),
  },
  allProducts: {
    ...routes.allProducts,
    summary: 'Every product, paged',
    query: page,
    answer: s.ProductPage,
  },
  catalogue: {
    ...routes.catalogue,
    summary:
      'Every product in full with related ids and latest reviews, paged (page_size up to 1000), for static builds',
    query: z.object({ page: numberParam, page_size: numberParam }),
    answer: s.CataloguePage,
  },
  searchProducts: {
    ...routes.searchProducts,
    summary: 'Search results, paged',
    query: search,
    answer: s.ProductPage,
  },
  searchSuggestions: {
    ...routes.searchSuggestions,
    summary: 'Search box suggestions',
    query: z.object({ q: query }),
    answer: s.SearchSuggestions,
  },
  categories: {
    ...routes.categories,
    summary: 'Every category',
    answer: z.array(s.Category),
  },
  categoryProducts: {
    ...routes.categoryProducts,
    summary: "A category's products, paged",
    query: page,
    answer: s.ProductPage,
  },
  categoryBanners: {
    ...routes.categoryBanners,
    summary: "A category's banners",
    answer: s.Banners,
  },
  banners: {
    ...routes.banners,
    summary: 'Home banners for a phone or laptop screen',
    query: z.object({ type: s.BannerType }),
    answer: s.Banners,
  },
  top: {
    ...routes.top,
    summary: 'A few top products (home)',
    answer: z.array(s.ProductSummary),
  },
  topProducts: {
    ...routes.topProducts,
    summary: 'Every top product',
    answer: z.array(s.ProductSummary),
  },

  stores: {
    ...routes.stores,
    summary: 'Every store',
    answer: z.array(s.Store),
  },
  store: {
    ...routes.store,
    summary: 'A store by its address key',
    answer: s.Store,
  },
  storeProducts: {
    ...routes.storeProducts,
    summary: "A store's products, paged",
    query: page,
    answer: s.ProductPage,
  },

  productComments: {
    ...routes.productComments,
    summary: "A product's reviews (an empty list for a bad token)",
    auth: 'optional',
    answer: z.array(s.Review),
  },
  requiredComments: {
    ...routes.requiredComments,
    summary: 'Delivered products awaiting a review',
    auth: 'required',
    answer: z.array(s.RequiredComment),
  },
  comments: {
    ...routes.comments,
    summary: "The shopper's own reviews, with their products",
    auth: 'required',
    answer: z.array(s.OwnReview),
  },
  createComment: {
    ...routes.createComment,
    summary: 'Review a delivered product (up to 5 images)',
    auth: 'required',
    body: s.ReviewInput,
    multipart: true,
    answer: s.OwnReview,
    status: 201,
  },
  updateComment: {
    ...routes.updateComment,
    summary: 'Edit an own review; images sent replace the old ones, none keeps them',
    auth: 'required',
    body: s.ReviewUpdate,
    multipart: true,
    answer: s.OwnReview,
  },

  basket: {
    ...routes.basket,
    summary: "The shopper's basket",
    auth: 'required',
    answer: z.array(s.BasketItem),
  },
  addToBasket: {
    ...routes.addToBasket,
    summary: 'Put a product (and feature) in the basket; repeating it sets the quantity',
    auth: 'required',
    body: s.AddToBasket,
    answer: s.BasketItem,
    status: 201,
  },
  basketQuantity: {
    ...routes.basketQuantity,
    summary: 'Increase or decrease a line (minimum 1)',
    auth: 'required',
    body: s.BasketQuantity,
    answer: s.BasketItem,
  },
  deleteFromBasket: {
    ...routes.deleteFromBasket,
    summary: 'Remove one line (?item=) or many ({items})',
    auth: 'required',
    query: z.object({ item: numberParam }),
    body: s.BasketDeleteMany,
    answer: s.Deleted,
  },

  favourites: {
    ...routes.favourites,
    summary: "The shopper's favourites",
    auth: 'required',
    answer: z.array(s.Favourite),
  },
  addFavourite: {
    ...routes.addFavourite,
    summary: 'Add a favourite (repeating it answers the same record)',
    auth: 'required',
    body: s.AddFavourite,
    answer: s.Favourite,
    status: 201,
  },
  removeFavourite: {
    ...routes.removeFavourite,
    summary: 'Remove a favourite record',
    auth: 'required',
  },

  placeOrder: {
    ...routes.placeOrder,
    summary: 'Order basket items with an address and a payment method',
    auth: 'required',
    body: s.PlaceOrder,
    answer: s.Order,
    status: 201,
  },
  deliveryQuote: {
    ...routes.deliveryQuote,
    summary:
      'What delivery costs the shopper: free on the first order (not cancelled), else by area. Optional: a backend may answer 404',
    auth: 'required',
    query: z.object({ delivery_type: z.optional(s.DeliveryType) }),
    answer: s.DeliveryQuote,
  },
  paymentMethods: {
    ...routes.paymentMethods,
    summary:
      'The payment methods the shop takes now, in the order checkout shows them. Optional: a backend may answer 404, and checkout offers every method',
    answer: s.PaymentMethods,
  },
  orders: {
    ...routes.orders,
    summary:
      "The shopper's orders, newest first, by short status and/or by tab of My orders (active = new and in progress)",
    auth: 'required',
    query: z.object({ status: z.optional(s.OrderStatusLabel), tab: z.optional(s.OrderTab), page: numberParam }),
    answer: s.OrderPage,
  },
  order: {
    ...routes.order,
    summary: 'One order',
    auth: 'required',
    answer: s.Order,
  },
  cancelOrder: {
    ...routes.cancelOrder,
    summary: 'Cancel an order not yet delivered (400 once delivered, returned or cancelled)',
    auth: 'required',
    answer: s.Order,
  },
  payOrder: {
    ...routes.payOrder,
    summary: 'A Payme or Click checkout link for an unpaid order, returning to the success page or the order page',
    auth: 'required',
    body: s.PayRequest,
    answer: s.PayAnswer,
  },
} as const satisfies Record<CallName, Call>;

export type Answer<N extends CallName> = (typeof calls)[N] extends { answer: infer A extends z.core.$ZodType }
  ? z.infer<A>
  : void;

type Def<N extends CallName> = (typeof calls)[N];
/** What a call takes as its body (multipart calls: the form's fields, or the FormData itself). */
export type BodyOf<N extends CallName> =
  Def<N> extends { body: infer B extends z.core.$ZodType }
    ? Def<N> extends { multipart: true }
      ? z.input<B> | FormData
      : z.input<B>
    : never;
/** What a call takes as its query string. */
export type QueryOf<N extends CallName> =
  Def<N> extends { query: infer Q extends z.core.$ZodType } ? z.input<Q> : never;
/** The `:name` parameters of a call's path. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNames<Rest> : never;
export type ParamsOf<N extends CallName> = Record<ParamNames<Def<N>['path']>, string | number>;

/** An answer checked against the contract (throws with the mismatch), for clients that validate. */
export function checkAnswer(name: CallName, data: unknown): unknown {
  const call: Call = calls[name];
  if (!call.answer) return data;
  const parsed = z.safeParse(call.answer, data);
  if (!parsed.success) {
    throw new Error(
      `Answer of ${call.method} ${call.path} does not match the contract: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}
