/**
 * The /api/v1 contract, once: every entity and payload the storefront and the
 * reference API exchange. Types are inferred from these schemas; the client
 * parses answers with them, the reference API validates payloads and answers
 * with them, and the OpenAPI document is generated from them.
 *
 * `zod/mini` keeps the browser bundle small (tree-shakable checks).
 */
import { z } from 'zod/mini';
import { LANGS } from './langs.ts';
import { BIRTH_DATE_MIN, LIMITS } from './limits.ts';
import { REVIEW_RATING } from './reviews.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, ORDER_TABS, PAY_RETURNS, PAYMENT_STATUSES } from './order-status.ts';
import { id, money, nullableString, text } from './schema-base.ts';
import { Address, DeliveryType } from './profile-schemas.ts';

export { BIRTH_DATE_MIN, LANGS, LIMITS, text };
export * from './profile-schemas.ts';
export const Lang = z.enum(LANGS);
export type Lang = z.infer<typeof Lang>;

/** Images come as an array, a comma-separated string, or nothing (spec §3). */
const ImageField = z.nullable(z.union([z.array(z.string()), z.string()]));

// ---------- catalogue ----------

export const Category = z.object({
  id,
  name: z.string(),
  /** A single value or a list; the first is used (spec §3). */
  image: ImageField,
});
export type Category = z.infer<typeof Category>;

const FeatureAttribute = z.object({
  /** Machine key: 'color' or 'memory' (or another attribute). */
  key: z.string(),
  /** Label in the request's language, e.g. 'Rang' / 'Цвет'. */
  name: z.string(),
  value: z.string(),
});

export const Feature = z.object({
  id,
  count: z.int().check(z.nonnegative()),
  /** Price of this variant when it differs from the product's; null means the product price. */
  price: z.nullable(money),
  images: ImageField,
  attributes: z.array(FeatureAttribute),
});
export type Feature = z.infer<typeof Feature>;

export const StoreSummary = z.object({
  id,
  name: z.string(),
  /** URL key of the store page: /{lang}/store/{address}. */
  address: z.string(),
  logo: nullableString,
  /** Street address shown to shoppers. */
  location: z.string(),
});
export type StoreSummary = z.infer<typeof StoreSummary>;

export const Store = z.extend(StoreSummary, {
  banner: nullableString,
  legal_name: z.string(),
  orders_count: z.int().check(z.nonnegative()),
  reviews_count: z.int().check(z.nonnegative()),
});
export type Store = z.infer<typeof Store>;

/**
 * An installment plan a product can be bought on: the term in
 * months and the markup on the price over the term. Not in the spec.
 */
export const InstallmentPlan = z.object({
  months: z.int().check(z.positive()),
  markup_percent: z.number().check(z.nonnegative()),
});
export type InstallmentPlan = z.infer<typeof InstallmentPlan>;

/** A product as lists, search, related products and basket lines show it. */
export const ProductSummary = z.object({
  id,
  title: nullableString,
  price: money,
  /** Percent off, or null. */
  discount: z.nullable(z.number()),
  discount_price: z.nullable(money),
  images: ImageField,
  rating: z.nullable(z.number()),
  reviews_count: z.int().check(z.nonnegative()),
  /**
   * Not in the spec: the product's installment plan, null when it
   * cannot be bought in installments; a backend that leaves it out lets the
   * storefront's configured plan apply (INSTALLMENT_MONTHS).
   */
  installment: z.optional(z.nullable(InstallmentPlan)),
  /**
   * Not in the spec: how many of the product's variants (features) are in
   * stock. A card of a product sold in variants opens its page for the
   * choice rather than adding one the shopper did not pick.
   */
  feature_count: z.optional(z.int().check(z.nonnegative())),
});
export type ProductSummary = z.infer<typeof ProductSummary>;

