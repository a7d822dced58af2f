/**
 * The seed: a small deterministic bilingual catalogue (categories, stores, products, banners).
 * It holds what the backend knows, in both languages; `serialize.ts` writes it out per dialect
 * and language. Image values are paths under the backend's own /media/ (see images.ts).
 */

import { withHostileValues } from './hostile.ts';
import type { CatalogueKind } from './settings.ts';
import { seedComments, type Comment } from './state.ts';

export type Lang = 'uz' | 'ru';
export interface Text {
  uz: string;
  ru: string;
}
const text = (uz: string, ru: string = uz): Text => ({ uz, ru });

/** §3: "attributes such as colour and memory"; the spec gives no shape, so a name and a value. */
export interface Attribute {
  name: Text;
  value: Text;
}

/** §3: a feature has id, count, images, attributes. */
export interface Feature {
  id: number;
  count: number;
  images: string[];
  attributes: Attribute[];
}

export interface Category {
  id: number;
  name: Text;
  image: string;
}

/** §3: id, name, logo, address, banner, legal name, counts of orders and reviews. */
export interface Store {
  id: number;
  name: string;
  logo: string;
  /** §2 routes a shop page by /store/{store_address}: a handle, not a postal address. */
  address: string;
  banner: string;
  legalName: string;
  ordersCount: number;
  reviewsCount: number;
}

export interface Product {
  id: number;
  title: Text;
  description: Text;
  /** In som (§3). */
  price: number;
  /** Percent; 0 when the product is not discounted. */
  discount: number;
  /** The price after the discount, null when there is none. */
  discountPrice: number | null;
  images: string[];
  /** Stock left, in units or kg (§3). */
  count: number;
  attributes: Attribute[];
  features: Feature[];
  categoryId: number;
  storeId: number;
  /** Units sold: orders the two top lists. */
  sold: number;
}

/**
 * §3/§7: banners come in two lists, b and t; their fields are not shown, so image, link and alt text. A banner may
 * name what it leads to by id instead of a link, as a Django model's foreign key is written (`product: 12`).
 */
export interface Banner {
  id: number;
  image: string;
  url?: string;
  product?: number;
  category?: number;
  alt: Text;
}

export interface Catalogue {
  categories: Category[];
  stores: Store[];
  products: Product[];
  productById: Map<number, Product>;
  featureById: Map<number, { feature: Feature; product: Product }>;
  /** GET /banners/?type=phone|laptop: the two lists differ in image, link and alt text. */
  banners: Record<'phone' | 'laptop', { b: Banner[]; t: Banner[] }>;
  /** GET /products/banners/{id}/, by category id. */
  categoryBanners: Map<number, Banner[]>;
  /** The reviews the backend starts with (and goes back to on reset). */
  comments: Comment[];
}

const categories: Category[] = [
  { id: 1, name: text('Smartfonlar', 'Смартфоны'), image: 'categories/1.png' },
  { id: 2, name: text('Noutbuklar', 'Ноутбуки'), image: 'categories/2.png' },
  { id: 3, name: text('Televizorlar', 'Телевизоры'), image: 'categories/3.png' },
  { id: 4, name: text('Maishiy texnika', 'Бытовая техника'), image: 'categories/4.png' },
  { id: 5, name: text('Oziq-ovqat', 'Продукты'), image: 'categories/5.png' },
  { id: 6, name: text('Kiyim-kechak', 'Одежда'), image: 'categories/6.png' },
];

const store = (id: number, name: string, address: string, legalName: string, orders: number, reviews: number) => ({
  id,
  name,
  logo: `stores/${id}-logo.png`,
  address,
  banner: `stores/${id}-banner.png`,
  legalName,
  ordersCount: orders,
  reviewsCount: reviews,
});

const stores: Store[] = [
  store(1, 'Texno Qarshi', 'texno-qarshi', '"Texno Qarshi" MChJ', 1240, 318),
  store(2, 'Qarshi Bozori', 'qarshi-bozori', '"Qarshi Bozori" XK', 860, 141),
  store(3, 'Moda Uyi', 'moda-uyi', 'YaTT Karimova Dilnoza', 312, 57),
];

