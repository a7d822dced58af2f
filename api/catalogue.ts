/** Read-only catalogue calls: products, categories, banners, stores, search. */
import type { Param } from './db.ts';
import type { AppContext } from './context.ts';
import { idParam, notFound, pageWindow, paged, type Handlers } from './http.ts';
import { createPresenter, type CategoryRow, type ProductRow, type ReviewRow, type StoreRow } from './present.ts';
import { inLanguage } from './seed-pictures.ts';
import type { Banners, Lang } from '#contract/schemas.ts';
import { searchForms } from '#contract/search-forms.ts';

const PAGE_SIZE = 20;
const RELATED = 8;
const TOP = 8;
const TOP_ALL = 40;

interface BannerRow {
  id: number;
  list: 'b' | 't';
  title_uz: string;
  title_ru: string;
  image: string;
  link: string | null;
}

type CatalogueCalls =
  | 'mainProducts'
  | 'product'
  | 'relatedProducts'
  | 'allProducts'
  | 'catalogue'
  | 'searchProducts'
  | 'searchSuggestions'
  | 'categories'
  | 'categoryProducts'
  | 'categoryBanners'
  | 'banners'
  | 'top'
  | 'topProducts'
  | 'stores'
  | 'store'
  | 'storeProducts';

export function catalogueHandlers(ctx: AppContext): Pick<Handlers, CatalogueCalls> {
  const { db } = ctx;

  const findProduct = (id: number) => {
    const row = db.get<ProductRow>('SELECT * FROM products WHERE id = ?', id);
    if (!row) throw notFound('Product not found.');
    return row;
  };
  const findStore = (address: string | undefined) => {
    const row = db.get<StoreRow>('SELECT * FROM stores WHERE address = ?', address ?? '');
    if (!row) throw notFound('Store not found.');
    return row;
  };
  const relatedIds = (p: ProductRow) =>
    p.category_id === null
      ? []
      : db
          .all<{ id: number }>(
            'SELECT id FROM products WHERE category_id = ? AND id != ? ORDER BY id LIMIT ?',
            p.category_id,
            p.id,
            RELATED,
          )
          .map((r) => r.id);

  /** One page of product summaries matching a fixed WHERE clause (never user text), in a fixed order. */
  const productPage = (url: URL, lang: Lang, where: string, params: Param[], order?: Match) => {
    const count = db.get<{ n: number }>(`SELECT count(*) AS n FROM products WHERE ${where}`, ...params)?.n ?? 0;
    const window = pageWindow(url, count, PAGE_SIZE);
    const rows = db.all<ProductRow>(
      `SELECT * FROM products WHERE ${where} ORDER BY ${order ? `${order.sql} DESC, length(search), ` : ''}id LIMIT ? OFFSET ?`,
      ...params,
      ...(order?.params ?? []),
      window.limit,
      window.offset,
    );
    return paged(url, count, window, rows.map(createPresenter(ctx, lang).summary));
  };

  const banners = (lang: Lang, where: string, params: Param[]): Banners => {
    const p = createPresenter(ctx, lang);
    const result: Banners = { b: [], t: [] };
    for (const row of db.all<BannerRow>(`SELECT * FROM banners WHERE ${where} ORDER BY position, id`, ...params)) {
      result[row.list].push({
        id: row.id,
        title: lang === 'ru' ? row.title_ru : row.title_uz,
        image: p.media(inLanguage(row.image, lang)),
        link: row.link,
      });
    }
    return result;
  };

  const topProducts = (lang: Lang, limit: number) =>
    db
      .all<ProductRow>('SELECT * FROM products WHERE top_rank IS NOT NULL ORDER BY top_rank LIMIT ?', limit)
      .map(createPresenter(ctx, lang).summary);

  return {
    mainProducts({ lang }) {
      const p = createPresenter(ctx, lang);
      return db
        .all<{ id: number; title_uz: string; title_ru: string }>('SELECT * FROM product_groups ORDER BY position, id')
        .map((g) => ({
          id: g.id,
          title: lang === 'ru' ? g.title_ru : g.title_uz,
          products: db
            .all<ProductRow>(
              'SELECT p.* FROM group_products g JOIN products p ON p.id = g.product_id WHERE g.group_id = ? ORDER BY g.position',
              g.id,
            )
            .map(p.summary),
        }));
    },

    product: ({ params, lang }) => createPresenter(ctx, lang).product(findProduct(idParam(params))),

    relatedProducts({ params, lang }) {
      const ids = relatedIds(findProduct(idParam(params)));
      return ids.map((id) => createPresenter(ctx, lang).summary(findProduct(id)));
    },

    allProducts: ({ url, lang }) => productPage(url, lang, '1', []),

    catalogue({ url, lang, query }) {
      const size = /^\d+$/.test(query.page_size ?? '') ? Math.min(1000, Math.max(1, Number(query.page_size))) : 100;
      const count = db.get<{ n: number }>('SELECT count(*) AS n FROM products')?.n ?? 0;
      const window = pageWindow(url, count, size);
      const p = createPresenter(ctx, lang);
      const rows = db.all<ProductRow>(
        'SELECT * FROM products ORDER BY id LIMIT ? OFFSET ?',
        window.limit,
        window.offset,
      );
      const results = rows.map((row) => ({
        ...p.product(row),
        latest_reviews: db
          .all<ReviewRow>(
            'SELECT * FROM reviews WHERE product_id = ? ORDER BY created_at DESC, id DESC LIMIT 3',
            row.id,
          )
          .map(p.review),
      }));
      return paged(url, count, window, results);
    },

    searchProducts({ url, lang, query }) {
      const match = searchMatch(query.q);
      if (!match) return { count: 0, next: null, previous: null, results: [] };
      return productPage(url, lang, match.any.sql, match.any.params, match.own);
    },

    searchSuggestions({ lang, query }) {
      const match = searchMatch(query.q);
      if (!match) return { products: [], categories: [], stores: [] };
      const p = createPresenter(ctx, lang);
      const { any, own } = match;
      const find = <Row>(table: string, limit: number, order = 'id') =>
        db.all<Row>(
          `SELECT * FROM ${table} WHERE ${any.sql} ORDER BY ${own.sql} DESC, length(search), ${order} LIMIT ${limit}`,
          ...any.params,
          ...own.params,
        );
      return {
        products: find<ProductRow>('products', 6).map(p.summary),
        categories: find<CategoryRow>('categories', 4, 'position, id').map(p.category),
        stores: find<StoreRow>('stores', 4).map(p.storeSummary),
      };
    },

    categories: ({ lang }) =>
      db.all<CategoryRow>('SELECT * FROM categories ORDER BY position, id').map(createPresenter(ctx, lang).category),

    categoryProducts({ url, lang, params }) {
      const id = idParam(params);
      if (!db.get('SELECT 1 FROM categories WHERE id = ?', id)) throw notFound('Category not found.');
      return productPage(url, lang, 'category_id = ?', [id]);
    },

    categoryBanners({ lang, params }) {
      const id = idParam(params);
      if (!db.get('SELECT 1 FROM categories WHERE id = ?', id)) throw notFound('Category not found.');
      return banners(lang, "kind = 'category' AND category_id = ?", [id]);
    },

    banners: ({ lang, query }) => banners(lang, 'kind = ?', [query.type]),

    top: ({ lang }) => topProducts(lang, TOP),
    topProducts: ({ lang }) => topProducts(lang, TOP_ALL),

    stores: ({ lang }) => db.all<StoreRow>('SELECT * FROM stores ORDER BY id').map(createPresenter(ctx, lang).store),
    store: ({ lang, params }) => createPresenter(ctx, lang).store(findStore(params['address'])),
    storeProducts({ url, lang, params }) {
      const store = findStore(params['address']);
      return productPage(url, lang, 'store_id = ?', [store.id]);
    },
  };
}

/** A WHERE expression over the `search` column with its parameters (the query's words, never SQL). */
interface Match {
  sql: string;
  params: Param[];
}

/** Words of one form looked at, at most: a longer query adds nothing but work. */
const MAX_WORDS = 8;

/**
 * Rows whose search text (searchDocument: titles as written and
 * folded) holds every word of one of the query's forms (#contract/search-forms.ts:
 * as typed, folded to Uzbek Latin, brands in Latin, on the other keyboard
 * layout); `own` marks the rows found without reading the query on the other
 * layout, listed first, shorter titles (closer matches) before longer ones.
 */
function searchMatch(q: string): { any: Match; own: Match } | null {
  const forms = searchForms(q);
  if (forms.length === 0) return null;
  const where = (list: typeof forms): Match => {
    const words = list.map((form) => form.text.split(' ').slice(0, MAX_WORDS));
    return {
      sql: `(${words.map((w) => `(${w.map(() => 'instr(search, ?) > 0').join(' AND ')})`).join(' OR ') || '0'})`,
      params: words.flat(),
    };
  };
  return { any: where(forms), own: where(forms.filter((form) => !form.swapped)) };
}
