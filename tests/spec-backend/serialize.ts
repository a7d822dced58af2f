/**
 * The answers' bodies, per dialect (settings.ts) and language. Only the fields §3 names are
 * written; where §3 names a field in prose only, the name chosen here is noted.
 */
import type { Attribute, Banner, Catalogue, Category, Feature, Lang, Product, Store, Text } from './catalogue.ts';
import type { Dialect } from './settings.ts';
import type { BasketItem, Comment, Favourite } from './state.ts';

export interface View {
  dialect: Dialect;
  lang: Lang;
  /** Scheme, host and port of the request: Django REST writes media and page links absolute. */
  origin: string;
  /** Where the pictures are: the origin itself, or a media host's. */
  mediaOrigin: string;
  catalogue: Catalogue;
}

type Json = Record<string, unknown>;

const loose = (view: View) => view.dialect === 'loose';
const say = (view: View, value: Text) => value[view.lang];
/** A picture on the media host; a value with a scheme of its own (the hostile catalogue's) as it is. */
const media = (view: View, path: string) => (/^[a-z]+:/i.test(path) ? path : `${view.mediaOrigin}/media/${path}`);

/** Money: a number, or Django REST's default for a DecimalField, a string with two decimals. */
const money = (view: View, value: number) => (loose(view) ? value.toFixed(2) : value);

/** The loose dialect adds fields the spec does not name to every object; a reader must ignore them. */
const extra = (view: View, body: Json, id?: number): Json =>
  loose(view) ? { ...body, created_at: '2026-01-15T09:30:00+05:00', is_active: true, sort_order: id ?? 0 } : body;

/** Products without photos: [] in plain; in loose, "" or null (one of each in the seed). */
const images = (view: View, paths: string[], id: number) => {
  if (!loose(view)) return paths.map((path) => media(view, path));
  if (paths.length) return paths.map((path) => media(view, path)).join(',');
  return id % 2 ? null : '';
};

/** In the loose dialect these products come with a null title (§3: the reader shows 'Unknown Product'). */
const untitled = new Set([18, 34]);

const attribute = (view: View, value: Attribute) =>
  extra(view, { name: say(view, value.name), value: say(view, value.value) });

const feature = (view: View, value: Feature, product: number) =>
  extra(
    view,
    {
      id: value.id,
      count: value.count,
      images: images(view, value.images, product),
      attributes: value.attributes.map((item) => attribute(view, item)),
    },
    value.id,
  );

export const category = (view: View, value: Category) =>
  extra(
    view,
    {
      id: value.id,
      name: say(view, value.name),
      // §3: a single value or a list (the first is used).
      image: loose(view) ? [media(view, value.image)] : media(view, value.image),
    },
    value.id,
  );

export const store = (view: View, value: Store) =>
  extra(
    view,
    {
      id: value.id,
      name: value.name,
      logo: media(view, value.logo),
      address: value.address,
      banner: media(view, value.banner),
      legal_name: value.legalName,
      orders_count: value.ordersCount,
      reviews_count: value.reviewsCount,
    },
    value.id,
  );

const lookUp = <T extends { id: number }>(list: T[], id: number): T => {
  const found = list.find((item) => item.id === id);
  if (!found) throw new Error(`seed: no entity ${id}`);
  return found;
};

export function product(view: View, value: Product): Json {
  const { categories, stores } = view.catalogue;
  return extra(
    view,
    {
      id: value.id,
      title: loose(view) && untitled.has(value.id) ? null : say(view, value.title),
      description: say(view, value.description),
      price: money(view, value.price),
      discount: value.discount,
      discount_price: value.discountPrice === null ? null : money(view, value.discountPrice),
      images: images(view, value.images, value.id),
      // §3 names the stock left only in prose ("stock left (units or kg)"): `count`, like a feature's.
      // Loose: a DecimalField with three places, as a stock kept in kg would be.
      count: loose(view) ? value.count.toFixed(3) : value.count,
      attributes: value.attributes.map((item) => attribute(view, item)),
      // §3: only features with count > 0 are kept by the reader; the loose dialect leaves the others in.
      features: value.features
        .filter((item) => loose(view) || item.count > 0)
        .map((item) => feature(view, item, value.id)),
      category: loose(view) ? value.categoryId : category(view, lookUp(categories, value.categoryId)),
      store: loose(view) ? value.storeId : store(view, lookUp(stores, value.storeId)),
    },
    value.id,
  );
}

/** §3: a main-products group is a products list; here with an id and a title too. */
export const group = (view: View, id: number, title: Text, products: Json[]) =>
  extra(view, { id, title: say(view, title), products }, id);

/** §3: a related product has id, title, price, images, discount, discount_price. */
export const related = (view: View, value: Product) =>
  extra(
    view,
    {
      id: value.id,
      title: loose(view) && untitled.has(value.id) ? null : say(view, value.title),
      price: money(view, value.price),
      images: images(view, value.images, value.id),
      discount: value.discount,
      discount_price: value.discountPrice === null ? null : money(view, value.discountPrice),
    },
    value.id,
  );

/** A banner: its link as `url`, or the product or category it names by id (a foreign key, as Django writes it). */
export const banner = (view: View, value: Banner) =>
  extra(
    view,
    {
      id: value.id,
      image: media(view, value.image),
      ...(value.url === undefined ? {} : { url: value.url }),
      ...(value.product === undefined ? {} : { product: value.product }),
      ...(value.category === undefined ? {} : { category: value.category }),
      alt: say(view, value.alt),
    },
    value.id,
  );

/** §3: a review has advantage, shortcoming, comment; `product` (an id) says what it is about. */
export const comment = (view: View, value: Comment) =>
  extra(
    view,
    {
      id: value.id,
      product: value.productId,
      ...(value.author === undefined ? {} : { author: value.author }),
      advantage: value.advantage,
      shortcoming: value.shortcoming,
      comment: value.comment,
    },
    value.id,
  );

/** §3: the server basket item is {id, product, quantity, feature, price}; plain nests, loose gives ids. */
export function basketItem(view: View, value: BasketItem): Json {
  const { productById, featureById } = view.catalogue;
  const item = productById.get(value.productId);
  const chosen = value.featureId === null ? undefined : featureById.get(value.featureId);
  if (!item) throw new Error(`basket item ${value.id}: no product ${value.productId}`);
  return extra(
    view,
    {
      id: value.id,
      product: loose(view) ? item.id : product(view, item),
      quantity: value.quantity,
      feature: chosen ? (loose(view) ? chosen.feature.id : feature(view, chosen.feature, item.id)) : null,
      // The unit price the item sells at: the discount price when there is one.
      price: money(view, item.discountPrice ?? item.price),
    },
    value.id,
  );
}

/** §3: a server favourite is {id, product} with the product's numeric id, in both dialects. */
export const favourite = (view: View, value: Favourite) =>
  extra(view, { id: value.id, product: value.productId }, value.id);

/** Envelopes the spec names ({user, time}, {b, t}, search's three lists) get the loose extras too. */
export const envelope = (view: View, body: Json) => extra(view, body);
