/**
 * The spec-only backend keeps Django REST's conventions and §7's shapes, in both dialects:
 * paging, 404/405, auth and tokens, the basket, favourites, reviews, banners and media.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSpecBackend, type SpecBackend } from './server.ts';

interface Call {
  method?: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  lang?: string;
}

interface Reply {
  status: number;
  headers: Headers;
  // The tests read whatever the backend wrote; the shapes are what they check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function call(backend: SpecBackend, path: string, options: Call = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'Accept-Language': options.lang ?? 'uz' };
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['Content-Type'] = 'application/json';
  const base = path.startsWith('/__test/') || path.startsWith('/media/') ? backend.origin : backend.api;
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET'),
    headers,
    body: options.form ?? (options.json === undefined ? null : JSON.stringify(options.json)),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** Signs in through §7's calls, reading the code from the test-only route. */
async function signIn(backend: SpecBackend, phone = '+998901234567'): Promise<string> {
  const sent = await call(backend, '/users/auth/', { json: { phone_number: phone } });
  const { body } = await call(backend, `/__test/code?phone=${encodeURIComponent(phone)}`);
  const verified = await call(backend, '/users/verify/', { json: { code: body.code, user: sent.body.user } });
  return verified.body.data.access;
}

let plain: SpecBackend;
let loose: SpecBackend;

beforeAll(async () => {
  [plain, loose] = await Promise.all([startSpecBackend(), startSpecBackend({ dialect: 'loose' })]);
});
afterAll(() => Promise.all([plain.close(), loose.close()]));
beforeEach(() => {
  plain.state.reset();
  loose.state.reset();
});

describe('paging (Django REST PageNumberPagination)', () => {
  it('pages by 20 with absolute next/previous links; the first page has no page parameter', async () => {
    const first = await call(plain, '/products/all-products/');
    expect(first.body).toMatchObject({ count: 40, previous: null, next: `${plain.api}/products/all-products/?page=2` });
    expect(first.body.results).toHaveLength(20);
    const second = await call(plain, '/products/all-products/?page=2');
    expect(second.body).toMatchObject({ next: null, previous: `${plain.api}/products/all-products/` });
    expect(second.body.results.map((p: { id: number }) => p.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 21));
  });

  it('answers 404 "Invalid page." past the last page or for a page that is not a number', async () => {
    for (const page of ['3', '0', 'x']) {
      expect(await call(plain, `/products/all-products/?page=${page}`)).toMatchObject({
        status: 404,
        body: { detail: 'Invalid page.' },
      });
    }
  });

  it('keeps the query in the links, and takes the page size and catalogue size as settings', async () => {
    const big = await startSpecBackend({ pageSize: 5, products: 120 });
    try {
      const found = await call(big, '/products/search-product/?q=samsung');
      expect(found.body.count).toBe(12);
      expect(found.body.results).toHaveLength(5);
      expect(found.body.next).toBe(`${big.api}/products/search-product/?page=2&q=samsung`);
      const last = await call(big, '/products/search-product/?q=samsung&page=3');
      expect(last.body).toMatchObject({ next: null, previous: `${big.api}/products/search-product/?page=2&q=samsung` });
      expect((await call(big, '/products/category-products/1/')).body.count).toBe(21);
      expect((await call(big, '/products/product/120/')).body.title).toBe('Jinsi shim (3)');
    } finally {
      await big.close();
    }
  });

  it('lists a category by page, and 404 for a category that does not exist', async () => {
    const phones = await call(plain, '/products/category-products/1/');
    expect(phones.body).toMatchObject({ count: 7, next: null, previous: null });
    expect(phones.body.results.every((p: { category: { id: number } }) => p.category.id === 1)).toBe(true);
    expect((await call(plain, '/products/category-products/99/')).status).toBe(404);
  });
});

