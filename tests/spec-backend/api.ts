/**
 * The calls of §7, and no others, under /api/v1. Paths keep the spec's trailing slashes; an id is
 * digits (Django's <int:id>). Bearer calls answer 401 before anything else, as Django REST checks
 * authentication before it reads the body or looks the object up.
 */
import type { Product } from './catalogue.ts';
import { Fields, HttpError, notFound, paginate, present, type Data } from './drf.ts';
import * as write from './serialize.ts';
import type { View } from './serialize.ts';
import type { SpecBackendSettings } from './settings.ts';
import { bought, type State, type User } from './state.ts';

interface Ctx {
  url: URL;
  /** The path's {id}; NaN on a path without one. */
  id: number;
  /** The parsed body, read only when a call asks (Django REST's lazy request.data). */
  body: () => Promise<Data>;
  user: User | null;
  view: View;
  state: State;
  settings: SpecBackendSettings;
}

export interface Answer {
  status?: number;
  body?: unknown;
}

export type Verb = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Method {
  /** Needs a bearer token (§7's "(bearer)", and the basket calls, which act on the shopper's basket). */
  bearer: boolean;
  handle: (ctx: Ctx) => Answer | Promise<Answer>;
}

export interface Route {
  path: string;
  pattern: RegExp;
  methods: Partial<Record<Verb, Method>>;
}

/** Django REST's 401 names the scheme it wants. */
export const challenge = { 'WWW-Authenticate': 'Bearer realm="api"' };

const unauthenticated = () =>
  new HttpError(401, { detail: 'Authentication credentials were not provided.' }, challenge);

export const open = (handle: Method['handle']): Method => ({ bearer: false, handle });

const bearer = (handle: (ctx: Ctx, user: User) => Answer | Promise<Answer>): Method => ({
  bearer: true,
  handle: (ctx) => {
    if (!ctx.user) throw unauthenticated();
    return handle(ctx, ctx.user);
  },
});

