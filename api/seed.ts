/**
 * Deterministic demo catalogue: the same seed always gives the same rows.
 * Electronics and household goods for Qarshi, in Uzbek (Latin, with oʻ/gʻ) and Russian.
 */
import { normalise, type Db } from './db.ts';
import { orderNumber } from './orders.ts';
import type { StoredAttribute } from './present.ts';
import { unitPrice } from '#contract/price.ts';

export interface SeedOptions {
  products: number;
  seed: number;
}

/** mulberry32: tiny, fast, good enough for demo data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[Math.floor(next() * list.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return { next, int, pick, chance: (p: number) => next() < p };
}

interface Kind {
  uz: string;
  ru: string;
  models: string[];
}
interface CategorySeed {
  slug: string;
  uz: string;
  ru: string;
  kinds: Kind[];
  price: [number, number];
  memory?: string[];
  colours?: boolean;
  kg?: boolean;
}

const CATEGORIES: CategorySeed[] = [
  {
    slug: 'smartfonlar',
    uz: 'Smartfonlar',
    ru: 'Смартфоны',
    price: [1_500_000, 18_000_000],
    memory: ['128 GB', '256 GB', '512 GB'],
    colours: true,
    kinds: [
      {
        uz: 'Smartfon',
        ru: 'Смартфон',
        models: [
          'Samsung Galaxy A55',
          'Samsung Galaxy S24',
          'Apple iPhone 15',
          'Apple iPhone 14',
          'Xiaomi Redmi Note 13',
          'Xiaomi 14T',
          'Honor X9b',
          'Realme C67',
          'Tecno Spark 20',
          'Infinix Hot 40',
        ],
      },
    ],
  },
  {
    slug: 'noutbuklar',
    uz: 'Noutbuklar',
    ru: 'Ноутбуки',
    price: [5_000_000, 25_000_000],
    memory: ['256 GB SSD', '512 GB SSD', '1 TB SSD'],
    colours: true,
    kinds: [
      {
        uz: 'Noutbuk',
        ru: 'Ноутбук',
        models: [
          'Lenovo IdeaPad 3',
          'HP Pavilion 15',
          'Asus VivoBook 15',
          'Acer Aspire 5',
          'Apple MacBook Air M2',
          'MSI Modern 14',
          'Huawei MateBook D15',
        ],
      },
    ],
  },
  {
    slug: 'planshetlar',
    uz: 'Planshetlar',
    ru: 'Планшеты',
    price: [1_800_000, 12_000_000],
    memory: ['64 GB', '128 GB', '256 GB'],
    colours: true,
    kinds: [
      {
        uz: 'Planshet',
        ru: 'Планшет',
        models: ['Apple iPad 10.9', 'Samsung Galaxy Tab A9', 'Xiaomi Pad 6', 'Lenovo Tab M10', 'Honor Pad 9'],
      },
    ],
  },
  {
    slug: 'televizorlar',
    uz: 'Televizorlar',
    ru: 'Телевизоры',
    price: [3_000_000, 20_000_000],
    kinds: [
      {
        uz: 'Televizor',
        ru: 'Телевизор',
        models: [
          'Samsung Crystal UHD 55"',
          'LG OLED evo 55"',
          'Artel UA43H3502',
          'Xiaomi TV A Pro 50"',
          'TCL 43P635',
          'Hisense 50A6K',
        ],
      },
    ],
  },
  {
    slug: 'maishiy-texnika',
    uz: 'Maishiy texnika',
    ru: 'Бытовая техника',
    price: [2_500_000, 14_000_000],
    colours: true,
    kinds: [
      { uz: 'Muzlatgich', ru: 'Холодильник', models: ['Artel HD 455', 'Samsung RB34', 'LG GA-B509', 'Beko RCNK 365'] },
      {
        uz: 'Kir yuvish mashinasi',
        ru: 'Стиральная машина',
        models: ['Artel WF60', 'LG F2J3', 'Samsung WW70', 'Bosch WAN2'],
      },
    ],
  },
  {
    slug: 'oshxona-jihozlari',
    uz: 'Oshxona jihozlari',
    ru: 'Кухонная техника',
    price: [250_000, 4_000_000],
    colours: true,
    kinds: [
      { uz: 'Mikrotoʻlqinli pech', ru: 'Микроволновая печь', models: ['Samsung ME88', 'LG MS2042', 'Artel MW20'] },
      { uz: 'Elektr choynak', ru: 'Электрочайник', models: ['Tefal KO150', 'Philips HD9350', 'Xiaomi Mi Kettle'] },
      { uz: 'Blender', ru: 'Блендер', models: ['Moulinex LM42', 'Braun MQ3000', 'Philips HR2100'] },
      { uz: 'Multivarka', ru: 'Мультиварка', models: ['Redmond RMC-M90', 'Tefal RK8121'] },
    ],
  },
  {
    slug: 'changyutgichlar',
    uz: 'Changyutgichlar',
    ru: 'Пылесосы',
    price: [900_000, 9_000_000],
    colours: true,
    kinds: [
      {
        uz: 'Changyutgich',
        ru: 'Пылесос',
        models: ['Samsung VC18', 'Dyson V8', 'Xiaomi Robot Vacuum S10', 'Philips PowerPro', 'LG CordZero'],
      },
    ],
  },
  {
    slug: 'konditsionerlar',
    uz: 'Konditsionerlar',
    ru: 'Кондиционеры',
    price: [3_200_000, 11_000_000],
    kinds: [
      {
        uz: 'Konditsioner',
        ru: 'Кондиционер',
        models: ['Artel Shahrisabz 12', 'Midea Blanc 9', 'Gree Bora 12', 'LG Dualcool 12', 'Samsung WindFree 9'],
      },
    ],
  },
  {
    slug: 'quloqchinlar',
    uz: 'Quloqchinlar',
    ru: 'Наушники',
    price: [150_000, 4_500_000],
    colours: true,
    kinds: [
      {
        uz: 'Simsiz quloqchin',
        ru: 'Беспроводные наушники',
        models: [
          'Apple AirPods Pro 2',
          'Samsung Galaxy Buds2',
          'JBL Tune 520BT',
          'Sony WH-1000XM5',
          'Xiaomi Redmi Buds 5',
        ],
      },
    ],
  },
  {
    slug: 'aqlli-soatlar',
    uz: 'Aqlli soatlar',
    ru: 'Умные часы',
    price: [400_000, 6_000_000],
    colours: true,
    kinds: [
      {
        uz: 'Aqlli soat',
        ru: 'Умные часы',
        models: [
          'Apple Watch SE',
          'Samsung Galaxy Watch6',
          'Xiaomi Smart Band 8',
          'Huawei Watch GT 4',
          'Amazfit GTS 4',
        ],
      },
    ],
  },
  {
    slug: 'oyin-konsollari',
    uz: 'Oʻyin konsollari',
    ru: 'Игровые консоли',
    price: [3_500_000, 9_500_000],
    memory: ['512 GB', '1 TB'],
    kinds: [
      {
        uz: 'Oʻyin konsoli',
        ru: 'Игровая консоль',
        models: ['Sony PlayStation 5', 'Microsoft Xbox Series S', 'Nintendo Switch OLED'],
      },
    ],
  },
  {
    slug: 'kompyuter-aksessuarlari',
    uz: 'Kompyuter aksessuarlari',
    ru: 'Компьютерные аксессуары',
    price: [80_000, 1_500_000],
    colours: true,
    kinds: [
      { uz: 'Sichqoncha', ru: 'Мышь', models: ['Logitech M190', 'A4Tech Bloody V7', 'Razer DeathAdder'] },
      { uz: 'Klaviatura', ru: 'Клавиатура', models: ['Logitech K120', 'Redragon Kumara', 'A4Tech KR-85'] },
      { uz: 'Veb-kamera', ru: 'Веб-камера', models: ['Logitech C270', 'Xiaomi Imilab W88'] },
    ],
  },
  {
    slug: 'fotoapparatlar',
    uz: 'Fotoapparatlar',
    ru: 'Фотоаппараты',
    price: [6_000_000, 22_000_000],
    kinds: [
      {
        uz: 'Fotoapparat',
        ru: 'Фотоаппарат',
        models: ['Canon EOS 250D', 'Nikon Z50', 'Sony Alpha a6400', 'Fujifilm X-T30 II'],
      },
    ],
  },
  {
    slug: 'gozallik-va-salomatlik',
    uz: 'Goʻzallik va salomatlik',
    ru: 'Красота и здоровье',
    price: [200_000, 7_000_000],
    colours: true,
    kinds: [
      { uz: 'Soch quritgich', ru: 'Фен', models: ['Philips BHD300', 'Dyson Supersonic', 'Rowenta CV5'] },
      { uz: 'Soqol olish mashinasi', ru: 'Электробритва', models: ['Philips S3000', 'Braun Series 5'] },
      { uz: 'Elektron tarozi', ru: 'Электронные весы', models: ['Xiaomi Mi Scale 2', 'Tefal PP1100'] },
    ],
  },
  {
    slug: 'quruq-mevalar',
    uz: 'Quruq mevalar va yongʻoqlar',
    ru: 'Сухофрукты и орехи',
    price: [45_000, 180_000],
    kg: true,
    kinds: [{ uz: '', ru: '', models: [] }],
  },
];

/** Goods sold by the kilogram: [uz, ru]. */
const BY_KG: [string, string][] = [
  ['Mayiz, Qashqadaryo', 'Изюм, Кашкадарья'],
  ['Oʻrik qoqi', 'Курага'],
  ['Yongʻoq magʻzi', 'Грецкий орех, очищенный'],
  ['Bodom', 'Миндаль'],
  ['Pista', 'Фисташки'],
  ['Jiyda', 'Джида'],
];
const COLOURS: [string, string][] = [
  ['Qora', 'Чёрный'],
  ['Oq', 'Белый'],
  ['Koʻk', 'Синий'],
  ['Kulrang', 'Серый'],
  ['Yashil', 'Зелёный'],
  ['Qizil', 'Красный'],
  ['Pushti', 'Розовый'],
  ['Tilla rang', 'Золотой'],
];
const STORES = [
  {
    address: 'texnomart-qarshi',
    name: 'Texnomart',
    legal: '"TEXNOMART" MChJ',
    street: ['Islom Karimov koʻchasi', 'ул. Ислама Каримова'],
  },
  {
    address: 'mediapark-qarshi',
    name: 'Mediapark',
    legal: '"MEDIA PARK GROUP" MChJ',
    street: ['Mustaqillik shoh koʻchasi', 'пр. Мустакиллик'],
  },
  {
    address: 'artel-qarshi',
    name: 'Artel',
    legal: '"ARTEL ELECTRONICS" MChJ',
    street: ['Nasaf koʻchasi', 'ул. Насаф'],
  },
  {
    address: 'idea-qarshi',
    name: 'Idea',
    legal: '"IDEA ELECTRONICS" MChJ',
    street: ['Alisher Navoiy koʻchasi', 'ул. Алишера Навои'],
  },
  {
    address: 'goodzone-qarshi',
    name: 'Goodzone',
    legal: '"GOODZONE" MChJ',
    street: ['Jayhun koʻchasi', 'ул. Джейхун'],
  },
  {
    address: 'olcha-qarshi',
    name: 'Olcha',
    legal: '"OLCHA STORE" MChJ',
    street: ['Bunyodkor koʻchasi', 'ул. Бунёдкор'],
  },
  {
    address: 'nasaf-savdo-qarshi',
    name: 'Nasaf savdo',
    legal: '"NASAF SAVDO" XK',
    street: ['Oʻzbekiston koʻchasi', 'ул. Узбекистан'],
  },
];
const AUTHORS = ['Aziz K.', 'Dilnoza R.', 'Sardor M.', 'Malika Y.', 'Шерзод Т.', 'Анна П.', 'Bekzod H.', 'Гульнора С.'];
const REVIEWS: Record<'good' | 'mixed' | 'bad', { uz: [string, string, string]; ru: [string, string, string] }> = {
  good: {
    uz: ['Sifati zoʻr, tez ishlaydi', 'Topilmadi', 'Yetkazib berish tez boʻldi, hammaga tavsiya qilaman.'],
    ru: ['Отличное качество, работает быстро', 'Не нашёл', 'Доставили быстро, всем рекомендую.'],
  },
  mixed: {
    uz: ['Narxiga yarasha yaxshi', 'Qutisi biroz ezilgan edi', 'Umuman olganda mamnunman.'],
    ru: ['Хорошо за свои деньги', 'Коробка была немного помята', 'В целом доволен покупкой.'],
  },
  bad: {
    uz: ['Dizayni chiroyli', 'Tez qiziydi, batareya kam ushlaydi', 'Kutganimdek chiqmadi.'],
    ru: ['Красивый дизайн', 'Быстро греется, батарея держит мало', 'Не оправдал ожиданий.'],
  },
};
const BASE_MS = Date.UTC(2025, 0, 15, 9, 0, 0);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** 3 487 213 → 3 489 000-style shop prices: thousands ending in 9 000 above a million. */
function shopPrice(value: number): number {
  if (value >= 1_000_000) return Math.max(1, Math.round(value / 100_000)) * 100_000 - 1_000;
  if (value >= 100_000) return Math.round(value / 10_000) * 10_000 - 1_000;
  return Math.round(value / 1_000) * 1_000;
}