const colour = (uz: string, ru: string): Attribute => ({ name: text('Rang', 'Цвет'), value: text(uz, ru) });
const memory = (gb: number): Attribute => ({ name: text('Xotira', 'Память'), value: text(`${gb} GB`, `${gb} ГБ`) });
const size = (value: string): Attribute => ({ name: text("O'lcham", 'Размер'), value: text(value) });
const black = colour('Qora', 'Чёрный');
const white = colour('Oq', 'Белый');
const blue = colour("Ko'k", 'Синий');

/** A feature as written in the seed: its attributes, its stock, and whether it has photos of its own. */
interface FeatureSeed {
  attributes: Attribute[];
  count: number;
  photo?: true;
}

interface ProductSeed {
  title: Text;
  price: number;
  category: number;
  discount?: number;
  features?: FeatureSeed[];
  /** Overrides the stock figure derived from the id (the sold-out product). */
  count?: number;
  /** How many photos; 0 for the products shown with a placeholder. */
  photos?: number;
}

const phone = (title: string, price: number, features: FeatureSeed[], discount?: number): ProductSeed => ({
  title: text(title),
  price,
  category: 1,
  features,
  ...(discount ? { discount } : {}),
});

/** Products 1 to 40, in id order. */
const seeds: ProductSeed[] = [
  phone('Samsung Galaxy A15', 2_190_000, [
    { attributes: [black, memory(128)], count: 6, photo: true },
    { attributes: [blue, memory(128)], count: 4, photo: true },
  ]),
  phone(
    'Redmi Note 13',
    2_790_000,
    [
      { attributes: [black, memory(128)], count: 5 },
      { attributes: [black, memory(256)], count: 3 },
    ],
    10,
  ),
  phone(
    'iPhone 15',
    12_500_000,
    [
      { attributes: [black, memory(128)], count: 5, photo: true },
      { attributes: [white, memory(128)], count: 3, photo: true },
      { attributes: [black, memory(256)], count: 0, photo: true },
      { attributes: [blue, memory(256)], count: 2, photo: true },
    ],
    5,
  ),
  phone('Honor X8b', 3_150_000, [
    { attributes: [black], count: 7 },
    { attributes: [white], count: 2 },
  ]),
  phone('Tecno Spark 20', 1_690_000, [{ attributes: [blue, memory(128)], count: 9 }]),
  phone('Samsung Galaxy S24', 11_900_000, [
    { attributes: [black, memory(256)], count: 3, photo: true },
    { attributes: [white, memory(512)], count: 1, photo: true },
  ]),
  { title: text('Nokia 105'), price: 289_000, category: 1 },
  {
    title: text('Lenovo IdeaPad 3'),
    price: 6_900_000,
    category: 2,
    discount: 15,
    features: [
      { attributes: [memory(8)], count: 4 },
      { attributes: [memory(16)], count: 2 },
    ],
  },
  { title: text('HP 250 G9'), price: 5_750_000, category: 2 },
  {
    title: text('Asus VivoBook 15'),
    price: 7_400_000,
    category: 2,
    features: [
      { attributes: [memory(8)], count: 3 },
      { attributes: [memory(16)], count: 3 },
    ],
  },
  { title: text('Acer Aspire 5'), price: 6_200_000, category: 2 },
  {
    title: text('MacBook Air M2'),
    price: 14_900_000,
    category: 2,
    discount: 7,
    features: [
      { attributes: [memory(8)], count: 2 },
      { attributes: [memory(16)], count: 1 },
    ],
  },
  { title: text('Huawei MateBook D14'), price: 8_300_000, category: 2 },
  { title: text('Dell Inspiron 15'), price: 7_900_000, category: 2 },
  { title: text('Artel 43" Smart TV', 'Телевизор Artel 43" Smart'), price: 3_400_000, category: 3 },
  { title: text('Samsung 50" Crystal UHD'), price: 5_900_000, category: 3, discount: 20 },
  { title: text('LG 55" OLED'), price: 14_200_000, category: 3 },
  { title: text('Hofmann 32"'), price: 1_750_000, category: 3 },
  { title: text('Xiaomi TV A 43'), price: 3_100_000, category: 3 },
  { title: text('TCL 65" QLED'), price: 9_800_000, category: 3 },
  { title: text('Shivaki 24"'), price: 1_150_000, category: 3, count: 0 },
  { title: text('Artel muzlatgich', 'Холодильник Artel'), price: 4_800_000, category: 4, discount: 12 },
  { title: text('Samsung kir yuvish mashinasi', 'Стиральная машина Samsung'), price: 5_200_000, category: 4 },
  { title: text('Tefal dazmol', 'Утюг Tefal'), price: 690_000, category: 4 },
  { title: text('Philips changyutgich', 'Пылесос Philips'), price: 1_450_000, category: 4, discount: 25 },
  { title: text('Midea konditsioner', 'Кондиционер Midea'), price: 4_300_000, category: 4 },
  { title: text('Bosch blender', 'Блендер Bosch'), price: 890_000, category: 4 },
  { title: text('Vitek elektr choynak', 'Электрочайник Vitek'), price: 320_000, category: 4, photos: 0 },
  { title: text('Lazer guruch, 1 kg', 'Рис «Лазер», 1 кг'), price: 18_000, category: 5 },
  { title: text('Qarshi qovuni, 1 kg', 'Дыня из Карши, 1 кг'), price: 12_000, category: 5 },
  { title: text("Yong'oq, 1 kg", 'Грецкий орех, 1 кг'), price: 65_000, category: 5, discount: 10 },
  { title: text('Mayiz, 1 kg', 'Изюм, 1 кг'), price: 48_000, category: 5 },
  { title: text('Asal, 1 kg', 'Мёд, 1 кг'), price: 90_000, category: 5 },
  { title: text('Tandir non', 'Тандырная лепёшка'), price: 4_000, category: 5 },
  {
    title: text("Erkaklar ko'ylagi", 'Мужская рубашка'),
    price: 250_000,
    category: 6,
    features: [
      { attributes: [size('M')], count: 5 },
      { attributes: [size('L')], count: 4 },
      { attributes: [size('XL')], count: 2 },
    ],
  },
  {
    title: text("Ayollar ko'ylagi", 'Женское платье'),
    price: 420_000,
    category: 6,
    features: [
      { attributes: [size('S'), colour('Qizil', 'Красный')], count: 3, photo: true },
      { attributes: [size('M'), colour('Qizil', 'Красный')], count: 0, photo: true },
      { attributes: [size('M'), blue], count: 2, photo: true },
    ],
  },
  {
    title: text('Krossovka', 'Кроссовки'),
    price: 690_000,
    category: 6,
    discount: 30,
    features: [
      { attributes: [size('41')], count: 2 },
      { attributes: [size('42')], count: 3 },
      { attributes: [size('43')], count: 1 },
    ],
  },
  {
    title: text('Qishki kurtka', 'Зимняя куртка'),
    price: 980_000,
    category: 6,
    features: [
      { attributes: [size('L'), black], count: 4 },
      { attributes: [size('XL'), black], count: 2 },
    ],
  },
  { title: text("Do'ppi", 'Тюбетейка'), price: 150_000, category: 6, photos: 0 },
  { title: text('Jinsi shim', 'Джинсы'), price: 330_000, category: 6 },
];

