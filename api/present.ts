/** Database rows → contract shapes, in the request's language with absolute media URLs. */
import type { AppContext } from './context.ts';
import type * as s from '#contract/schemas.ts';
import { payablePrice } from '#contract/price.ts';
import { inLanguage } from './seed-pictures.ts';

export interface ProductRow {
  id: number;
  title_uz: string | null;
  title_ru: string | null;
  description_uz: string | null;
  description_ru: string | null;
  price: number;
  discount: number | null;
  discount_price: number | null;
  images: string | null;
  stock: number;
  unit: 'pcs' | 'kg';
  warranty_years: number;
  category_id: number | null;
  store_id: number | null;
  rating: number | null;
  reviews_count: number;
  updated_at: string;
}
export interface FeatureRow {
  id: number;
  product_id: number;
  count: number;
  price: number | null;
  images: string | null;
  attributes: string;
}
export interface StoreRow {
  id: number;
  name_uz: string;
  name_ru: string;
  address: string;
  logo: string | null;
  banner: string | null;
  location_uz: string;
  location_ru: string;
  legal_name: string;
  orders_count: number;
}
export interface CategoryRow {
  id: number;
  name_uz: string;
  name_ru: string;
  image: string | null;
}
export interface ReviewRow {
  id: number;
  product_id: number;
  author: string;
  rating: number;
  advantage: string;
  shortcoming: string;
  comment: string;
  images: string;
  created_at: string;
}
export interface StoredAttribute {
  key: string;
  name_uz: string;
  name_ru: string;
  value_uz: string;
  value_ru: string;
}

export function createPresenter(ctx: AppContext, lang: s.Lang) {
  const { db } = ctx;
  const media = (path: string) => (/^https?:\/\//.test(path) ? path : `${ctx.publicUrl}/media/${path}`);
  /** Stored JSON keeps the three image shapes (array, comma string, null) of spec §3. */
  const images = (json: string | null): string[] | string | null => {
    const value = json === null ? null : (JSON.parse(json) as string[] | string | null);
    if (value === null) return null;
    if (typeof value === 'string') return value.split(',').map(media).join(',');
    return value.map(media);
  };
  const pick = (uz: string | null, ru: string | null) => (lang === 'ru' ? (ru ?? uz) : (uz ?? ru));

  /** A product as lists show it, with how many of its variants are in stock. */
  const listed = (p: ProductRow, featuresInStock: number): s.ProductSummary => ({
    id: p.id,
    title: pick(p.title_uz, p.title_ru),
    price: p.price,
    discount: p.discount,
    discount_price: p.discount_price,
    images: images(p.images),
    rating: p.rating === null ? null : Math.round(p.rating * 10) / 10,
    reviews_count: p.reviews_count,
    installment: installmentPlan(p),
    feature_count: featuresInStock,
  });

  const summary = (p: ProductRow): s.ProductSummary =>
    listed(
      p,
      db.get<{ n: number }>('SELECT count(*) AS n FROM features WHERE product_id = ? AND count > 0', p.id)?.n ?? 0,
    );

  const feature = (f: FeatureRow): s.Feature => ({
    id: f.id,
    count: f.count,
    price: f.price,
    images: images(f.images),
    attributes: (JSON.parse(f.attributes) as StoredAttribute[]).map((a) => ({
      key: a.key,
      name: lang === 'ru' ? a.name_ru : a.name_uz,
      value: lang === 'ru' ? a.value_ru : a.value_uz,
    })),
  });

  const storeSummary = (st: StoreRow): s.StoreSummary => ({
    id: st.id,
    name: pick(st.name_uz, st.name_ru) ?? '',
    address: st.address,
    logo: st.logo === null ? null : media(st.logo),
    location: pick(st.location_uz, st.location_ru) ?? '',
  });

  const store = (st: StoreRow): s.Store => {
    const reviews = db.get<{ n: number }>(
      'SELECT count(*) AS n FROM reviews r JOIN products p ON p.id = r.product_id WHERE p.store_id = ?',
      st.id,
    );
    return {
      ...storeSummary(st),
      banner: st.banner === null ? null : media(inLanguage(st.banner, lang)),
      legal_name: st.legal_name,
      orders_count: st.orders_count,
      reviews_count: reviews?.n ?? 0,
    };
  };

  const category = (c: CategoryRow): s.Category => ({
    id: c.id,
    name: pick(c.name_uz, c.name_ru) ?? '',
    image: images(c.image),
  });

  const product = (p: ProductRow): s.Product => {
    const cat =
      p.category_id === null ? undefined : db.get<CategoryRow>('SELECT * FROM categories WHERE id = ?', p.category_id);
    const st = p.store_id === null ? undefined : db.get<StoreRow>('SELECT * FROM stores WHERE id = ?', p.store_id);
    const features = db.all<FeatureRow>('SELECT * FROM features WHERE product_id = ? ORDER BY id', p.id);
    return {
      ...listed(p, features.filter((f) => f.count > 0).length),
      description: pick(p.description_uz, p.description_ru),
      stock: p.stock,
      unit: p.unit,
      warranty_years: p.warranty_years,
      category: cat ? { id: cat.id, name: category(cat).name } : null,
      store: st ? storeSummary(st) : null,
      features: features.map(feature),
      updated_at: p.updated_at,
    };
  };

  const review = (r: ReviewRow): s.Review => ({
    id: r.id,
    product: r.product_id,
    author: r.author,
    rating: r.rating,
    advantage: r.advantage,
    shortcoming: r.shortcoming,
    comment: r.comment,
    images: (JSON.parse(r.images) as string[]).map(media),
    created_at: r.created_at,
  });

  return { media, images, summary, feature, storeSummary, store, category, product, review };
}

/** Goods by the piece from this price (soʻm) can be bought in installments at the reference API. */
const INSTALLMENT_FROM = 300_000;

/**
 * The reference API's installment plans: goods by the piece from
 * 300 000 soʻm, 12 months at a 20% markup from 1 000 000 soʻm, else 6 months
 * at 10%; none for goods sold by the kilogram or cheaper ones.
 */
function installmentPlan(p: Pick<ProductRow, 'price' | 'discount_price' | 'unit'>): s.InstallmentPlan | null {
  const price = payablePrice(p);
  if (p.unit !== 'pcs' || price < INSTALLMENT_FROM) return null;
  return price >= 1_000_000 ? { months: 12, markup_percent: 20 } : { months: 6, markup_percent: 10 };
}
