/**
 * What the demo catalogue is made of: categories with their kinds and models,
 * goods sold by the kilogram, colours, stores, reviews, home groups and
 * banners, and the demo shopper. Every text comes in Uzbek (Latin, with oʻ/gʻ)
 * and Russian. The steps that turn this into rows are in seed.ts.
 */
import type { Lang } from '#contract/langs.ts';

export type Text = Record<Lang, string>;

/** A kind of product within a category (Smartfon, Blender...) and the models sold. */
export interface Kind {
  name: Text;
  models: readonly string[];
}

export interface CategorySeed {
  slug: string;
  name: Text;
  /** Price range in soʻm of a product (before its variant's extra). */
  price: { min: number; max: number };
  /** Empty for goods sold by the kilogram. */
  kinds: readonly Kind[];
  /** Memory sizes a variant can have (each larger one costs more). */
  memory?: readonly string[];
  /** Variants come in colours. */
  colours?: boolean;
  /** Dried fruit and nuts: priced per kilogram, sold by the store that sells by weight. */
  soldByKg?: boolean;
}

export const CATEGORIES: readonly CategorySeed[] = [
  {
    slug: 'smartfonlar',
    name: { uz: 'Smartfonlar', ru: 'Смартфоны' },
    price: { min: 1_500_000, max: 18_000_000 },
    memory: ['128 GB', '256 GB', '512 GB'],
    colours: true,
    kinds: [
      {
        name: { uz: 'Smartfon', ru: 'Смартфон' },
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
    name: { uz: 'Noutbuklar', ru: 'Ноутбуки' },
    price: { min: 5_000_000, max: 25_000_000 },
    memory: ['256 GB SSD', '512 GB SSD', '1 TB SSD'],
    colours: true,
    kinds: [
      {
        name: { uz: 'Noutbuk', ru: 'Ноутбук' },
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
    name: { uz: 'Planshetlar', ru: 'Планшеты' },
    price: { min: 1_800_000, max: 12_000_000 },
    memory: ['64 GB', '128 GB', '256 GB'],
    colours: true,
    kinds: [
      {
        name: { uz: 'Planshet', ru: 'Планшет' },
        models: ['Apple iPad 10.9', 'Samsung Galaxy Tab A9', 'Xiaomi Pad 6', 'Lenovo Tab M10', 'Honor Pad 9'],
      },
    ],
  },
  {
    slug: 'televizorlar',
    name: { uz: 'Televizorlar', ru: 'Телевизоры' },
    price: { min: 3_000_000, max: 20_000_000 },
    kinds: [
      {
        name: { uz: 'Televizor', ru: 'Телевизор' },
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
    name: { uz: 'Maishiy texnika', ru: 'Бытовая техника' },
    price: { min: 2_500_000, max: 14_000_000 },
    colours: true,
    kinds: [
      {
        name: { uz: 'Muzlatgich', ru: 'Холодильник' },
        models: ['Artel HD 455', 'Samsung RB34', 'LG GA-B509', 'Beko RCNK 365'],
      },
      {
        name: { uz: 'Kir yuvish mashinasi', ru: 'Стиральная машина' },
        models: ['Artel WF60', 'LG F2J3', 'Samsung WW70', 'Bosch WAN2'],
      },
    ],
  },
  {
    slug: 'oshxona-jihozlari',
    name: { uz: 'Oshxona jihozlari', ru: 'Кухонная техника' },
    price: { min: 250_000, max: 4_000_000 },
    colours: true,
    kinds: [
      {
        name: { uz: 'Mikrotoʻlqinli pech', ru: 'Микроволновая печь' },
        models: ['Samsung ME88', 'LG MS2042', 'Artel MW20'],
      },
      {
        name: { uz: 'Elektr choynak', ru: 'Электрочайник' },
        models: ['Tefal KO150', 'Philips HD9350', 'Xiaomi Mi Kettle'],
      },
      { name: { uz: 'Blender', ru: 'Блендер' }, models: ['Moulinex LM42', 'Braun MQ3000', 'Philips HR2100'] },
      { name: { uz: 'Multivarka', ru: 'Мультиварка' }, models: ['Redmond RMC-M90', 'Tefal RK8121'] },
    ],
  },
  {
    slug: 'changyutgichlar',
    name: { uz: 'Changyutgichlar', ru: 'Пылесосы' },
    price: { min: 900_000, max: 9_000_000 },
    colours: true,
    kinds: [
      {
        name: { uz: 'Changyutgich', ru: 'Пылесос' },
        models: ['Samsung VC18', 'Dyson V8', 'Xiaomi Robot Vacuum S10', 'Philips PowerPro', 'LG CordZero'],
      },
    ],
  },
  {
    slug: 'konditsionerlar',
    name: { uz: 'Konditsionerlar', ru: 'Кондиционеры' },
    price: { min: 3_200_000, max: 11_000_000 },
    kinds: [
      {
        name: { uz: 'Konditsioner', ru: 'Кондиционер' },
        models: ['Artel Shahrisabz 12', 'Midea Blanc 9', 'Gree Bora 12', 'LG Dualcool 12', 'Samsung WindFree 9'],
      },
    ],
  },
  {
    slug: 'quloqchinlar',
    name: { uz: 'Quloqchinlar', ru: 'Наушники' },
    price: { min: 150_000, max: 4_500_000 },
    colours: true,
    kinds: [
      {
        name: { uz: 'Simsiz quloqchin', ru: 'Беспроводные наушники' },
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
    name: { uz: 'Aqlli soatlar', ru: 'Умные часы' },
    price: { min: 400_000, max: 6_000_000 },
    colours: true,
    kinds: [
      {
        name: { uz: 'Aqlli soat', ru: 'Умные часы' },
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
    name: { uz: 'Oʻyin konsollari', ru: 'Игровые консоли' },
    price: { min: 3_500_000, max: 9_500_000 },
    memory: ['512 GB', '1 TB'],
    kinds: [
      {
        name: { uz: 'Oʻyin konsoli', ru: 'Игровая консоль' },
        models: ['Sony PlayStation 5', 'Microsoft Xbox Series S', 'Nintendo Switch OLED'],
      },
    ],
  },
  {
    slug: 'kompyuter-aksessuarlari',
    name: { uz: 'Kompyuter aksessuarlari', ru: 'Компьютерные аксессуары' },
    price: { min: 80_000, max: 1_500_000 },
    colours: true,
    kinds: [
      { name: { uz: 'Sichqoncha', ru: 'Мышь' }, models: ['Logitech M190', 'A4Tech Bloody V7', 'Razer DeathAdder'] },
      { name: { uz: 'Klaviatura', ru: 'Клавиатура' }, models: ['Logitech K120', 'Redragon Kumara', 'A4Tech KR-85'] },
      { name: { uz: 'Veb-kamera', ru: 'Веб-камера' }, models: ['Logitech C270', 'Xiaomi Imilab W88'] },
    ],
  },
  {
    slug: 'fotoapparatlar',
    name: { uz: 'Fotoapparatlar', ru: 'Фотоаппараты' },
    price: { min: 6_000_000, max: 22_000_000 },
    kinds: [
      {
        name: { uz: 'Fotoapparat', ru: 'Фотоаппарат' },
        models: ['Canon EOS 250D', 'Nikon Z50', 'Sony Alpha a6400', 'Fujifilm X-T30 II'],
      },
    ],
  },
  {
    slug: 'gozallik-va-salomatlik',
    name: { uz: 'Goʻzallik va salomatlik', ru: 'Красота и здоровье' },
    price: { min: 200_000, max: 7_000_000 },
    colours: true,
    kinds: [
      { name: { uz: 'Soch quritgich', ru: 'Фен' }, models: ['Philips BHD300', 'Dyson Supersonic', 'Rowenta CV5'] },
      { name: { uz: 'Soqol olish mashinasi', ru: 'Электробритва' }, models: ['Philips S3000', 'Braun Series 5'] },
      { name: { uz: 'Elektron tarozi', ru: 'Электронные весы' }, models: ['Xiaomi Mi Scale 2', 'Tefal PP1100'] },
    ],
  },
  {
    slug: 'quruq-mevalar',
    name: { uz: 'Quruq mevalar va yongʻoqlar', ru: 'Сухофрукты и орехи' },
    price: { min: 45_000, max: 180_000 },
    kinds: [],
    soldByKg: true,
  },
];

/** Model name suffixes ('' for the plain model). */
export const SERIES: readonly string[] = ['', ' Pro', ' Plus', ' Lite', ' 2024', ' Max'];

/** Goods sold by the kilogram and their grades. */
export const BY_KG: readonly Text[] = [
  { uz: 'Mayiz, Qashqadaryo', ru: 'Изюм, Кашкадарья' },
  { uz: 'Oʻrik qoqi', ru: 'Курага' },
  { uz: 'Yongʻoq magʻzi', ru: 'Грецкий орех, очищенный' },
  { uz: 'Bodom', ru: 'Миндаль' },
  { uz: 'Pista', ru: 'Фисташки' },
  { uz: 'Jiyda', ru: 'Джида' },
];
export const GRADES: readonly Text[] = [
  { uz: 'oliy nav', ru: 'высший сорт' },
  { uz: '1-nav', ru: '1 сорт' },
  { uz: 'saralangan', ru: 'отборный' },
];

export const COLOURS: readonly Text[] = [
  { uz: 'Qora', ru: 'Чёрный' },
  { uz: 'Oq', ru: 'Белый' },
  { uz: 'Koʻk', ru: 'Синий' },
  { uz: 'Kulrang', ru: 'Серый' },
  { uz: 'Yashil', ru: 'Зелёный' },
  { uz: 'Qizil', ru: 'Красный' },
  { uz: 'Pushti', ru: 'Розовый' },
  { uz: 'Tilla rang', ru: 'Золотой' },
];

/** Discounts (percent) a product on sale can have. */
export const DISCOUNTS: readonly number[] = [5, 10, 15, 20, 25, 30];

/** Product descriptions: the first 2 to 4 paragraphs are used. */
export const DESCRIPTION: Record<Lang, (model: string, kind: string) => string[]> = {
  uz: (model, kind) => [
    `<p>${model} — kundalik foydalanish uchun ishonchli ${kind.toLowerCase()}.</p>`,
    `<p>Rasmiy kafolat 1 yil, Qarshi shahri boʻylab yetkazib berish.</p>`,
    `<ul><li>Zamonaviy dizayn</li><li>Tejamkor quvvat sarfi</li><li>Oson boshqaruv</li></ul>`,
    `<p>Mahsulot sertifikatlangan va original qadoqda yetkaziladi.</p>`,
  ],
  ru: (model, kind) => [
    `<p>${model} — надёжный выбор в категории «${kind.toLowerCase()}» для каждого дня.</p>`,
    `<p>Официальная гарантия 1 год, доставка по Карши.</p>`,
    `<ul><li>Современный дизайн</li><li>Экономичное энергопотребление</li><li>Простое управление</li></ul>`,
    `<p>Товар сертифицирован и поставляется в оригинальной упаковке.</p>`,
  ],
};
export const KG_DESCRIPTION: Record<Lang, (goods: string, grade: string) => string> = {
  uz: (goods, grade) => `<p>${goods} — Qashqadaryo dehqonlaridan, ${grade}.</p><p>Narx 1 kilogramm uchun.</p>`,
  ru: (goods, grade) => `<p>${goods} от фермеров Кашкадарьи, ${grade}.</p><p>Цена за 1 килограмм.</p>`,
};
/** Added to one product's description to exercise the storefront's HTML sanitiser. */
export const HOSTILE_HTML = '<script>alert(1)</script><img src=x onerror=alert(1)>';

export interface StoreSeed {
  /** The store's address key in URLs (/store/{address}). */
  address: string;
  name: string;
  legal: string;
  street: Text;
  /** Has a banner image (one store has none, to exercise the fallback). */
  banner: boolean;
  /** Sells the goods priced per kilogram (and only those). */
  sellsByKg?: boolean;
}

export const STORES: readonly StoreSeed[] = [
  {
    address: 'texnomart-qarshi',
    name: 'Texnomart',
    legal: '"TEXNOMART" MChJ',
    street: { uz: 'Islom Karimov koʻchasi', ru: 'ул. Ислама Каримова' },
    banner: true,
  },
  {
    address: 'mediapark-qarshi',
    name: 'Mediapark',
    legal: '"MEDIA PARK GROUP" MChJ',
    street: { uz: 'Mustaqillik shoh koʻchasi', ru: 'пр. Мустакиллик' },
    banner: true,
  },
  {
    address: 'artel-qarshi',
    name: 'Artel',
    legal: '"ARTEL ELECTRONICS" MChJ',
    street: { uz: 'Nasaf koʻchasi', ru: 'ул. Насаф' },
    banner: true,
  },
  {
    address: 'idea-qarshi',
    name: 'Idea',
    legal: '"IDEA ELECTRONICS" MChJ',
    street: { uz: 'Alisher Navoiy koʻchasi', ru: 'ул. Алишера Навои' },
    banner: true,
  },
  {
    address: 'goodzone-qarshi',
    name: 'Goodzone',
    legal: '"GOODZONE" MChJ',
    street: { uz: 'Jayhun koʻchasi', ru: 'ул. Джейхун' },
    banner: true,
  },
  {
    address: 'olcha-qarshi',
    name: 'Olcha',
    legal: '"OLCHA STORE" MChJ',
    street: { uz: 'Bunyodkor koʻchasi', ru: 'ул. Бунёдкор' },
    banner: true,
  },
  {
    address: 'nasaf-savdo-qarshi',
    name: 'Nasaf savdo',
    legal: '"NASAF SAVDO" XK',
    street: { uz: 'Oʻzbekiston koʻchasi', ru: 'ул. Узбекистан' },
    banner: false,
    sellsByKg: true,
  },
];

export const AUTHORS: readonly string[] = [
  'Aziz K.',
  'Dilnoza R.',
  'Sardor M.',
  'Malika Y.',
  'Шерзод Т.',
  'Анна П.',
  'Bekzod H.',
  'Гульнора С.',
];
/** Ratings a review is drawn from: they lean positive, like real shops. */
export const RATINGS: readonly number[] = [5, 5, 5, 4, 4, 4, 3, 2, 1];

export interface ReviewText {
  advantage: string;
  shortcoming: string;
  comment: string;
}
export type ReviewTone = 'good' | 'mixed' | 'bad';
export const REVIEWS: Record<ReviewTone, Record<Lang, ReviewText>> = {
  good: {
    uz: {
      advantage: 'Sifati zoʻr, tez ishlaydi',
      shortcoming: 'Topilmadi',
      comment: 'Yetkazib berish tez boʻldi, hammaga tavsiya qilaman.',
    },
    ru: {
      advantage: 'Отличное качество, работает быстро',
      shortcoming: 'Не нашёл',
      comment: 'Доставили быстро, всем рекомендую.',
    },
  },
  mixed: {
    uz: {
      advantage: 'Narxiga yarasha yaxshi',
      shortcoming: 'Qutisi biroz ezilgan edi',
      comment: 'Umuman olganda mamnunman.',
    },
    ru: {
      advantage: 'Хорошо за свои деньги',
      shortcoming: 'Коробка была немного помята',
      comment: 'В целом доволен покупкой.',
    },
  },
  bad: {
    uz: {
      advantage: 'Dizayni chiroyli',
      shortcoming: 'Tez qiziydi, batareya kam ushlaydi',
      comment: 'Kutganimdek chiqmadi.',
    },
    ru: {
      advantage: 'Красивый дизайн',
      shortcoming: 'Быстро греется, батарея держит мало',
      comment: 'Не оправдал ожиданий.',
    },
  },
};

/** Home page product groups, in order; `products` names the rule that fills each. */
export const GROUPS: readonly { title: Text; products: 'newest' | 'discounted' | 'best-rated' | 'first-category' }[] = [
  { title: { uz: 'Yangi kelgan mahsulotlar', ru: 'Новинки' }, products: 'newest' },
  { title: { uz: 'Chegirmadagi mahsulotlar', ru: 'Товары со скидкой' }, products: 'discounted' },
  { title: { uz: 'Eng koʻp baholanganlar', ru: 'Лучшие по отзывам' }, products: 'best-rated' },
  { title: { uz: 'Smartfonlar va gadjetlar', ru: 'Смартфоны и гаджеты' }, products: 'first-category' },
];

/** Home slider banners; the n-th links to the n-th category. */
export const SLIDES: readonly Text[] = [
  { uz: 'Yangi smartfonlar 12 oyga muddatli toʻlovga', ru: 'Новые смартфоны в рассрочку на 12 месяцев' },
  { uz: 'Maishiy texnikaga 30% gacha chegirma', ru: 'Скидки до 30% на бытовую технику' },
  { uz: 'Birinchi buyurtmani bepul yetkazamiz', ru: 'Бесплатная доставка первого заказа' },
];
/** Home banners beside the slider. */
export const TILES: readonly { title: Text; link: string }[] = [
  { title: { uz: 'Haftaning eng yaxshi takliflari', ru: 'Лучшие предложения недели' }, link: '/top-product' },
  { title: { uz: 'Texnomart doʻkoni Qarshida', ru: 'Магазин Texnomart в Карши' }, link: '/store/texnomart-qarshi' },
];

/** The demo shopper (sign in as +998901234567) and the address of their orders. */
export const DEMO_SHOPPER = {
  phone: '+998901234567',
  firstName: 'Jasur',
  lastName: 'Karimov',
  fatherName: 'Akmalovich',
  gender: 'male',
  address: {
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
  },
} as const;
