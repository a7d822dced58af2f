/**
 * Deterministic demo catalogue: the same seed always gives the same rows.
 * The steps below turn the data of seed-data.ts into categories, stores,
 * products with variants, reviews, top products, home groups, banners and a
 * demo shopper, drawing every choice from one seeded generator in a fixed order.
 */
import type { Db } from './db.ts';
import { searchDocument } from '#contract/search-forms.ts';
import { orderNumber } from './orders.ts';
import type { StoredAttribute } from './present.ts';
import {
  AUTHORS,
  BY_KG,
  CATEGORIES,
  CATEGORY_BANNERS,
  COLOURS,
  DEMO_SHOPPER,
  DESCRIPTION,
  DISCOUNTS,
  GRADES,
  GROUPS,
  HOSTILE_HTML,
  KG_DESCRIPTION,
  PLAIN_SERIES,
  RATINGS,
  REVIEWS,
  SLIDES,
  STORES,
  TILES,
  type CategorySeed,
  type Picture,
  type Text,
} from './seed-data.ts';
import { bannerPicture, categoryPicture, productPicture, reviewPicture, storePicture } from './seed-pictures.ts';
import { seededRandom, type SeededRandom } from './seed-random.ts';
import { unitPrice } from '#contract/price.ts';

export interface SeedOptions {
  products: number;
  seed: number;
}

const BASE_MS = Date.UTC(2025, 0, 15, 9, 0, 0);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Position (from 0) of the product whose description carries HOSTILE_HTML: product 7 of a fresh database. */
const HOSTILE_PRODUCT = 6;
/** Position of the one product with no images, which shows the storefront's placeholder: product 5. */
const IMAGELESS_PRODUCT = 4;
/** Products in the top list (/top-product). */
const TOP_PRODUCTS = 40;
/** Products in each home group. */
const GROUP_SIZE = 12;

interface SeededCategory {
  id: number;
  seed: CategorySeed;
}
interface SeededStores {
  /** Stores selling goods by the piece. */
  byPiece: number[];
  byKg: number;
}
interface SeededProducts {
  ids: number[];
  /** Each product's picture, for its reviews' photos. */
  pictures: Map<number, Picture>;
  discounted: number[];
  byCategory: Map<number, number[]>;
}

export function seedDatabase(db: Db, { products, seed }: SeedOptions): void {
  const r = seededRandom(seed);
  db.tx(() => {
    const categories = seedCategories(db);
    const stores = seedStores(db, r);
    const catalogue = seedProducts(db, r, products, categories, stores);
    const rated = seedReviews(db, r, catalogue);
    const shuffled = r.shuffle(catalogue.ids);
    seedTopProducts(db, shuffled.slice(0, TOP_PRODUCTS));
    seedGroups(db, catalogue, rated, categories);
    seedBanners(db, categories);
    seedDemoShopper(db, [
      { status: 'delivered', payment: 'paid', products: shuffled.slice(-3) },
      { status: 'delivering', payment: 'unpaid', products: shuffled.slice(0, 1) },
    ]);
  });
}

function seedCategories(db: Db): SeededCategory[] {
  return CATEGORIES.map((category, position) => {
    const path = categoryPicture(category.picture);
    // The backend stores a category image as a path or a list of paths; every fourth one here is a bare path.
    const image = position % 4 === 0 ? path : [path];
    const { id } = db.run(
      'INSERT INTO categories (name_uz, name_ru, image, search, position) VALUES (?, ?, ?, ?, ?)',
      category.name.uz,
      category.name.ru,
      JSON.stringify(image),
      searchDocument(category.name.uz, category.name.ru),
      position,
    );
    return { id, seed: category };
  });
}

function seedStores(db: Db, r: SeededRandom): SeededStores {
  const byPiece: number[] = [];
  let byKg: number | undefined;
  for (const store of STORES) {
    const { id } = db.run(
      'INSERT INTO stores (name_uz, name_ru, address, logo, banner, location_uz, location_ru, legal_name, orders_count, search) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      store.name,
      store.name,
      store.address,
      storePicture(store.address, 'logo'),
      store.banner ? storePicture(store.address, 'banner') : null,
      `Qarshi sh., ${store.street.uz}, ${r.int(1, 120)}-uy`,
      `г. Карши, ${store.street.ru}, д. ${r.int(1, 120)}`,
      store.legal,
      r.int(120, 9000),
      searchDocument(store.name),
    );
    if (store.sellsByKg) byKg = id;
    else byPiece.push(id);
  }
  if (byKg === undefined) throw new Error('no store sells by the kilogram');
  return { byPiece, byKg };
}