/** The shop that sells each category. */
const storeOfCategory: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3 };

const warranty: Attribute = { name: text('Kafolat', 'Гарантия'), value: text('1 yil', '1 год') };
const origin: Attribute = { name: text('Kelib chiqishi', 'Происхождение'), value: text('Qashqadaryo', 'Кашкадарья') };
const byWeight: Attribute = { name: text("O'lchov birligi", 'Единица'), value: text('kg', 'кг') };

const attributesOf = (seed: ProductSeed): Attribute[] => {
  if (seed.category === 5) return [byWeight, origin];
  if (seed.category === 6) return [];
  const brand = seed.title.uz.split(' ')[0] ?? seed.title.uz;
  return [{ name: text('Brend', 'Бренд'), value: text(brand) }, warranty];
};

const description = (seed: ProductSeed, copy: number): Text => {
  const name = seed.title;
  const again = copy > 0 ? ` (${copy + 1})` : '';
  return text(
    `${name.uz}${again}: Qarshi bo'ylab yetkazib beriladi. Rasmiy kafolat va qaytarish 10 kun ichida.`,
    `${name.ru}${again}: доставка по Карши. Официальная гарантия и возврат в течение 10 дней.`,
  );
};

const round100 = (value: number) => Math.round(value / 100) * 100;