export const Product = z.extend(ProductSummary, {
  description: nullableString,
  /** Units (or kilograms when unit is 'kg') left in stock. */
  stock: z.number().check(z.nonnegative()),
  unit: z.enum(['pcs', 'kg']),
  warranty_years: z.int(),
  category: z.nullable(z.object({ id, name: z.string() })),
  store: z.nullable(StoreSummary),
  features: z.array(Feature),
  updated_at: z.string(),
});
export type Product = z.infer<typeof Product>;

/**
 * A product with what its static page needs besides itself, for build-time
 * bulk loading (GET /products/catalogue/): the latest reviews. Not in the spec;
 * a backend without it is loaded product by product. (Related products are not
 * built into pages: the product page reads them from the API.)
 */
export const CatalogueProduct = z.extend(Product, {
  latest_reviews: z.array(z.lazy(() => Review)),
});
export type CatalogueProduct = z.infer<typeof CatalogueProduct>;
export const CataloguePage = Paged(CatalogueProduct);

export const MainProductsGroup = z.object({
  id,
  title: z.string(),
  products: z.array(ProductSummary),
});
export type MainProductsGroup = z.infer<typeof MainProductsGroup>;

const Banner = z.object({
  id,
  title: z.string(),
  image: z.string(),
  /** Site path (without language prefix) or absolute URL the banner leads to. */
  link: nullableString,
});

/** Banners come in two lists, b and t (spec §3). */
export const Banners = z.object({ b: z.array(Banner), t: z.array(Banner) });
export type Banners = z.infer<typeof Banners>;
export const BannerType = z.enum(['phone', 'laptop']);
export type BannerType = z.infer<typeof BannerType>;