describe('only the calls of §7', () => {
  it('answers 404 {"detail": "Not found."} for any other path, unknown id or missing trailing slash', async () => {
    const paths = [
      '/stores/',
      '/orders/',
      '/users/profile/',
      '/users/token/refresh/',
      '/delivery/quote/',
      '/products/product/999/',
      '/products/product/abc/',
      '/products/product/1',
      '/',
    ];
    for (const path of paths) {
      const reply = await call(plain, path);
      expect([path, reply.status, reply.body]).toEqual([path, 404, { detail: 'Not found.' }]);
    }
    const outside = await fetch(`${plain.origin}/anything`);
    expect([outside.status, await outside.json()]).toEqual([404, { detail: 'Not found.' }]);
  });

  it('answers 405 with an Allow header for a known path asked with another method', async () => {
    const patched = await call(plain, '/products/categories/', { method: 'PATCH' });
    expect(patched).toMatchObject({ status: 405, body: { detail: 'Method "PATCH" not allowed.' } });
    expect(patched.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const read = await call(plain, '/orders/add-basket/');
    expect(read).toMatchObject({ status: 405, body: { detail: 'Method "GET" not allowed.' } });
    expect((await call(plain, '/comments/1/')).status).toBe(405);
  });

  it('lets a browser storefront on another origin call, token header included', async () => {
    const preflight = await fetch(`${plain.api}/orders/basket/`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4321',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
  });
});

describe('the plain dialect', () => {
  it('writes a product with numbers, arrays and nested category and store', async () => {
    const { body } = await call(plain, '/products/product/3/');
    expect(body).toEqual({
      id: 3,
      title: 'iPhone 15',
      description: expect.any(String),
      price: 12_500_000,
      discount: 5,
      discount_price: 11_875_000,
      images: [1, 2, 3].map((n) => `${plain.origin}/media/products/3-${n}.png`),
      count: 10,
      attributes: [
        { name: 'Brend', value: 'iPhone' },
        { name: 'Kafolat', value: '1 yil' },
      ],
      features: [301, 302, 304].map((id) => ({
        id,
        count: expect.any(Number),
        images: [`${plain.origin}/media/products/3-f${id}.png`],
        attributes: expect.any(Array),
      })),
      category: { id: 1, name: 'Smartfonlar', image: `${plain.origin}/media/categories/1.png` },
      store: {
        id: 1,
        name: 'Texno Qarshi',
        logo: `${plain.origin}/media/stores/1-logo.png`,
        address: 'texno-qarshi',
        banner: `${plain.origin}/media/stores/1-banner.png`,
        legal_name: '"Texno Qarshi" MChJ',
        orders_count: 1240,
        reviews_count: 318,
      },
    });
  });

  it('has products without features, without a discount, without photos, and one sold out', async () => {
    const nokia = (await call(plain, '/products/product/7/')).body;
    expect(nokia).toMatchObject({ features: [], discount: 0, discount_price: null });
    expect((await call(plain, '/products/product/28/')).body.images).toEqual([]);
    expect((await call(plain, '/products/product/21/')).body).toMatchObject({ count: 0, features: [] });
  });

  it('speaks the language of Accept-Language (uz by default)', async () => {
    const ru = await call(plain, '/products/categories/', { lang: 'ru-RU,ru;q=0.9,en;q=0.8' });
    expect(ru.body[0].name).toBe('Смартфоны');
    expect(ru.headers.get('content-language')).toBe('ru');
    expect((await call(plain, '/products/categories/', { lang: 'en' })).body[0].name).toBe('Smartfonlar');
    const dress = await call(plain, '/products/product/36/', { lang: 'ru' });
    expect(dress.body.title).toBe('Женское платье');
    expect(dress.body.features[0].attributes).toEqual([
      { name: 'Размер', value: 'S' },
      { name: 'Цвет', value: 'Красный' },
    ]);
  });

  it('answers the other catalogue calls in their shapes', async () => {
    const groups = (await call(plain, '/products/main-products/')).body;
    expect(groups.map((g: { products: unknown[] }) => g.products.length)).toEqual([8, 8, 8]);
    const related = (await call(plain, '/products/related-products/1/')).body;
    expect(related).toHaveLength(6);
    expect(Object.keys(related[0]).sort()).toEqual(['discount', 'discount_price', 'id', 'images', 'price', 'title']);
    const search = (await call(plain, '/products/search/?q=qarshi')).body;
    expect(search.products.map((p: { id: number }) => p.id)).toEqual([30]);
    expect(search.stores.map((s: { id: number }) => s.id)).toEqual([1, 2]);
    expect(search.categories).toEqual([]);
    expect((await call(plain, '/products/search/?q=')).body).toEqual({ products: [], categories: [], stores: [] });
    expect((await call(plain, '/products/top/')).body).toHaveLength(10);
    expect((await call(plain, '/products/top-products/')).body[0]).toMatchObject({ id: 37, discount: 30 });
    expect((await call(plain, '/products/banners/1/')).body).toHaveLength(1);
    expect((await call(plain, '/products/banners/3/')).body).toEqual([]);
  });

  it('has phone and laptop banners with different links and alt texts', async () => {
    const phone = (await call(plain, '/banners/?type=phone')).body;
    const laptop = (await call(plain, '/banners/?type=laptop')).body;
    expect(Object.keys(phone)).toEqual(['b', 't']);
    expect(phone.b[0]).toEqual({
      id: 6,
      image: `${plain.origin}/media/banners/phone-6.png`,
      url: '/product/3',
      alt: "iPhone 15 bo'lib to'lashga",
    });
    const links = (list: { url: string; alt: string }[]) => list.map((b) => `${b.url} ${b.alt}`);
    const shared = links([...phone.b, ...phone.t]).filter((b) => links([...laptop.b, ...laptop.t]).includes(b));
    expect(shared).toEqual([]);
    expect(await call(plain, '/banners/')).toMatchObject({ status: 400, body: { type: ['This field is required.'] } });
    expect((await call(plain, '/banners/?type=tv')).body).toEqual({ type: ['"tv" is not a valid choice.'] });
  });

  it('serves the images it names, as PNG, and nothing else under /media/', async () => {
    const { body } = await call(plain, '/products/product/1/');
    const picture = await fetch(body.images[0]);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await picture.arrayBuffer()).slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect((await fetch(`${plain.origin}/media/products/999-1.png`)).status).toBe(404);
  });
});

describe('the loose dialect', () => {
  it('writes decimal strings, comma-separated images, bare ids, features with count 0 and extra fields', async () => {
    const { body } = await call(loose, '/products/product/3/');
    expect(body).toMatchObject({
      title: 'iPhone 15',
      price: '12500000.00',
      discount_price: '11875000.00',
      count: '10.000',
      category: 1,
      store: 1,
      created_at: expect.any(String),
      is_active: true,
    });
    expect(body.images).toBe([1, 2, 3].map((n) => `${loose.origin}/media/products/3-${n}.png`).join(','));
    expect(body.features.map((f: { id: number; count: number }) => [f.id, f.count])).toEqual([
      [301, 5],
      [302, 3],
      [303, 0],
      [304, 2],
    ]);
    expect(body.features[0]).toHaveProperty('sort_order');
  });

  it('has null titles, products whose images are "" or null, and category images as lists', async () => {
    expect((await call(loose, '/products/product/18/')).body.title).toBeNull();
    expect((await call(loose, '/products/product/28/')).body.images).toBe('');
    expect((await call(loose, '/products/product/39/')).body.images).toBeNull();
    const [phones] = (await call(loose, '/products/categories/')).body;
    expect(phones).toMatchObject({
      id: 1,
      image: [`${loose.origin}/media/categories/1.png`],
      created_at: expect.any(String),
    });
    expect((await call(loose, '/banners/?type=laptop')).body.b[0]).toHaveProperty('is_active', true);
  });
});

describe('sign-in (§5, §7)', () => {
  it('sends a 4-digit code to a +998 phone of 12 digits, and verifies it into opaque tokens', async () => {
    const sent = await call(plain, '/users/auth/', { json: { phone_number: '+998901234567' } });
    expect(sent).toMatchObject({ status: 200, body: { user: 3, time: 1 } });
    const { body: code } = await call(plain, '/__test/code?phone=+998901234567');
    expect(code).toMatchObject({ phone_number: '+998901234567', user: 3, code: expect.stringMatching(/^\d{4}$/) });
    const wrong = String((Number(code.code) + 1) % 10_000).padStart(4, '0');
    expect(await call(plain, '/users/verify/', { json: { code: wrong, user: 3 } })).toMatchObject({
      status: 400,
      body: { code: ['Invalid code.'] },
    });
    const verified = await call(plain, '/users/verify/', { json: { code: code.code, user: '3' } });
    expect(verified.body).toEqual({ data: { access: expect.any(String), refresh: expect.any(String) } });
    expect((await call(plain, '/orders/basket/', { token: verified.body.data.access })).body).toEqual([]);
    // A code is spent once used.
    expect((await call(plain, '/users/verify/', { json: { code: code.code, user: 3 } })).status).toBe(400);
  });

  it('refuses phones that are not Uzbek, and resends only to a phone that asked before', async () => {
    for (const phone_number of ['998901234567', '+99890123456', '+79012345678', '']) {
      expect((await call(plain, '/users/auth/', { json: { phone_number } })).body).toHaveProperty('phone_number');
    }
    expect(await call(plain, '/users/auth/resend/', { json: { phone_number: '+998907654321' } })).toMatchObject({
      status: 400,
    });
    await call(plain, '/users/auth/', { json: { phone_number: '+998907654321' } });
    const resent = await call(plain, '/users/auth/resend/', { json: { phone_number: '+998907654321' } });
    expect(resent).toMatchObject({ status: 200, body: { user: 3, time: 1 } });
    const missing = await call(plain, '/users/verify/', { json: {} });
    expect(missing.body).toEqual({ user: ['This field is required.'], code: ['This field is required.'] });
  });

  it('answers 401 for a bearer call without a token, and for an unknown token on any call', async () => {
    const none = await call(plain, '/favorite/');
    expect(none).toMatchObject({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    const unknown = await call(plain, '/products/categories/', { token: 'not-a-token' });
    expect(unknown).toMatchObject({ status: 401, body: { code: 'token_not_valid' } });
    // 401 comes before 404: authentication is checked before the object is looked up.
    expect((await call(plain, '/favorite/999/', { method: 'DELETE' })).status).toBe(401);
  });

  it('with strictTokens off, ignores an unknown token on public calls only', async () => {
    const lenient = await startSpecBackend({ strictTokens: false });
    try {
      expect((await call(lenient, '/products/categories/', { token: 'stale' })).status).toBe(200);
      expect((await call(lenient, '/orders/basket/', { token: 'stale' })).status).toBe(401);
    } finally {
      await lenient.close();
    }
  });

  it('ends every session on /__test/expire-tokens, as an expired token would', async () => {
    const token = await signIn(plain);
    expect((await call(plain, '/favorite/', { token })).status).toBe(200);
    expect((await call(plain, '/__test/expire-tokens', { method: 'POST' })).status).toBe(204);
    expect((await call(plain, '/favorite/', { token })).status).toBe(401);
    const { body } = await call(plain, '/__test/sign-in', { json: { phone_number: '+998901234567' } });
    expect((await call(plain, '/favorite/', { token: body.access })).status).toBe(200);
  });
});

describe('the server basket', () => {
  it('adds, merges the same product and feature, changes quantities and deletes (plain: objects)', async () => {
    const token = await signIn(plain);
    const added = await call(plain, '/orders/add-basket/', { token, json: { product: 3, quantity: 1, feature: 302 } });
    expect(added.status).toBe(201);
    await call(plain, '/orders/add-basket/', { token, json: { product: 3, quantity: 1, feature: 302 } });
    await call(plain, '/orders/add-basket/', { token, json: { product: 7, quantity: 2 } });
    const items = (await call(plain, '/orders/basket/', { token })).body;
    expect(items.map((i: { quantity: number }) => i.quantity)).toEqual([2, 2]);
    expect(Object.keys(items[0]).sort()).toEqual(['feature', 'id', 'price', 'product', 'quantity']);
    expect(items[0]).toMatchObject({ product: { id: 3, title: 'iPhone 15' }, feature: { id: 302 }, price: 11_875_000 });
    expect(items[1]).toMatchObject({ product: { id: 7 }, feature: null, price: 289_000 });

    const [iphone, nokia] = items;
    const up = await call(plain, '/orders/basket/quantity/', { token, json: { item: iphone.id, action: 'increase' } });
    expect(up.body.quantity).toBe(3);
    const over = await call(plain, '/orders/basket/quantity/', {
      token,
      json: { item: iphone.id, action: 'increase' },
    });
    expect(over).toMatchObject({ status: 400, body: { errors: 'Only 3 left in stock' } });
    await call(plain, '/orders/basket/quantity/', { token, json: { item: nokia.id, action: 'decrease' } });
    const gone = await call(plain, '/orders/basket/quantity/', { token, json: { item: nokia.id, action: 'decrease' } });
    expect(gone.status).toBe(204);
    expect((await call(plain, '/orders/basket/', { token })).body).toHaveLength(1);

    const one = await call(plain, `/orders/basket/delete/?item=${iphone.id}`, { token, method: 'DELETE' });
    expect(one.status).toBe(204);
    expect((await call(plain, '/orders/basket/', { token })).body).toEqual([]);
    expect((await call(plain, `/orders/basket/delete/?item=${iphone.id}`, { token, method: 'DELETE' })).status).toBe(
      404,
    );
  });

  it('deletes many by a body {items}, and writes ids and decimal prices in the loose dialect', async () => {
    const token = await signIn(loose);
    await call(loose, '/orders/add-basket/', { token, json: { product: 36, feature: 3601 } });
    await call(loose, '/orders/add-basket/', { token, json: { product: '30', quantity: '2' } });
    const items = (await call(loose, '/orders/basket/', { token })).body;
    expect(items).toMatchObject([
      { product: 36, feature: 3601, quantity: 1, price: '420000.00', is_active: true },
      { product: 30, feature: null, quantity: 2, price: '12000.00' },
    ]);
    const many = await call(loose, '/orders/basket/delete/', {
      token,
      method: 'DELETE',
      json: { items: items.map((i: { id: number }) => i.id) },
    });
    expect(many.status).toBe(204);
    expect((await call(loose, '/orders/basket/', { token })).body).toEqual([]);
    const remove = async (path: string, json?: unknown) =>
      (await call(loose, `/orders/basket/delete/${path}`, { token, method: 'DELETE', json })).body;
    expect(await remove('', {})).toEqual({ items: ['This field is required.'] });
    expect(await remove('', { items: '5' })).toEqual({ items: ['Expected a list of items but got type "str".'] });
    expect(await remove('', { items: [1, 'x'] })).toEqual({ items: ['A valid integer is required.'] });
    expect(await remove('?item=x')).toEqual({ item: ['A valid integer is required.'] });
  });

  it('refuses an add with field errors, or {"errors": ...} when out of stock', async () => {
    const token = await signIn(plain);
    const add = (json: unknown) => call(plain, '/orders/add-basket/', { token, json });
    expect((await add({})).body).toEqual({ product: ['This field is required.'] });
    expect((await add({ product: 999 })).body).toEqual({ product: ['Invalid pk "999" - object does not exist.'] });
    expect((await add({ product: 'x', quantity: 0 })).body).toEqual({
      product: ['A valid integer is required.'],
      quantity: ['Ensure this value is greater than or equal to 1.'],
    });
    expect((await add({ product: 1, feature: 301 })).body).toEqual({
      feature: ['This feature does not belong to the product.'],
    });
    expect(await add({ product: 21 })).toMatchObject({ status: 400, body: { errors: 'Out of stock' } });
    expect(await add({ product: 3, feature: 303 })).toMatchObject({ status: 400, body: { errors: 'Out of stock' } });
    const other = await call(plain, '/orders/basket/quantity/', { token, json: { item: 1, action: 'double' } });
    expect(other.body).toEqual({ action: ['"double" is not a valid choice.'] });
  });

  it("keeps each shopper's basket apart", async () => {
    const mine = await signIn(plain, '+998901111111');
    const theirs = await signIn(plain, '+998902222222');
    const { body } = await call(plain, '/orders/add-basket/', { token: mine, json: { product: 1 } });
    expect((await call(plain, '/orders/basket/', { token: theirs })).body).toEqual([]);
    const move = { item: body.id, action: 'increase' };
    expect((await call(plain, '/orders/basket/quantity/', { token: theirs, json: move })).status).toBe(404);
  });
});

describe('favourites and reviews', () => {
  it('adds, lists {id, product} with numeric ids, refuses a duplicate and deletes', async () => {
    const token = await signIn(loose);
    const added = await call(loose, '/favorite/', { token, json: { product: 5 } });
    expect(added).toMatchObject({ status: 201, body: { id: 1, product: 5 } });
    expect((await call(loose, '/favorite/', { token, json: { product: 5 } })).body).toEqual({
      non_field_errors: ['The fields user, product must make a unique set.'],
    });
    expect((await call(loose, '/favorite/', { token })).body).toMatchObject([{ id: 1, product: 5 }]);
    expect((await call(loose, '/favorite/1/', { token, method: 'DELETE' })).status).toBe(204);
    expect((await call(loose, '/favorite/1/', { token, method: 'DELETE' })).status).toBe(404);
  });

  it('takes a review as multipart, lists it for the product and the shopper, and edits it', async () => {
    const token = await signIn(plain);
    expect((await call(plain, '/required-comments/', { token })).body.map((p: { id: number }) => p.id)).toEqual([
      3, 12,
    ]);
    const form = new FormData();
    form.set('product', '3');
    form.set('advantage', 'Tez');
    form.set('comment', "Zo'r telefon");
    form.set('images', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'photo.png');
    const posted = await call(plain, '/comments/', { token, form });
    expect(posted).toMatchObject({ status: 201, body: { product: 3, advantage: 'Tez', comment: "Zo'r telefon" } });
    expect(Object.keys(posted.body).sort()).toEqual(['advantage', 'comment', 'id', 'product', 'shortcoming']);
    expect((await call(plain, '/product-comments/3/')).body[0]).toEqual(posted.body);
    expect((await call(plain, '/required-comments/', { token })).body.map((p: { id: number }) => p.id)).toEqual([12]);

    const edited = await call(plain, `/comments/${posted.body.id}/`, {
      token,
      method: 'PUT',
      json: { shortcoming: 'Qimmat' },
    });
    expect(edited.body).toMatchObject({ advantage: 'Tez', shortcoming: 'Qimmat' });
    expect((await call(plain, '/comments/', { token })).body).toEqual([edited.body]);
    expect((await call(plain, '/comments/1/', { token, method: 'PUT', json: {} })).status).toBe(404);
  });

  it('lists a product’s reviews without a token, and 404 for an unknown product', async () => {
    expect((await call(plain, '/product-comments/1/')).body).toHaveLength(2);
    expect((await call(plain, '/product-comments/2/')).body).toEqual([]);
    expect((await call(plain, '/product-comments/999/')).status).toBe(404);
  });
});

describe('as a production API behaves: throttle, latency, validators, a seller changing a product', () => {
  it("throttles past its rate with 429, Django REST's message and Retry-After, on the paths it covers only", async () => {
    const limited = await startSpecBackend({ throttle: { requests: 3, seconds: 60 }, throttlePaths: '^/products/' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(limited, '/products/categories/')).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await call(limited, '/products/categories/');
      expect(refused.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds?\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await call(limited, '/banners/?type=phone')).status).toBe(200);
      expect(limited.requests).toMatchObject({ calls: 6, throttled: 2 });
    } finally {
      await limited.close();
    }
  });

  it('answers every API call no sooner than its latency', async () => {
    const slow = await startSpecBackend({ latencyMs: 120 });
    try {
      const started = performance.now();
      expect((await call(slow, '/products/categories/')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    } finally {
      await slow.close();
    }
  });

  it('sends an ETag with every read and answers 304 to a client that has that answer', async () => {
    const first = await call(plain, '/products/all-products/');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const again = await fetch(`${plain.api}/products/all-products/`, {
      headers: { 'Accept-Language': 'uz', 'If-None-Match': etag! },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // Another language is another answer.
    const ru = await fetch(`${plain.api}/products/all-products/`, {
      headers: { 'Accept-Language': 'ru', 'If-None-Match': etag! },
    });
    expect(ru.status).toBe(200);
  });

  it("takes a seller's new price and title, which the next read shows and whose ETag changes", async () => {
    const before = await call(plain, '/products/product/3/');
    const changed = await call(plain, '/__test/product/3', { json: { price: 4_321_000, title: 'Yangi nom' } });
    expect(changed.status).toBe(204);
    const after = await call(plain, '/products/product/3/', { lang: 'ru' });
    expect(after.body).toMatchObject({ price: 4_321_000, title: 'Yangi nom' });
    expect((await call(plain, '/products/product/3/')).headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect((await call(plain, '/__test/product/999999', { json: { price: 1 } })).status).toBe(404);
    await call(plain, '/__test/product/3', { json: { price: before.body.price, title: before.body.title } });
  });
});