/** Product `id` from its seed; `copy` counts the rounds past the 40 seeds (0 for the seed itself). */
function product(id: number, seed: ProductSeed, copy: number): Product {
  // A feature's id is its product's id x 100 + its rank: unique, and readable in a test.
  const features: Feature[] = (seed.features ?? []).map((feature, rank) => {
    const featureId = id * 100 + rank + 1;
    return {
      id: featureId,
      count: feature.count,
      images: feature.photo ? [`products/${id}-f${featureId}.png`] : [],
      attributes: feature.attributes,
    };
  });
  const photos = seed.photos ?? 2 + (id % 2);
  const discount = seed.discount ?? 0;
  const suffix = copy > 0 ? ` (${copy + 1})` : '';
  return {
    id,
    title: text(seed.title.uz + suffix, seed.title.ru + suffix),
    description: description(seed, copy),
    price: seed.price,
    discount,
    discountPrice: discount ? round100((seed.price * (100 - discount)) / 100) : null,
    images: Array.from({ length: photos }, (_, n) => `products/${id}-${n + 1}.png`),
    count: seed.count ?? (features.length ? features.reduce((sum, f) => sum + f.count, 0) : 3 + ((id * 7) % 25)),
    attributes: attributesOf(seed),
    features,
    categoryId: seed.category,
    storeId: storeOfCategory[seed.category] ?? 1,
    sold: (id * 37) % 101,
  };
}

const banner = (id: number, kind: string, url: string, uz: string, ru: string): Banner => ({
  id,
  image: `banners/${kind}-${id}.png`,
  url,
  alt: text(uz, ru),
});

/**
 * Links are site paths without the language prefix (§2 redirects those to /uz); the phone
 * list leads elsewhere than the laptop list, so a page that mixes them up shows it.
 */
const banners: Catalogue['banners'] = {
  laptop: {
    b: [
      banner(1, 'laptop', '/category/1', 'Smartfonlarga chegirmalar', 'Скидки на смартфоны'),
      banner(2, 'laptop', '/product/12', 'MacBook Air M2: yangi narx', 'MacBook Air M2: новая цена'),
      banner(3, 'laptop', '/category/6', 'Yangi mavsum kiyimlari', 'Одежда нового сезона'),
    ],
    t: [
      banner(4, 'laptop', '/category/3', 'Televizorlar haftaligi', 'Неделя телевизоров'),
      banner(5, 'laptop', '/top-product', "Eng ko'p sotilganlar", 'Хиты продаж'),
    ],
  },
  phone: {
    b: [
      banner(6, 'phone', '/product/3', "iPhone 15 bo'lib to'lashga", 'iPhone 15 в рассрочку'),
      banner(7, 'phone', '/category/5', 'Qarshi qovunlari keldi', 'Каршинские дыни уже здесь'),
    ],
    t: [banner(8, 'phone', '/category/4', 'Maishiy texnika aksiyasi', 'Акция на бытовую технику')],
  },
};

const categoryBanners = new Map<number, Banner[]>([
  [1, [banner(9, 'category', '/product/6', 'Samsung Galaxy S24', 'Samsung Galaxy S24')]],
  [2, [banner(10, 'category', '/product/8', 'Lenovo IdeaPad 3: -15%', 'Lenovo IdeaPad 3: -15%')]],
]);

/**
 * The catalogue with `size` products: the 40 seeds, then copies of them with new ids (for load tests); the hostile
 * one adds what sellers write that a shop must survive (hostile.ts).
 */
export function buildCatalogue(size: number, kind: CatalogueKind = 'seed'): Catalogue {
  const products = Array.from({ length: size }, (_, index) => {
    const seed = seeds[index % seeds.length];
    if (!seed) throw new Error('the seed list is empty');
    return product(index + 1, seed, Math.floor(index / seeds.length));
  });
  const featureById = new Map<number, { feature: Feature; product: Product }>();
  for (const item of products)
    for (const feature of item.features) featureById.set(feature.id, { feature, product: item });
  const catalogue: Catalogue = {
    categories,
    stores,
    products,
    productById: new Map(products.map((item) => [item.id, item])),
    featureById,
    banners,
    categoryBanners,
    comments: seedComments(),
  };
  return kind === 'hostile' ? withHostileValues(catalogue) : catalogue;
}
