import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, calls, type Call } from '#contract/calls.ts';
import { ErrorBody } from '#contract/schemas.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ products: 40 });
});
afterAll(() => api.stop());

const expect404 = async (path: string, detail?: RegExp) => {
  const res = await api.call(path);
  expect(res.status).toBe(404);
  const body = ErrorBody.parse(res.body);
  if (detail) expect(body.detail).toMatch(detail);
};

describe('catalogue reads', () => {
  it('main products, top and top-products', async () => {
    const groups = calls.mainProducts.answer.parse((await api.call('/products/main-products/')).body);
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(groups.some((g) => g.products.length > 0)).toBe(true);
    expect(calls.top.answer.parse((await api.call('/products/top/')).body)).toHaveLength(8);
    const all = calls.topProducts.answer.parse((await api.call('/products/top-products/')).body);
    expect(all.length).toBeGreaterThan(8);
    expect(all.length).toBeLessThanOrEqual(40);
  });

  it('a product with all its features, absolute media URLs, and 404s', async () => {
    const product = calls.product.answer.parse((await api.call('/products/product/1/')).body);
    expect(product.id).toBe(1);
    expect(product.category).not.toBeNull();
    const images =
      product.images === null ? [] : Array.isArray(product.images) ? product.images : product.images.split(',');
    for (const url of images)
      expect(url).toMatch(new RegExp(`^http://localhost:${api.server.port}/media/products/[a-z]+/[a-z]+-\\d\\.webp$`));
    await expect404('/products/product/99999/', /not found/i);
    await expect404('/products/product/abc/');
    await expect404('/products/product/0/');
    await expect404('/products/related-products/99999/');
    const related = calls.relatedProducts.answer.parse((await api.call('/products/related-products/1/')).body);
    expect(related.length).toBeLessThanOrEqual(8);
    expect(related.map((p) => p.id)).not.toContain(1);
  });

  it('a listed product says how many of its variants are in stock, as its own answer has them', async () => {
    const listed = calls.allProducts.answer.parse((await api.call('/products/all-products/?page_size=40')).body);
    const counts = listed.results.map((p) => p.feature_count);
    expect(counts.some((n) => n! > 1) && counts.includes(0)).toBe(true);
    for (const summary of listed.results) {
      const product = calls.product.answer.parse((await api.call(`/products/product/${summary.id}/`)).body);
      const inStock = product.features.filter((f) => f.count > 0).length;
      expect([summary.feature_count, product.feature_count], `product ${summary.id}`).toEqual([inStock, inStock]);
    }
  });

  it('seeds the sanitiser test product', async () => {
    const { body } = await api.call('/products/product/7/');
    expect(body.description).toContain('<script>alert(1)</script>');
    expect(body.description).toContain('onerror=alert(1)');
  });

  it('pages all products DRF-style with absolute links and 404 past the end', async () => {
    const first = calls.allProducts.answer.parse((await api.call('/products/all-products/')).body);
    expect(first.count).toBe(40);
    expect(first.results).toHaveLength(20);
    expect(first.previous).toBeNull();
    expect(first.next).toBe(`${api.base}/products/all-products/?page=2`);
    const second = calls.allProducts.answer.parse((await api.call(first.next ?? '')).body);
    expect(second.next).toBeNull();
    expect(second.previous).toBe(`${api.base}/products/all-products/`);
    expect(second.results[0]?.id).toBe(21);
    await expect404('/products/all-products/?page=3', /Invalid page/);
    await expect404('/products/all-products/?page=x', /Invalid page/);
  });

  it('serves the whole catalogue with related ids and latest reviews', async () => {
    const page = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=1000')).body);
    expect(page.count).toBe(40);
    expect(page.results).toHaveLength(40);
    expect(page.next).toBeNull();
    expect(page.results.every((p) => p.latest_reviews.length <= 3)).toBe(true);
    const small = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=15')).body);
    expect(small.results).toHaveLength(15);
    expect(small.next).toContain('page=2');
    expect(small.next).toContain('page_size=15');
  });

  it('categories, category products and category banners', async () => {
    const categories = calls.categories.answer.parse((await api.call('/products/categories/')).body);
    expect(categories.length).toBeGreaterThanOrEqual(12);
    // Exactly the seeded products of category 1, by id (one page holds them all).
    const catalogue = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=1000')).body);
    const inCategory = catalogue.results
      .filter((p) => p.category?.id === 1)
      .map((p) => p.id)
      .sort((a, b) => a - b);
    expect(inCategory.length).toBeGreaterThan(0);
    expect(inCategory.length).toBeLessThanOrEqual(20);
    const products = calls.categoryProducts.answer.parse((await api.call('/products/category-products/1/')).body);
    expect(products.count).toBe(inCategory.length);
    expect(products.results.map((p) => p.id)).toEqual(inCategory);
    await expect404('/products/category-products/999/', /category/i);
    const banners = calls.categoryBanners.answer.parse((await api.call('/products/banners/1/')).body);
    expect(banners.b.length + banners.t.length).toBeGreaterThan(0);
    await expect404('/products/banners/999/');
  });

  it('home banners by type; other types are 400', async () => {
    for (const type of ['phone', 'laptop']) {
      const banners = calls.banners.answer.parse((await api.call(`/banners/?type=${type}`)).body);
      expect(banners.b.length).toBeGreaterThan(0);
      expect(banners.t.length).toBeGreaterThan(0);
    }
    for (const query of ['?type=tablet', '']) {
      const res = await api.call(`/banners/${query}`);
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).errors?.['type']).toBeDefined();
    }
  });

  it('a banner’s headline is in the language asked for: one picture per language, a path without one draws both', async () => {
    const pictureOf = async (lang: 'uz' | 'ru') => {
      const { b } = calls.banners.answer.parse((await api.call('/banners/?type=laptop', { lang })).body);
      return b[0]!.image;
    };
    const [uz, ru] = [await pictureOf('uz'), await pictureOf('ru')];
    expect(uz).toMatch(/\/media\/banners\/home-laptop-b-1\.uz\.webp$/);
    expect(ru).toBe(uz.replace('.uz.webp', '.ru.webp'));
    const bytes = async (url: string) => {
      const res = await fetch(url);
      expect(res.headers.get('content-type'), url).toBe('image/webp');
      return Buffer.from(await res.arrayBuffer());
    };
    const [uzBytes, ruBytes, bothBytes] = await Promise.all([
      bytes(uz),
      bytes(ru),
      bytes(uz.replace('.uz.webp', '.webp')),
    ]);
    expect(uzBytes.equals(ruBytes) || uzBytes.equals(bothBytes) || ruBytes.equals(bothBytes)).toBe(false);
    const store = calls.store.answer.parse((await api.call('/stores/texnomart-qarshi/', { lang: 'ru' })).body);
    expect(store.banner).toMatch(/-banner\.ru\.webp$/);
    expect(store.logo).toMatch(/-logo\.webp$/);
    for (const path of [
      'stores/texnomart-qarshi-logo.ru.webp',
      'products/phone/red-1.ru.webp',
      'banners/home-laptop-b-1.en.webp',
    ])
      expect((await fetch(`${api.server.url}/media/${path}`)).status, path).toBe(404);
  });

  it('stores, a store by address and its products', async () => {
    const stores = calls.stores.answer.parse((await api.call('/stores/')).body);
    expect(stores.length).toBeGreaterThanOrEqual(6);
    const store = calls.store.answer.parse((await api.call('/stores/texnomart-qarshi/')).body);
    expect(store.legal_name).toBe('"TEXNOMART" MChJ');
    expect(store.location).toMatch(/Qarshi/);
    calls.storeProducts.answer.parse((await api.call('/stores/texnomart-qarshi/products/')).body);
    await expect404('/stores/nowhere/', /store/i);
    await expect404('/stores/nowhere/products/');
  });

  it('switches names with Accept-Language', async () => {
    const uz = calls.categories.answer.parse((await api.call('/products/categories/')).body);
    const ru = calls.categories.answer.parse(
      (await api.call('/products/categories/', { lang: 'ru-RU,ru;q=0.9' })).body,
    );
    const uzExplicit = calls.categories.answer.parse((await api.call('/products/categories/', { lang: 'uz' })).body);
    expect(uz[0]?.name).toBe('Smartfonlar');
    expect(ru[0]?.name).toBe('Смартфоны');
    expect(uzExplicit[0]?.name).toBe('Smartfonlar');
    const ruProduct = calls.product.answer.parse((await api.call('/products/product/2/', { lang: 'ru' })).body);
    const uzProduct = calls.product.answer.parse(
      (await api.call('/products/product/2/', { lang: 'en-US,uz;q=0.5' })).body,
    );
    expect(ruProduct.title).not.toBe(uzProduct.title);
    const ruGroups = calls.mainProducts.answer.parse((await api.call('/products/main-products/', { lang: 'ru' })).body);
    expect(ruGroups[0]?.title).toBe('Новинки');
  });

  it('searches both languages, case-insensitively, with any Uzbek apostrophe', async () => {
    const categories = calls.categories.answer.parse((await api.call('/products/categories/')).body);
    expect(categories.map((c) => c.name)).toContain('Oʻyin konsollari');
    for (const q of ["o'yin konsollari", 'Oʻyin', 'o‘yin', 'o`yin', 'O’YIN', 'игровые']) {
      const res = calls.searchSuggestions.answer.parse(
        (await api.call(`/products/search/?q=${encodeURIComponent(q)}`)).body,
      );
      expect(
        res.categories.map((c) => c.id),
        q,
      ).toContain(11);
    }
    // A game console ("Oʻyin konsoli ..." / "Игровая консоль ...") is found whichever way it is spelled.
    const all = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=1000')).body);
    const gameConsole = all.results.find((p) => p.title?.startsWith('Oʻyin konsoli'));
    expect(gameConsole, 'the seed has a game console').toBeDefined();
    for (const q of ["o'yin konsoli", 'oʻyin konsoli', 'ИГРОВАЯ КОНСОЛЬ']) {
      const page = calls.searchProducts.answer.parse(
        (await api.call(`/products/search-product/?q=${encodeURIComponent(q)}`)).body,
      );
      expect(
        page.results.map((p) => p.id),
        q,
      ).toContain(gameConsole!.id);
    }
    const stores = calls.searchSuggestions.answer.parse((await api.call('/products/search/?q=texno')).body);
    expect(stores.stores[0]?.address).toBe('texnomart-qarshi');
    const suggestions = calls.searchSuggestions.answer.parse((await api.call('/products/search/?q=a')).body);
    expect(suggestions.products.length).toBeLessThanOrEqual(6);
    expect(suggestions.categories.length).toBeLessThanOrEqual(4);
    expect(suggestions.stores.length).toBeLessThanOrEqual(4);
    const blank = calls.searchProducts.answer.parse((await api.call('/products/search-product/?q=%20')).body);
    expect(blank.count).toBe(0);
    expect((await api.call('/products/search-product/')).status).toBe(400);
  });

  it('product comments: the reviews, and [] for a bad token', async () => {
    const page = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=100')).body);
    const reviewed = page.results.find((p) => p.reviews_count > 0);
    expect(reviewed).toBeDefined();
    const reviews = calls.productComments.answer.parse((await api.call(`/product-comments/${reviewed?.id}/`)).body);
    expect(reviews).toHaveLength(reviewed?.reviews_count ?? -1);
    const dates = reviews.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const bad = await api.call(`/product-comments/${reviewed?.id}/`, { token: 'expired.or.garbage' });
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual([]);
    await expect404('/product-comments/99999/');
  });
});