function descriptions(r: ReturnType<typeof prng>, kindUz: string, kindRu: string, model: string): [string, string] {
  const uz = [
    `<p>${model} — kundalik foydalanish uchun ishonchli ${kindUz.toLowerCase()}.</p>`,
    `<p>Rasmiy kafolat 1 yil, Qarshi shahri boʻylab yetkazib berish.</p>`,
    `<ul><li>Zamonaviy dizayn</li><li>Tejamkor quvvat sarfi</li><li>Oson boshqaruv</li></ul>`,
    `<p>Mahsulot sertifikatlangan va original qadoqda yetkaziladi.</p>`,
  ];
  const ru = [
    `<p>${model} — надёжный выбор в категории «${kindRu.toLowerCase()}» для каждого дня.</p>`,
    `<p>Официальная гарантия 1 год, доставка по Карши.</p>`,
    `<ul><li>Современный дизайн</li><li>Экономичное энергопотребление</li><li>Простое управление</li></ul>`,
    `<p>Товар сертифицирован и поставляется в оригинальной упаковке.</p>`,
  ];
  const n = r.int(2, 4);
  return [uz.slice(0, n).join(''), ru.slice(0, n).join('')];
}

export function seedDatabase(db: Db, { products, seed }: SeedOptions): void {
  const r = prng(seed);
  db.tx(() => {
    const categoryIds: number[] = [];
    CATEGORIES.forEach((c, index) => {
      categoryIds.push(
        db.run(
          'INSERT INTO categories (name_uz, name_ru, image, search, position) VALUES (?, ?, ?, ?, ?)',
          c.uz,
          c.ru,
          JSON.stringify(index % 4 === 0 ? `categories/${c.slug}.svg` : [`categories/${c.slug}.svg`]),
          normalise(`${c.uz}\n${c.ru}`),
          index,
        ).id,
      );
    });
    const storeIds = STORES.map(
      (s, index) =>
        db.run(
          'INSERT INTO stores (name_uz, name_ru, address, logo, banner, location_uz, location_ru, legal_name, orders_count, search) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          s.name,
          s.name,
          s.address,
          `stores/${s.address}-logo.svg`,
          index === 6 ? null : `stores/${s.address}-banner.svg`,
          `Qarshi sh., ${s.street[0]}, ${r.int(1, 120)}-uy`,
          `г. Карши, ${s.street[1]}, д. ${r.int(1, 120)}`,
          s.legal,
          r.int(120, 9000),
          normalise(s.name),
        ).id,
    );
    const kgStore = storeIds[6] ?? 0;

    const insertProduct = db.raw.prepare(
      `INSERT INTO products (title_uz, title_ru, description_uz, description_ru, price, discount, discount_price, images, stock, unit,
       warranty_years, category_id, store_id, search, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
    );
    const insertFeature = db.raw.prepare(
      'INSERT INTO features (product_id, count, price, images, attributes) VALUES (?, ?, ?, ?, ?)',
    );
    const firstId = (db.get<{ id: number | null }>('SELECT max(id) AS id FROM products')?.id ?? 0) + 1;
    const productIds: number[] = [];
    const discounted: number[] = [];
    const byCategory = new Map<number, number[]>();

    for (let n = 0; n < products; n++) {
      const ci = r.int(0, CATEGORIES.length - 1);
      const c = CATEGORIES[ci];
      const categoryId = categoryIds[ci];
      if (!c || categoryId === undefined) throw new Error('category index out of range');
      let titleUz: string;
      let titleRu: string;
      let descUz: string;
      let descRu: string;
      let store: number;
      if (c.kg) {
        const [uz, ru] = r.pick(BY_KG);
        const grade = r.pick([
          ['oliy nav', 'высший сорт'],
          ['1-nav', '1 сорт'],
          ['saralangan', 'отборный'],
        ] as const);
        titleUz = `${uz}, ${grade[0]}, 1 kg`;
        titleRu = `${ru}, ${grade[1]}, 1 кг`;
        descUz = `<p>${uz} — Qashqadaryo dehqonlaridan, ${grade[0]}.</p><p>Narx 1 kilogramm uchun.</p>`;
        descRu = `<p>${ru} от фермеров Кашкадарьи, ${grade[1]}.</p><p>Цена за 1 килограмм.</p>`;
        store = kgStore;
      } else {
        const kind = r.pick(c.kinds);
        const model = r.pick(kind.models);
        const series = r.pick(['', ' Pro', ' Plus', ' Lite', ' 2024', ' Max']);
        titleUz = `${kind.uz} ${model}${series}`;
        titleRu = `${kind.ru} ${model}${series}`;
        [descUz, descRu] = descriptions(r, kind.uz, kind.ru, `${model}${series}`);
        store = r.pick(storeIds.slice(0, 6));
      }
      const price = shopPrice(c.price[0] + r.next() * (c.price[1] - c.price[0]));
      const discount = r.chance(0.3) ? r.pick([5, 10, 15, 20, 25, 30]) : null;
      const discountPrice = discount === null ? null : shopPrice(price * (1 - discount / 100));
      const id = firstId + n;
      if (n === 6) {
        // Exercises the storefront's HTML sanitiser.
        descUz += '<script>alert(1)</script><img src=x onerror=alert(1)>';
        descRu += '<script>alert(1)</script><img src=x onerror=alert(1)>';
      }
      const imageCount = r.int(1, 4);
      const paths = Array.from({ length: imageCount }, (_, i) => `products/${id}-${i + 1}.svg`);
      const shape = r.next();
      const images = shape < 0.1 ? null : shape < 0.25 ? JSON.stringify(paths.join(',')) : JSON.stringify(paths);

      // Variants: colours and/or memory sizes, each with its own stock (some sold out).
      const variants: { count: number; price: number | null; attributes: StoredAttribute[] }[] = [];
      if (!c.kg && (c.memory || c.colours) && r.chance(0.8)) {
        const colours = c.colours ? [...COLOURS].sort(() => r.next() - 0.5).slice(0, r.int(1, 3)) : [null];
        const memories = c.memory ? c.memory.slice(0, r.int(1, c.memory.length)) : [null];
        for (const colour of colours) {
          memories.forEach((memory, mi) => {
            const attributes: StoredAttribute[] = [];
            if (colour)
              attributes.push({
                key: 'color',
                name_uz: 'Rang',
                name_ru: 'Цвет',
                value_uz: colour[0],
                value_ru: colour[1],
              });
            if (memory)
              attributes.push({
                key: 'memory',
                name_uz: 'Xotira',
                name_ru: 'Память',
                value_uz: memory,
                value_ru: memory.replace('GB', 'ГБ').replace('TB', 'ТБ'),
              });
            variants.push({
              count: r.chance(0.2) ? 0 : r.int(1, 25),
              price: mi === 0 ? null : shopPrice(price * (1 + mi * 0.18)),
              attributes,
            });
          });
        }
      }
      const stock = variants.length ? variants.reduce((s, v) => s + v.count, 0) : c.kg ? r.int(20, 500) : r.int(0, 60);
      insertProduct.run(
        titleUz,
        titleRu,
        descUz,
        descRu,
        price,
        discount,
        discountPrice,
        images,
        stock,
        c.kg ? 'kg' : 'pcs',
        categoryId,
        store,
        normalise(`${titleUz}\n${titleRu}`),
        iso(BASE_MS + r.int(0, 120) * DAY),
      );
      variants.forEach((v, vi) => {
        const featureImages = r.chance(0.5) ? JSON.stringify([`products/${id}-v${vi + 1}.svg`]) : null;
        insertFeature.run(id, v.count, v.price, featureImages, JSON.stringify(v.attributes));
      });
      productIds.push(id);
      if (discount !== null) discounted.push(id);
      const inCategory = byCategory.get(categoryId) ?? [];
      inCategory.push(id);
      byCategory.set(categoryId, inCategory);
    }

    // Reviews in one language each, newest first on read; ratings lean positive like real shops.
    const insertReview = db.raw.prepare(
      'INSERT INTO reviews (product_id, user_id, author, rating, advantage, shortcoming, comment, images, created_at) VALUES (?, NULL, ?, ?, ?, ?, ?, ?, ?)',
    );
    const rate = db.raw.prepare('UPDATE products SET rating = ?, reviews_count = ? WHERE id = ?');
    const rated: { id: number; rating: number }[] = [];
    for (const id of productIds) {
      if (!r.chance(0.4)) continue;
      const count = r.int(1, 5);
      let sum = 0;
      for (let i = 0; i < count; i++) {
        const rating = r.pick([5, 5, 5, 4, 4, 4, 3, 2, 1]);
        sum += rating;
        const texts = REVIEWS[rating >= 4 ? 'good' : rating === 3 ? 'mixed' : 'bad'][r.chance(0.6) ? 'uz' : 'ru'];
        insertReview.run(
          id,
          r.pick(AUTHORS),
          rating,
          texts[0],
          texts[1],
          texts[2],
          r.chance(0.15) ? JSON.stringify([`reviews/${id}-${i + 1}.svg`]) : '[]',
          iso(BASE_MS + r.int(1, 200) * DAY + r.int(0, 86_000) * 1000),
        );
      }
      rate.run(sum / count, count, id);
      rated.push({ id, rating: sum / count });
    }

    const shuffled = [...productIds].sort(() => r.next() - 0.5);
    shuffled.slice(0, 40).forEach((id, rank) => db.run('UPDATE products SET top_rank = ? WHERE id = ?', rank + 1, id));

    const groups: [string, string, number[]][] = [
      ['Yangi kelgan mahsulotlar', 'Новинки', productIds.slice(-12).reverse()],
      ['Chegirmadagi mahsulotlar', 'Товары со скидкой', discounted.slice(0, 12)],
      [
        'Eng koʻp baholanganlar',
        'Лучшие по отзывам',
        rated
          .sort((a, b) => b.rating - a.rating || a.id - b.id)
          .slice(0, 12)
          .map((p) => p.id),
      ],
      ['Smartfonlar va gadjetlar', 'Смартфоны и гаджеты', (byCategory.get(categoryIds[0] ?? 0) ?? []).slice(0, 12)],
    ];
    groups.forEach(([uz, ru, ids], position) => {
      const groupId = db.run(
        'INSERT INTO product_groups (title_uz, title_ru, position) VALUES (?, ?, ?)',
        uz,
        ru,
        position,
      ).id;
      ids.forEach((pid, i) =>
        db.run('INSERT INTO group_products (group_id, product_id, position) VALUES (?, ?, ?)', groupId, pid, i),
      );
    });

    const banner = db.raw.prepare(
      'INSERT INTO banners (kind, category_id, list, title_uz, title_ru, image, link, position) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const slides: [string, string][] = [
      ['Yangi smartfonlar 12 oyga muddatli toʻlovga', 'Новые смартфоны в рассрочку на 12 месяцев'],
      ['Maishiy texnikaga 30% gacha chegirma', 'Скидки до 30% на бытовую технику'],
      ['Birinchi buyurtmani bepul yetkazamiz', 'Бесплатная доставка первого заказа'],
    ];
    for (const kind of ['phone', 'laptop']) {
      slides.forEach(([uz, ru], i) =>
        banner.run(kind, null, 'b', uz, ru, `banners/${kind}-b-${i + 1}.svg`, `/category/${categoryIds[i] ?? 1}`, i),
      );
      banner.run(
        kind,
        null,
        't',
        'Haftaning eng yaxshi takliflari',
        'Лучшие предложения недели',
        `banners/${kind}-t-1.svg`,
        '/top-product',
        0,
      );
      banner.run(
        kind,
        null,
        't',
        'Texnomart doʻkoni Qarshida',
        'Магазин Texnomart в Карши',
        `banners/${kind}-t-2.svg`,
        '/store/texnomart-qarshi',
        1,
      );
    }
    CATEGORIES.forEach((c, i) => {
      const cid = categoryIds[i] ?? null;
      banner.run(
        'category',
        cid,
        'b',
        `${c.uz}: yangi kolleksiya`,
        `${c.ru}: новая коллекция`,
        `banners/category-${c.slug}-b.svg`,
        `/category/${cid}`,
        0,
      );
      banner.run(
        'category',
        cid,
        't',
        `${c.uz} chegirmada`,
        `${c.ru} со скидкой`,
        `banners/category-${c.slug}-t.svg`,
        null,
        0,
      );
    });

    // Demo shopper +998901234567 with a delivered order (so there is something to review) and one on its way.
    const userId = db.run(
      "INSERT INTO users (phone, first_name, last_name, father_name, gender, created_at) VALUES ('+998901234567', 'Jasur', 'Karimov', 'Akmalovich', 'male', ?)",
      iso(BASE_MS),
    ).id;
    const address = {
      region: 'Qashqadaryo viloyati',
      city: 'Qarshi',
      street: 'Islom Karimov koʻchasi',
      home: '24',
      etaj: '3',
      entrance: '2',
      latitude: 38.8606,
      longitude: 65.7891,
      display_name: 'Qarshi sh., Islom Karimov koʻchasi, 24',
      delivery_type: 'city',
    };
    const orders: [string, 'paid' | 'unpaid', number[]][] = [
      ['delivered', 'paid', shuffled.slice(-3)],
      ['delivering', 'unpaid', shuffled.slice(0, 1)],
    ];
    orders.forEach(([status, payment, ids], i) => {
      const created = BASE_MS + (100 + i * 10) * DAY;
      const orderId = db.run(
        `INSERT INTO orders (user_id, number, status, payment_method, payment_status, delivery_date, customer_name, customer_phone, address, created_at)
         VALUES (?, '', ?, 'cash', ?, ?, 'Jasur Karimov', '+998901234567', ?, ?)`,
        userId,
        status,
        payment,
        iso(created + 2 * DAY).slice(0, 10),
        JSON.stringify(address),
        iso(created),
      ).id;
      db.run('UPDATE orders SET number = ? WHERE id = ?', orderNumber(orderId), orderId);
      for (const pid of ids) {
        const p = db.get<{ price: number; discount_price: number | null }>(
          'SELECT price, discount_price FROM products WHERE id = ?',
          pid,
        );
        if (p)
          db.run(
            'INSERT INTO order_items (order_id, product_id, quantity, price) VALUES (?, ?, 1, ?)',
            orderId,
            pid,
            unitPrice(p, null),
          );
      }
    });
  });
}