/** A route table entry; `{id}` stands for digits. */
export const route = (path: string, methods: Route['methods']): Route => ({
  path,
  pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{id\}/g, '(\\d+)')}$`),
  methods,
});

const productOr404 = (ctx: Ctx): Product => {
  const found = ctx.view.catalogue.productById.get(ctx.id);
  if (!found) throw notFound();
  return found;
};

const categoryOr404 = (ctx: Ctx) => {
  const found = ctx.view.catalogue.categories.find((category) => category.id === ctx.id);
  if (!found) throw notFound();
  return found;
};

const products = (ctx: Ctx, list: Product[]) => list.map((item) => write.product(ctx.view, item));

const paged = (ctx: Ctx, list: Product[]) =>
  paginate(list, ctx.url, ctx.view.origin, ctx.settings.pageSize, (item) => write.product(ctx.view, item));

/** Search looks at the titles in both languages, whatever the shopper's language. */
const matching = (ctx: Ctx, query: string) => {
  const q = query.trim().toLocaleLowerCase();
  const has = (value: string) => value.toLocaleLowerCase().includes(q);
  const { catalogue } = ctx.view;
  return {
    products: catalogue.products.filter((item) => has(item.title.uz) || has(item.title.ru)),
    categories: catalogue.categories.filter((item) => has(item.name.uz) || has(item.name.ru)),
    stores: catalogue.stores.filter((item) => has(item.name)),
  };
};

/** §5: Uzbekistan only, 12 digits including the country code, sent with a leading plus. */
export const uzbekPhone = /^\+998\d{9}$/;

const phoneOf = async (ctx: Ctx): Promise<string> => {
  const fields = new Fields(await ctx.body());
  const phone = fields.string('phone_number', { required: true });
  if (phone !== undefined && !uzbekPhone.test(phone)) fields.fail('phone_number', 'Enter a valid phone number.');
  fields.check();
  return present(phone);
};

const sent = (ctx: Ctx, user: User) => write.envelope(ctx.view, { user: user.id, time: ctx.settings.codeMinutes });

const auth = [
  route('/users/auth/', {
    POST: open(async (ctx) => ({ body: sent(ctx, ctx.state.sendCode(await phoneOf(ctx))) })),
  }),
  route('/users/auth/resend/', {
    POST: open(async (ctx) => {
      const phone = await phoneOf(ctx);
      if (!ctx.state.userByPhone(phone)) {
        throw new HttpError(400, { phone_number: ['No user with this phone number.'] });
      }
      return { body: sent(ctx, ctx.state.sendCode(phone)) };
    }),
  }),
  route('/users/verify/', {
    POST: open(async (ctx) => {
      const fields = new Fields(await ctx.body());
      const user = fields.pk('user', (userId) => ctx.state.users.get(userId));
      const code = fields.string('code', { required: true });
      fields.check();
      const who = present(user);
      // §5: the code is 4 characters, upper-cased by the storefront.
      if (present(code).toUpperCase() !== ctx.state.codes.get(who.phone)) {
        throw new HttpError(400, { code: ['Invalid code.'] });
      }
      return { body: write.envelope(ctx.view, { data: ctx.state.signIn(who) }) };
    }),
  }),
];

const catalogue = [
  route('/products/main-products/', {
    GET: open((ctx) => {
      // Eight products in each group.
      const all = ctx.view.catalogue.products;
      const groups = [
        { id: 1, title: { uz: 'Yangi mahsulotlar', ru: 'Новинки' }, list: [...all].reverse() },
        { id: 2, title: { uz: 'Chegirmalar', ru: 'Скидки' }, list: all.filter((item) => item.discount) },
        {
          id: 3,
          title: { uz: 'Smartfonlar va noutbuklar', ru: 'Смартфоны и ноутбуки' },
          list: all.filter((item) => item.categoryId <= 2),
        },
      ];
      return {
        body: groups.map((group) =>
          write.group(ctx.view, group.id, group.title, products(ctx, group.list.slice(0, 8))),
        ),
      };
    }),
  }),
  route('/products/product/{id}/', { GET: open((ctx) => ({ body: write.product(ctx.view, productOr404(ctx)) })) }),
  route('/products/related-products/{id}/', {
    GET: open((ctx) => {
      const item = productOr404(ctx);
      const list = ctx.view.catalogue.products.filter(
        (other) => other.categoryId === item.categoryId && other.id !== item.id,
      );
      return { body: list.slice(0, 8).map((other) => write.related(ctx.view, other)) };
    }),
  }),
  route('/products/all-products/', { GET: open((ctx) => ({ body: paged(ctx, ctx.view.catalogue.products) })) }),
  route('/products/search-product/', {
    // Django REST's SearchFilter: an empty query filters nothing.
    GET: open((ctx) => ({ body: paged(ctx, matching(ctx, ctx.url.searchParams.get('q') ?? '').products) })),
  }),
  route('/products/search/', {
    GET: open((ctx) => {
      const query = ctx.url.searchParams.get('q')?.trim() ?? '';
      const found = query ? matching(ctx, query) : { products: [], categories: [], stores: [] };
      return {
        body: write.envelope(ctx.view, {
          products: products(ctx, found.products.slice(0, 10)),
          categories: found.categories.map((item) => write.category(ctx.view, item)),
          stores: found.stores.map((item) => write.store(ctx.view, item)),
        }),
      };
    }),
  }),
  route('/products/categories/', {
    GET: open((ctx) => ({ body: ctx.view.catalogue.categories.map((item) => write.category(ctx.view, item)) })),
  }),
  route('/products/category-products/{id}/', {
    GET: open((ctx) => {
      const category = categoryOr404(ctx);
      return {
        body: paged(
          ctx,
          ctx.view.catalogue.products.filter((item) => item.categoryId === category.id),
        ),
      };
    }),
  }),
  route('/products/banners/{id}/', {
    // §7 says only "banners": here, the list shown on the category {id}'s page.
    GET: open((ctx) => {
      const list = ctx.view.catalogue.categoryBanners.get(categoryOr404(ctx).id) ?? [];
      return { body: list.map((item) => write.banner(ctx.view, item)) };
    }),
  }),
  route('/banners/', {
    GET: open((ctx) => {
      const fields = new Fields(Object.fromEntries(ctx.url.searchParams));
      const type = fields.choice('type', ['phone', 'laptop'] as const);
      fields.check();
      const { b, t } = ctx.view.catalogue.banners[present(type)];
      const banners = (list: typeof b) => list.map((item) => write.banner(ctx.view, item));
      return { body: write.envelope(ctx.view, { b: banners(b), t: banners(t) }) };
    }),
  }),
  route('/products/top/', {
    // The best sellers.
    GET: open((ctx) => {
      const list = [...ctx.view.catalogue.products].sort((a, z) => z.sold - a.sold || a.id - z.id);
      return { body: products(ctx, list.slice(0, 10)) };
    }),
  }),
  route('/products/top-products/', {
    // The deepest discounts.
    GET: open((ctx) => {
      const list = ctx.view.catalogue.products.filter((item) => item.discount);
      return { body: products(ctx, list.sort((a, z) => z.discount - a.discount || a.id - z.id).slice(0, 20)) };
    }),
  }),
];

const reviewText = (fields: Fields) => ({
  advantage: fields.string('advantage'),
  shortcoming: fields.string('shortcoming'),
  comment: fields.string('comment'),
});

const comments = [
  route('/product-comments/{id}/', {
    GET: open((ctx) => {
      const item = productOr404(ctx);
      const list = ctx.state.comments.filter((comment) => comment.productId === item.id).reverse();
      return { body: list.map((comment) => write.comment(ctx.view, comment)) };
    }),
  }),
  route('/required-comments/', {
    // The products the shopper bought and has not reviewed yet (§6: pending evaluation).
    GET: bearer((ctx, user) => {
      const rated = new Set(ctx.state.comments.filter((c) => c.userId === user.id).map((c) => c.productId));
      const pending = bought.filter((productId) => !rated.has(productId));
      const list = pending.flatMap((productId) => ctx.view.catalogue.productById.get(productId) ?? []);
      return { body: products(ctx, list) };
    }),
  }),
  route('/comments/', {
    GET: bearer((ctx, user) => ({
      body: ctx.state.comments.filter((c) => c.userId === user.id).map((c) => write.comment(ctx.view, c)),
    })),
    // §7: multipart, fields not shown: the product and §3's three texts; attached files are accepted and dropped.
    POST: bearer(async (ctx, user) => {
      const fields = new Fields(await ctx.body());
      const item = fields.pk('product', (productId) => ctx.view.catalogue.productById.get(productId));
      const texts = reviewText(fields);
      fields.check();
      const comment = ctx.state.addComment({
        userId: user.id,
        productId: present(item).id,
        advantage: texts.advantage ?? '',
        shortcoming: texts.shortcoming ?? '',
        comment: texts.comment ?? '',
      });
      return { status: 201, body: write.comment(ctx.view, comment) };
    }),
  }),
  route('/comments/{id}/', {
    PUT: bearer(async (ctx, user) => {
      const comment = ctx.state.comments.find((c) => c.id === ctx.id && c.userId === user.id);
      if (!comment) throw notFound();
      const fields = new Fields(await ctx.body());
      const texts = reviewText(fields);
      fields.check();
      Object.assign(comment, Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== undefined)));
      return { body: write.comment(ctx.view, comment) };
    }),
  }),
];

/** Refuses an add or an increase past the stock, with the `errors` field §8 shows the shopper. */
const checkStock = (available: number, wanted: number) => {
  if (available <= 0) throw new HttpError(400, { errors: 'Out of stock' });
  if (wanted > available) throw new HttpError(400, { errors: `Only ${available} left in stock` });
};

const basket = [
  route('/orders/basket/', {
    GET: bearer((ctx, user) => ({
      body: ctx.state.basket.filter((item) => item.userId === user.id).map((item) => write.basketItem(ctx.view, item)),
    })),
  }),
  route('/orders/add-basket/', {
    POST: bearer(async (ctx, user) => {
      const { productById, featureById } = ctx.view.catalogue;
      const fields = new Fields(await ctx.body());
      const item = fields.pk('product', (productId) => productById.get(productId));
      const quantity = fields.integer('quantity', { required: false, min: 1 }) ?? 1;
      const chosen = fields.pk('feature', (featureId) => featureById.get(featureId), { required: false });
      if (item && chosen && chosen.product !== item)
        fields.fail('feature', 'This feature does not belong to the product.');
      fields.check();
      const product = present(item);
      const featureId = chosen?.feature.id ?? null;
      const inBasket = ctx.state.basket.find(
        (line) => line.userId === user.id && line.productId === product.id && line.featureId === featureId,
      );
      checkStock(chosen?.feature.count ?? product.count, (inBasket?.quantity ?? 0) + quantity);
      const line = ctx.state.addToBasket(user.id, product.id, featureId, quantity);
      return { status: 201, body: write.basketItem(ctx.view, line) };
    }),
  }),
  route('/orders/basket/quantity/', {
    POST: bearer(async (ctx, user) => {
      const fields = new Fields(await ctx.body());
      const itemId = fields.integer('item');
      const action = fields.choice('action', ['increase', 'decrease'] as const);
      fields.check();
      const line = ctx.state.basket.find((item) => item.id === itemId && item.userId === user.id);
      if (!line) throw notFound();
      if (action === 'increase') {
        const { productById, featureById } = ctx.view.catalogue;
        const stock =
          line.featureId === null
            ? productById.get(line.productId)?.count
            : featureById.get(line.featureId)?.feature.count;
        checkStock(stock ?? 0, line.quantity + 1);
        line.quantity += 1;
      } else if (line.quantity > 1) {
        line.quantity -= 1;
      } else {
        // §9: the minimum is 1; decreasing from it takes the item out, as the storefront does (§4).
        ctx.state.basket = ctx.state.basket.filter((item) => item !== line);
        return { status: 204 };
      }
      return { body: write.basketItem(ctx.view, line) };
    }),
  }),
  route('/orders/basket/delete/', {
    // §7: ?item={id} for one, or a body {items: [...]} for many.
    DELETE: bearer(async (ctx, user) => {
      const one = ctx.url.searchParams.get('item');
      const fields = new Fields(one === null ? await ctx.body() : { item: one });
      const wanted = one === null ? fields.integers('items') : fields.integer('item');
      fields.check();
      const ids = [present(wanted)].flat();
      const mine = ctx.state.basket.filter((item) => item.userId === user.id && ids.includes(item.id));
      if (!mine.length) throw notFound();
      ctx.state.basket = ctx.state.basket.filter((item) => !mine.includes(item));
      return { status: 204 };
    }),
  }),
];

const favourites = [
  route('/favorite/', {
    GET: bearer((ctx, user) => ({
      body: ctx.state.favourites.filter((f) => f.userId === user.id).map((f) => write.favourite(ctx.view, f)),
    })),
    POST: bearer(async (ctx, user) => {
      const fields = new Fields(await ctx.body());
      const item = fields.pk('product', (productId) => ctx.view.catalogue.productById.get(productId));
      fields.check();
      const productId = present(item).id;
      if (ctx.state.favourites.some((f) => f.userId === user.id && f.productId === productId)) {
        throw new HttpError(400, { non_field_errors: ['The fields user, product must make a unique set.'] });
      }
      return { status: 201, body: write.favourite(ctx.view, ctx.state.addFavourite(user.id, productId)) };
    }),
  }),
  route('/favorite/{id}/', {
    DELETE: bearer((ctx, user) => {
      const found = ctx.state.favourites.find((f) => f.id === ctx.id && f.userId === user.id);
      if (!found) throw notFound();
      ctx.state.favourites = ctx.state.favourites.filter((f) => f !== found);
      return { status: 204 };
    }),
  }),
];

/** Every call of §7, relative to /api/v1. */
export const apiRoutes: Route[] = [...auth, ...catalogue, ...comments, ...basket, ...favourites];