describe('plumbing', () => {
  it('unknown routes are 404 JSON', async () => {
    await expect404('/nope/');
    const res = await fetch(`${api.server.url}/elsewhere`);
    expect(res.status).toBe(404);
    ErrorBody.parse(await res.json());
  });

  it("allows CORS from the site's own origin with the needed headers, and from no other", async () => {
    const preflight = (origin: string) =>
      fetch(`${api.base}/products/categories/`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type,accept-language',
        },
      });
    const res = await preflight('http://localhost:4321');
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('accept-language');
    expect((await preflight('https://bozor.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the seeded pictures as WebP with long caching, drawn once and kept in the data dir', async () => {
    const url = `${api.server.url}/media/products/phone/red-2.webp`;
    const [a, b] = await Promise.all([fetch(url), fetch(url)]);
    expect(a.headers.get('content-type')).toBe('image/webp');
    expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await a.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(Buffer.from(await b.arrayBuffer()).equals(bytes)).toBe(true);
    expect(readFileSync(join(api.dataDir, 'pictures/products/phone/red-2.webp')).equals(bytes)).toBe(true);
    const other = Buffer.from(await (await fetch(`${api.server.url}/media/products/phone/blue-2.webp`)).arrayBuffer());
    expect(other.equals(bytes)).toBe(false);
    for (const path of [
      'products/unicorn/red-1.webp',
      'products/phone/mauve-1.webp',
      'products/phone/red-9.webp',
      'products/12-1.svg',
    ])
      expect((await fetch(`${api.server.url}/media/${path}`)).status, path).toBe(404);
    expect((await fetch(`${api.server.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${api.server.url}/media/uploads/../bozor.sqlite`)).status).toBe(404);
  });

  it('scales a picture down to the width a srcset asks for, never up, and kept like the full one', async () => {
    const widthAt = async (query: string) => {
      const res = await fetch(`${api.server.url}/media/products/laptop/blue-1.webp${query}`);
      expect(res.headers.get('content-type')).toBe('image/webp');
      return (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;
    };
    expect(await widthAt('')).toBe(640);
    expect(await widthAt('?w=240')).toBe(240);
    expect(await widthAt('?w=480')).toBe(480);
    expect(await widthAt('?w=720')).toBe(640);
    expect(readFileSync(join(api.dataDir, 'pictures/products/laptop/blue-1.webp.w240')).length).toBeGreaterThan(0);
    // A width off the steps gets the full picture: a few sizes a picture, whatever is asked.
    expect(await widthAt('?w=241')).toBe(640);
    expect(await widthAt('?w=abc')).toBe(640);
  });

  it('serves an OpenAPI 3.1 document listing every call', async () => {
    const { status, body } = await api.call('/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    for (const [name, call] of Object.entries(calls as Record<string, Call>)) {
      const path = API_PREFIX + call.path.replace(/:(\w+)/g, '{$1}');
      const op = body.paths[path]?.[call.method.toLowerCase()];
      expect(op, `${name} ${path}`).toBeDefined();
      expect(op.operationId).toBe(name);
      if (call.auth === 'required') expect(op.security).toEqual([{ bearerAuth: [] }]);
    }
    expect(body.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
  });
});