/** 3 487 213 → 3 489 000-style shop prices: thousands ending in 9 000 above a million. */
function shopPrice(value: number): number {
  if (value >= 1_000_000) return Math.max(1, Math.round(value / 100_000)) * 100_000 - 1_000;
  if (value >= 100_000) return Math.round(value / 10_000) * 10_000 - 1_000;
  return Math.round(value / 1_000) * 1_000;
}

interface Listing {
  title: Text;
  description: Text;
  store: number;
  picture: Picture;
  /** The usual price of what is listed: products of one title cost about the same. */
  price: number;
}

/** Title, description, store, picture and usual price of a product sold by the kilogram. */
function byKgListing(r: SeededRandom, stores: SeededStores): Listing {
  const { name: goods, picture, price } = r.pick(BY_KG);
  const grade = r.pick(GRADES);
  return {
    title: { uz: `${goods.uz}, ${grade.uz}, 1 kg`, ru: `${goods.ru}, ${grade.ru}, 1 кг` },
    description: { uz: KG_DESCRIPTION.uz(goods.uz, grade.uz), ru: KG_DESCRIPTION.ru(goods.ru, grade.ru) },
    store: stores.byKg,
    picture,
    price: price * grade.factor,
  };
}

/** The same for a product sold by the piece: a model (in one of its series) of one of the category's kinds. */
function byPieceListing(r: SeededRandom, category: CategorySeed, stores: SeededStores): Listing {
  const kind = r.pick(category.kinds);
  const [name, price] = r.pick(kind.models);
  const series = r.pick(kind.series ?? PLAIN_SERIES);
  const model = `${name}${series.suffix}`;
  const paragraphs = r.int(2, 4);
  return {
    picture: kind.picture,
    price: price * series.factor,
    title: { uz: `${kind.name.uz} ${model}`, ru: `${kind.name.ru} ${model}` },
    description: {
      uz: DESCRIPTION.uz(model, kind.name.uz).slice(0, paragraphs).join(''),
      ru: DESCRIPTION.ru(model, kind.name.ru).slice(0, paragraphs).join(''),
    },
    store: r.pick(stores.byPiece),
  };
}

interface Variant {
  /** The colour's key, or null when variants differ in memory alone. */
  colour: string | null;
  count: number;
  /** Null: the product's price; larger memory sizes cost more. */
  price: number | null;
  attributes: StoredAttribute[];
}

/** Colours and/or memory sizes, each with its own stock (some sold out); most products that can vary do. */
function variantsOf(r: SeededRandom, category: CategorySeed, price: number): Variant[] {
  if (category.soldByKg || !(category.memory || category.colours) || !r.chance(0.8)) return [];
  const colours = category.colours ? r.shuffle(COLOURS).slice(0, r.int(1, 3)) : [null];
  const memories = category.memory ? category.memory.slice(0, r.int(1, category.memory.length)) : [null];
  const variants: Variant[] = [];
  for (const colour of colours) {
    memories.forEach((memory, size) => {
      const attributes: StoredAttribute[] = [];
      if (colour)
        attributes.push({ key: 'color', name_uz: 'Rang', name_ru: 'Цвет', value_uz: colour.uz, value_ru: colour.ru });
      if (memory)
        attributes.push({
          key: 'memory',
          name_uz: 'Xotira',
          name_ru: 'Память',
          value_uz: memory,
          value_ru: memory.replace('GB', 'ГБ').replace('TB', 'ТБ'),
        });
      variants.push({
        colour: colour?.key ?? null,
        count: r.chance(0.2) ? 0 : r.int(1, 25),
        price: size === 0 ? null : shopPrice(price * (1 + size * 0.18)),
        attributes,
      });
    });
  }
  return variants;
}

/** The images column in the shapes the backend answers: one comma-separated string (15%) or a list. */
function imagesColumn(paths: string[], shape: number): string {
  return JSON.stringify(shape < 0.15 ? paths.join(',') : paths);
}