export const SearchSuggestions = z.object({
  products: z.array(ProductSummary),
  categories: z.array(Category),
  stores: z.array(StoreSummary),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;

/** DRF-style page: the page number is read from `next` (spec §3). */
function Paged<T extends z.core.$ZodType>(item: T) {
  return z.object({
    count: z.int().check(z.nonnegative()),
    next: nullableString,
    previous: nullableString,
    results: z.array(item),
  });
}
export const ProductPage = Paged(ProductSummary);
export type ProductPage = z.infer<typeof ProductPage>;

// ---------- reviews ----------

const ratingMessage = `Rating is ${REVIEW_RATING.min} to ${REVIEW_RATING.max}`;
const rating = z.int().check(z.minimum(REVIEW_RATING.min, ratingMessage), z.maximum(REVIEW_RATING.max, ratingMessage));

export const Review = z.object({
  id,
  product: id,
  author: z.string(),
  rating,
  advantage: z.string(),
  shortcoming: z.string(),
  comment: z.string(),
  images: z.array(z.string()),
  created_at: z.string(),
});
export type Review = z.infer<typeof Review>;

/** A delivered product the shopper has not reviewed yet ('pending evaluation'). */
export const RequiredComment = z.object({
  order: id,
  product: ProductSummary,
});
export type RequiredComment = z.infer<typeof RequiredComment>;

/** One of the shopper's own reviews ('rated'), with the product it is about. */
export const OwnReview = z.extend(Review, { product_summary: ProductSummary });
export type OwnReview = z.infer<typeof OwnReview>;

const reviewText = text(LIMITS.reviewText);
/** Fields of POST /comments/ (multipart; images are files, up to REVIEW_MAX_IMAGES, contract/reviews.ts). */
export const ReviewInput = z.object({
  product: id,
  rating,
  advantage: reviewText,
  shortcoming: reviewText,
  comment: reviewText,
});
export type ReviewInput = z.infer<typeof ReviewInput>;
export const ReviewUpdate = z.partial(z.omit(ReviewInput, { product: true }));
export type ReviewUpdate = z.infer<typeof ReviewUpdate>;

// ---------- users and sign-in ----------

/** Uzbek number with country code, sent with a leading plus: +998XXXXXXXXX. */
const UzPhone = z
  .string()
  .check(
    z.maxLength(13, 'Phone must be +998 and 9 digits'),
    z.regex(/^\+998\d{9}$/, 'Phone must be +998 and 9 digits'),
  );

/**
 * The device token a browser keeps after signing in: sent back with
 * the code request and verify, it lets the API tell the owner's browser from a
 * stranger's. Optional: a backend that implements spec §7 only ignores it.
 */
const DeviceToken = z.optional(z.string().check(z.maxLength(LIMITS.token, 'Not a device token')));
/** A pending sign-in: an integer, random rather than sequential (nobody finds one by counting), up to 2^53. */
const signInId = z
  .int()
  .check(
    z.positive('Must be a positive whole number'),
    z.lte(Number.MAX_SAFE_INTEGER, 'Must be a positive whole number'),
  );

/** A solved proof-of-work challenge (contract/proof.ts), once the API asked for one. */
const Proof = z.optional(
  z.object({
    challenge: z.string().check(z.maxLength(LIMITS.token, 'Not a challenge')),
    nonce: z.string().check(z.maxLength(LIMITS.numberParam, 'Not a nonce')),
  }),
);
export const AuthRequest = z.object({ phone_number: UzPhone, device: DeviceToken, proof: Proof });
export type AuthRequest = z.infer<typeof AuthRequest>;
export const AuthAnswer = z.object({
  /** The pending sign-in to name in /users/verify/ (no user exists before a code is verified). */
  user: signInId,
  time: z.number().check(z.positive()),
});
export type AuthAnswer = z.infer<typeof AuthAnswer>;
export const VerifyRequest = z.object({
  user: signInId,
  code: z.string().check(z.maxLength(4, 'Code is 4 characters'), z.regex(/^[A-Z0-9]{4}$/, 'Code is 4 characters')),
  device: DeviceToken,
});
export type VerifyRequest = z.infer<typeof VerifyRequest>;
export const Tokens = z.object({ access: z.string(), refresh: z.string() });
export type Tokens = z.infer<typeof Tokens>;
export const VerifyAnswer = z.object({
  data: Tokens,
  /** This browser's device token, to keep and send with later sign-ins (absent from a spec-only backend). */
  device: z.optional(z.string()),
});
export type VerifyAnswer = z.infer<typeof VerifyAnswer>;
export const RefreshRequest = z.object({
  refresh: z.string().check(z.minLength(1, 'Required'), z.maxLength(LIMITS.token, 'Not a refresh token')),
  /** The renewing browser's device token: a token renewed moments ago is answered again only to that browser. */
  device: DeviceToken,
});
export const RefreshAnswer = z.object({ access: z.string(), refresh: z.string() });

// ---------- basket ----------

export const BasketItem = z.object({
  id,
  product: ProductSummary,
  quantity: z.int().check(z.positive()),
  feature: z.nullable(Feature),
  /** Unit price of this line (feature price, else discount price, else price). */
  price: money,
});
export type BasketItem = z.infer<typeof BasketItem>;

export const AddToBasket = z.object({
  product: id,
  quantity: z
    .int()
    .check(
      z.minimum(1, 'Quantity is at least 1'),
      z.maximum(LIMITS.quantity, `Quantity is at most ${LIMITS.quantity}`),
    ),
  feature: z.optional(z.nullable(id)),
});
export type AddToBasket = z.infer<typeof AddToBasket>;

export const BasketQuantity = z.object({ item: id, action: z.enum(['increase', 'decrease']) });
export type BasketQuantity = z.infer<typeof BasketQuantity>;

const tooManyItems = `At most ${LIMITS.items} items at once`;
export const BasketDeleteMany = z.object({
  items: z.array(id).check(z.minLength(1, 'Name at least one item'), z.maxLength(LIMITS.items, tooManyItems)),
});
export type BasketDeleteMany = z.infer<typeof BasketDeleteMany>;
export const Deleted = z.object({ deleted: z.int().check(z.nonnegative()) });

// ---------- favourites ----------

export const Favourite = z.object({ id, product: id });
export type Favourite = z.infer<typeof Favourite>;
export const AddFavourite = z.object({ product: id });

// ---------- orders and payment ----------

/** The fuller order flow of the help text (spec §4); the rules over it live in order-status.ts. */
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;
/** The short labels shown for an order (spec §4). */
export const OrderStatusLabel = z.enum(ORDER_STATUS_LABELS);
export type OrderStatusLabel = z.infer<typeof OrderStatusLabel>;
/** The tabs of My orders: all, cancelled, delivered, active (new and in progress). */
export const OrderTab = z.enum(ORDER_TABS);

export const PaymentMethod = z.enum(['payme', 'click', 'mastercard', 'card', 'cash', 'installment']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
/** Methods paid on a provider's page right after ordering: Payme, Click and the card acquirer (MasterCard, online card). */
export const OnlinePaymentMethod = z.enum(['payme', 'click', 'mastercard', 'card']);
export type OnlinePaymentMethod = z.infer<typeof OnlinePaymentMethod>;

/**
 * Whether the order's money came: unpaid, paid, and for a paid order that was
 * cancelled, refund_pending until the money is back with the shopper, then
 * refunded (a spec-only backend answers only paid and unpaid).
 */
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

const OrderItem = z.object({
  id,
  product: ProductSummary,
  quantity: z.int().check(z.positive()),
  price: money,
  feature: z.nullable(Feature),
});

export const Order = z.object({
  id,
  number: z.string(),
  status: OrderStatus,
  status_label: OrderStatusLabel,
  payment_method: PaymentMethod,
  payment_status: PaymentStatus,
  delivery_type: DeliveryType,
  delivery_date: z.string(),
  customer_name: z.string(),
  customer_phone: z.string(),
  address: Address,
  /** What the shopper pays: the lines, plus the delivery fee when there is one. */
  price: money,
  /**
   * What delivery cost (0: free, as on the first order). Not in the spec: a
   * backend without it leaves it out, and the storefront then shows none.
   */
  delivery_fee: z.optional(money),
  count: z.int().check(z.nonnegative()),
  items: z.array(OrderItem),
  receipt: z.object({ sales: nullableString, return: nullableString }),
  created_at: z.string(),
});
export type Order = z.infer<typeof Order>;
export const OrderPage = Paged(Order);
export type OrderPage = z.infer<typeof OrderPage>;

export const PlaceOrder = z.object({
  /** Basket item ids to order; they leave the basket. */
  items: z.array(id).check(z.minLength(1, 'Choose at least one basket item'), z.maxLength(LIMITS.items, tooManyItems)),
  address: Address,
  payment_method: PaymentMethod,
  customer_name: z
    .string()
    .check(
      z.minLength(1, 'Name is required'),
      z.maxLength(LIMITS.customerName, `At most ${LIMITS.customerName} characters`),
    ),
  customer_phone: UzPhone,
});
export type PlaceOrder = z.infer<typeof PlaceOrder>;

/**
 * What delivery costs the signed-in shopper (GET /orders/delivery/): nothing on
 * their first order (spec: free delivery on the first order), else the fee of
 * the address's area. Not in the spec: a backend without it answers 404, and
 * checkout then shows no delivery cost.
 */
export const DeliveryQuote = z.object({ fee: money, first_order: z.boolean() });
export type DeliveryQuote = z.infer<typeof DeliveryQuote>;

export const PayRequest = z.object({
  method: OnlinePaymentMethod,
  /** The storefront page the payment returns to (default: the checkout's success page). */
  return_to: z.optional(z.enum(PAY_RETURNS)),
});
/** The payment methods the shop takes now: an online one only while its provider is configured. */
export const PaymentMethods = z.object({ methods: z.array(PaymentMethod) });
export type PaymentMethods = z.infer<typeof PaymentMethods>;
export const PayAnswer = z.object({ payment_url: z.string() });
export type PayAnswer = z.infer<typeof PayAnswer>;

// ---------- errors ----------

/** Every error answer: a message, and for 400 the messages per field. */
export const ErrorBody = z.object({
  detail: z.string(),
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  /** Seconds until a throttled call may be repeated (429). */
  retry_after: z.optional(z.int()),
  /** A code request answered 428: the proof of work to solve and send with it again (contract/proof.ts). */
  challenge: z.optional(z.object({ token: z.string(), bits: z.int() })),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