function seedProducts(
  db: Db,
  r: SeededRandom,
  count: number,
  categories: SeededCategory[],
  stores: SeededStores,
): SeededProducts {
  const insertProduct = db.raw.prepare(
    `INSERT INTO products (title_uz, title_ru, description_uz, description_ru, price, discount, discount_price, images, stock, unit,
     warranty_years, category_id, store_id, search, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
  );
  const insertFeature = db.raw.prepare(
    'INSERT INTO features (product_id, count, price, images, attributes) VALUES (?, ?, ?, ?, ?)',
  );
  const firstId = (db.get<{ id: number | null }>('SELECT max(id) AS id FROM products')?.id ?? 0) + 1;
  const seeded: SeededProducts = { ids: [], pictures: new Map(), discounted: [], byCategory: new Map() };

  for (let n = 0; n < count; n++) {
    const id = firstId + n;
    const category = r.pick(categories);
    const { soldByKg = false } = category.seed;
    const listing = soldByKg ? byKgListing(r, stores) : byPieceListing(r, category.seed, stores);
    const { title, description, store } = listing;
    if (n === HOSTILE_PRODUCT) {
      description.uz += HOSTILE_HTML;
      description.ru += HOSTILE_HTML;
    }
    // Shops price a model within 8% of its usual price.
    const price = shopPrice(listing.price * (0.92 + r.next() * 0.16));
    const discount = r.chance(0.3) ? r.pick(DISCOUNTS) : null;
    const discountPrice = discount === null ? null : shopPrice(price * (1 - discount / 100));
    const views = r.int(1, 4);
    const shape = r.next();
    const variants = variantsOf(r, category.seed, price);
    // The gallery shows the product in its first variant's colour.
    const colour = variants[0]?.colour ?? null;
    const images =
      n === IMAGELESS_PRODUCT
        ? null
        : imagesColumn(
            Array.from({ length: views }, (_, i) => productPicture(listing.picture, colour, i + 1)),
            shape,
          );
    const stock = variants.length
      ? variants.reduce((sum, v) => sum + v.count, 0)
      : soldByKg
        ? r.int(20, 500)
        : r.int(0, 60);
    insertProduct.run(
      title.uz,
      title.ru,
      description.uz,
      description.ru,
      price,
      discount,
      discountPrice,
      images,
      stock,
      soldByKg ? 'kg' : 'pcs',
      category.id,
      store,
      searchDocument(title.uz, title.ru),
      iso(BASE_MS + r.int(0, 120) * DAY),
    );
    variants.forEach((v) => {
      const featureImages = r.chance(0.5) ? JSON.stringify([productPicture(listing.picture, v.colour, 1)]) : null;
      insertFeature.run(id, v.count, v.price, featureImages, JSON.stringify(v.attributes));
    });
    seeded.ids.push(id);
    seeded.pictures.set(id, listing.picture);
    if (discount !== null) seeded.discounted.push(id);
    const inCategory = seeded.byCategory.get(category.id) ?? [];
    inCategory.push(id);
    seeded.byCategory.set(category.id, inCategory);
  }
  return seeded;
}

/** Reviews on 40% of products, each in one language; returns the rated products and their average. */
function seedReviews(db: Db, r: SeededRandom, products: SeededProducts): { id: number; rating: number }[] {
  const insertReview = db.raw.prepare(
    'INSERT INTO reviews (product_id, user_id, author, rating, advantage, shortcoming, comment, images, created_at) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?)',
  );
  const rate = db.raw.prepare('UPDATE products SET rating = ?, reviews_count = ? WHERE id = ?');
  const rated: { id: number; rating: number }[] = [];
  for (const id of products.ids) {
    if (!r.chance(0.4)) continue;
    const count = r.int(1, 5);
    let sum = 0;
    for (let i = 0; i < count; i++) {
      const rating = r.pick(RATINGS);
      sum += rating;
      const tone = rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad';
      const text = REVIEWS[tone][r.chance(0.6) ? 'uz' : 'ru'];
      const author = r.pick(AUTHORS);
      const picture = products.pictures.get(id);
      const images = r.chance(0.15) && picture ? [reviewPicture(picture, i + 1)] : [];
      const created = BASE_MS + r.int(1, 200) * DAY + r.int(0, 86_000) * 1000;
      insertReview.run(
        id,
        author,
        rating,
        text.advantage,
        text.shortcoming,
        text.comment,
        JSON.stringify(images),
        iso(created),
      );
    }
    rate.run(sum / count, count, id);
    rated.push({ id, rating: sum / count });
  }
  return rated;
}

function seedTopProducts(db: Db, ids: number[]): void {
  ids.forEach((id, rank) => db.run('UPDATE products SET top_rank = ? WHERE id = ?', rank + 1, id));
}

function seedGroups(
  db: Db,
  catalogue: SeededProducts,
  rated: { id: number; rating: number }[],
  categories: SeededCategory[],
): void {
  const members: Record<(typeof GROUPS)[number]['products'], () => number[]> = {
    newest: () => catalogue.ids.slice(-GROUP_SIZE).reverse(),
    discounted: () => catalogue.discounted.slice(0, GROUP_SIZE),
    'best-rated': () =>
      [...rated]
        .sort((a, b) => b.rating - a.rating || a.id - b.id)
        .slice(0, GROUP_SIZE)
        .map((p) => p.id),
    'first-category': () => (catalogue.byCategory.get(categories[0]?.id ?? 0) ?? []).slice(0, GROUP_SIZE),
  };
  GROUPS.forEach((group, position) => {
    const groupId = db.run(
      'INSERT INTO product_groups (title_uz, title_ru, position) VALUES (?, ?, ?)',
      group.title.uz,
      group.title.ru,
      position,
    ).id;
    members[group.products]().forEach((productId, i) =>
      db.run('INSERT INTO group_products (group_id, product_id, position) VALUES (?, ?, ?)', groupId, productId, i),
    );
  });
}

function seedBanners(db: Db, categories: SeededCategory[]): void {
  const banner = db.raw.prepare(
    'INSERT INTO banners (kind, category_id, list, title_uz, title_ru, image, link, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // Home banners for phone and laptop screens: the slider ('b') and the tiles beside it ('t').
  for (const screen of ['phone', 'laptop']) {
    SLIDES.forEach(({ title }, i) =>
      banner.run(
        screen,
        null,
        'b',
        title.uz,
        title.ru,
        bannerPicture(`home-${screen}-b-${i + 1}`),
        `/category/${categories[i]?.id ?? 1}`,
        i,
      ),
    );
    TILES.forEach(({ title, link }, i) =>
      banner.run(screen, null, 't', title.uz, title.ru, bannerPicture(`home-${screen}-t-${i + 1}`), link, i),
    );
  }
  for (const { id, seed } of categories) {
    const image = (list: 'b' | 't') => bannerPicture(`category-${seed.slug}-${list}`);
    const sale = CATEGORY_BANNERS.t(seed.name);
    const collection = CATEGORY_BANNERS.b(seed.name);
    banner.run('category', id, 'b', collection.uz, collection.ru, image('b'), `/category/${id}`, 0);
    banner.run('category', id, 't', sale.uz, sale.ru, image('t'), null, 0);
  }
}

interface DemoOrder {
  status: 'delivered' | 'delivering';
  payment: 'paid' | 'unpaid';
  products: number[];
}

/** The demo shopper with a delivered order (so there is something to review) and one on its way. */
function seedDemoShopper(db: Db, orders: DemoOrder[]): void {
  const shopper = DEMO_SHOPPER;
  const userId = db.run(
    'INSERT INTO users (phone, first_name, last_name, father_name, gender, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    shopper.phone,
    shopper.firstName,
    shopper.lastName,
    shopper.fatherName,
    shopper.gender,
    iso(BASE_MS),
  ).id;
  orders.forEach((order, i) => {
    const created = BASE_MS + (100 + i * 10) * DAY;
    const orderId = db.run(
      `INSERT INTO orders (user_id, number, status, payment_method, payment_status, delivery_date, customer_name, customer_phone, address, created_at)
       VALUES (?, '', ?, 'cash', ?, ?, ?, ?, ?, ?)`,
      userId,
      order.status,
      order.payment,
      iso(created + 2 * DAY).slice(0, 10),
      `${shopper.firstName} ${shopper.lastName}`,
      shopper.phone,
      JSON.stringify(shopper.address),
      iso(created),
    ).id;
    db.run('UPDATE orders SET number = ? WHERE id = ?', orderNumber(orderId), orderId);
    for (const productId of order.products) {
      const product = db.get<{ price: number; discount_price: number | null }>(
        'SELECT price, discount_price FROM products WHERE id = ?',
        productId,
      );
      if (product)
        db.run(
          'INSERT INTO order_items (order_id, product_id, quantity, price) VALUES (?, ?, 1, ?)',
          orderId,
          productId,
          unitPrice(product, null),
        );
    }
  });
}
