/**
 * What the demo catalogue is made of: categories with their kinds and models,
 * goods sold by the kilogram, colours, stores, reviews, home groups and
 * banners, and the demo shopper. Every text comes in Uzbek (Latin, with oʻ/gʻ)
 * and Russian. The steps that turn this into rows are in seed.ts.
 */
import type { Lang } from '#contract/langs.ts';

export type Text = Record<Lang, string>;

/**
 * The 3D object a seeded picture shows (a Fluent emoji render, by its code
 * points) and the hue of its studio background.
 */
export const PICTURES = {
  phone: { emoji: '1f4f1', hue: 215 },
  laptop: { emoji: '1f4bb', hue: 225 },
  desktop: { emoji: '1f5a5-fe0f', hue: 200 },
  tv: { emoji: '1f4fa', hue: 30 },
  sofa: { emoji: '1f6cb-fe0f', hue: 35 },
  chair: { emoji: '1fa91', hue: 40 },
  bed: { emoji: '1f6cf-fe0f', hue: 260 },
  teapot: { emoji: '1fad6', hue: 150 },
  teacup: { emoji: '1f375', hue: 140 },
  knife: { emoji: '1f52a', hue: 190 },
  mug: { emoji: '2615', hue: 20 },
  bicycle: { emoji: '1f6b2', hue: 100 },
  scooter: { emoji: '1f6f4', hue: 180 },
  ball: { emoji: '26bd', hue: 110 },
  guitar: { emoji: '1f3b8', hue: 25 },
  synthesizer: { emoji: '1f3b9', hue: 250 },
  violin: { emoji: '1f3bb', hue: 15 },
  headphones: { emoji: '1f3a7', hue: 280 },
  watch: { emoji: '231a', hue: 195 },
  gamepad: { emoji: '1f3ae', hue: 265 },
  mouse: { emoji: '1f5b1-fe0f', hue: 210 },
  keyboard: { emoji: '2328-fe0f', hue: 220 },
  battery: { emoji: '1f50b', hue: 90 },
  camera: { emoji: '1f4f7', hue: 45 },
  razor: { emoji: '1fa92', hue: 190 },
  toothbrush: { emoji: '1faa5', hue: 175 },
  lipstick: { emoji: '1f484', hue: 340 },
  grapes: { emoji: '1f347', hue: 75 },
  peach: { emoji: '1f351', hue: 30 },
  melon: { emoji: '1f348', hue: 60 },
  apple: { emoji: '1f34e', hue: 5 },
  peanuts: { emoji: '1f95c', hue: 35 },
  gift: { emoji: '1f381', hue: 350 },
  shopping: { emoji: '1f6cd-fe0f', hue: 45 },
} as const;
export type Picture = keyof typeof PICTURES;

/** A model sold and its usual price in soʻm (the plain model, before a series or memory extra). */
type Model = readonly [name: string, price: number];

/** A model's series: what its name ends with and what that does to the price. */
export interface Series {
  suffix: string;
  factor: number;
}
export const PLAIN_SERIES: readonly Series[] = [{ suffix: '', factor: 1 }];

/** A kind of product within a category (Smartfon, Choynak...), its picture and the models sold. */
interface Kind {
  name: Text;
  picture: Picture;
  models: readonly Model[];
  /** Series a model comes in; the plain model only unless given. */
  series?: readonly Series[];
}

export interface CategorySeed {
  slug: string;
  name: Text;
  picture: Picture;
  /** Empty for goods sold by the kilogram. */
  kinds: readonly Kind[];
  /** Memory sizes a variant can have (each larger one costs more). */
  memory?: readonly string[];
  /** Variants come in colours. */
  colours?: boolean;
  /** Dried fruit and nuts: priced per kilogram, sold by the store that sells by weight. */
  soldByKg?: boolean;
}

const PHONE_SERIES: readonly Series[] = [
  { suffix: '', factor: 1 },
  { suffix: ' Pro', factor: 1.3 },
  { suffix: ' Plus', factor: 1.15 },
  { suffix: '', factor: 1 },
  { suffix: '', factor: 1 },
  { suffix: ' Pro', factor: 1.3 },
];
const CONSOLE_SERIES: readonly Series[] = [
  { suffix: '', factor: 1 },
  { suffix: ' Pro', factor: 1.3 },
  { suffix: ' Slim', factor: 1.05 },
  { suffix: '', factor: 1 },
  { suffix: ' Digital Edition', factor: 0.85 },
  { suffix: '', factor: 1 },
];

export const CATEGORIES: readonly CategorySeed[] = [
  {
    slug: 'smartfonlar',
    name: { uz: 'Smartfonlar', ru: 'Смартфоны' },
    picture: 'phone',
    memory: ['128 GB', '256 GB', '512 GB'],
    colours: true,
    kinds: [
      {
        name: { uz: 'Smartfon', ru: 'Смартфон' },
        picture: 'phone',
        series: PHONE_SERIES,
        models: [
          ['Samsung Galaxy A55', 5_200_000],
          ['Samsung Galaxy S24', 11_500_000],
          ['Apple iPhone 15', 12_900_000],
          ['Apple iPhone 14', 10_200_000],
          ['Xiaomi Redmi Note 13', 2_900_000],
          ['Xiaomi 14T', 7_400_000],
          ['Honor X9b', 3_900_000],
          ['Realme C67', 2_300_000],
          ['Tecno Spark 20', 1_700_000],
          ['Infinix Hot 40', 1_800_000],
        ],
      },
    ],
  },
  {
    slug: 'noutbuklar',
    name: { uz: 'Noutbuklar', ru: 'Ноутбуки' },
    picture: 'laptop',
    memory: ['256 GB SSD', '512 GB SSD', '1 TB SSD'],
    colours: true,
    kinds: [
      {
        name: { uz: 'Noutbuk', ru: 'Ноутбук' },
        picture: 'laptop',
        models: [
          ['Lenovo IdeaPad 3', 6_900_000],
          ['HP Pavilion 15', 8_900_000],
          ['Asus VivoBook 15', 7_200_000],
          ['Acer Aspire 5', 7_600_000],
          ['Apple MacBook Air M2', 14_500_000],
          ['MSI Modern 14', 7_900_000],
          ['Huawei MateBook D15', 8_200_000],
        ],
      },
    ],
  },
  {
    slug: 'kompyuterlar',
    name: { uz: 'Kompyuterlar', ru: 'Компьютеры' },
    picture: 'desktop',
    memory: ['256 GB SSD', '512 GB SSD', '1 TB SSD'],
    colours: true,
    kinds: [
      {
        name: { uz: 'Monoblok', ru: 'Моноблок' },
        picture: 'desktop',
        models: [
          ['Apple iMac 24 M3', 19_900_000],
          ['HP All-in-One 24', 9_400_000],
          ['Lenovo IdeaCentre AIO 3', 8_600_000],
          ['Asus Vivo AiO V440', 7_900_000],
          ['Acer Aspire C24', 7_300_000],
        ],
      },
    ],
  },
  {
    slug: 'televizorlar',
    name: { uz: 'Televizorlar', ru: 'Телевизоры' },
    picture: 'tv',
    kinds: [
      {
        name: { uz: 'Televizor', ru: 'Телевизор' },
        picture: 'tv',
        models: [
          ['Samsung Crystal UHD 55"', 7_900_000],
          ['LG OLED evo 55"', 17_900_000],
          ['Artel UA43H3502', 3_300_000],
          ['Xiaomi TV A Pro 50"', 5_200_000],
          ['TCL 43P635', 3_900_000],
          ['Hisense 50A6K', 4_900_000],
        ],
      },
    ],
  },
  {
    slug: 'mebel',
    name: { uz: 'Mebel', ru: 'Мебель' },
    picture: 'sofa',
    colours: true,
    kinds: [
      {
        name: { uz: 'Divan', ru: 'Диван' },
        picture: 'sofa',
        models: [
          ['Ikea Kivik', 6_900_000],
          ['Ikea Friheten', 5_400_000],
          ['Lazurit Oslo', 7_900_000],
          ['Bellona Verona', 8_800_000],
        ],
      },
      {
        name: { uz: 'Stul', ru: 'Стул' },
        picture: 'chair',
        models: [
          ['Ikea Adde', 290_000],
          ['Ikea Stefan', 450_000],
          ['Lazurit Ritm', 520_000],
        ],
      },
      {
        name: { uz: 'Karavot', ru: 'Кровать' },
        picture: 'bed',
        models: [
          ['Ikea Malm 160×200', 4_900_000],
          ['Lazurit Bali 160×200', 6_200_000],
          ['Bellona Luna 140×200', 4_300_000],
        ],
      },
    ],
  },
  {
    slug: 'idish-tovoq',
    name: { uz: 'Idish-tovoq', ru: 'Посуда' },
    picture: 'teapot',
    colours: true,
    kinds: [
      {
        name: { uz: 'Choynak', ru: 'Заварочный чайник' },
        picture: 'teapot',
        models: [
          ['Luminarc Quadrato', 120_000],
          ['Bohemia Simax', 180_000],
          ['Tefal Glass', 150_000],
        ],
      },
      {
        name: { uz: 'Piyolalar toʻplami', ru: 'Набор пиал' },
        picture: 'teacup',
        models: [
          ['Toshkent chinni Paxta', 160_000],
          ['Luminarc Carine', 95_000],
          ['Kütahya Porselen', 210_000],
        ],
      },
      {
        name: { uz: 'Oshxona pichogʻi', ru: 'Кухонный нож' },
        picture: 'knife',
        models: [
          ['Tefal Ingenio', 190_000],
          ['Victorinox Swiss Classic', 320_000],
          ['Fissman Chef', 140_000],
        ],
      },
      {
        name: { uz: 'Krujka', ru: 'Кружка' },
        picture: 'mug',
        models: [
          ['Luminarc Trianon', 45_000],
          ['Tescoma Crema', 60_000],
          ['Ikea Färgrik', 35_000],
        ],
      },
    ],
  },
  {
    slug: 'sport',
    name: { uz: 'Sport va dam olish', ru: 'Спорт и отдых' },
    picture: 'bicycle',
    colours: true,
    kinds: [
      {
        name: { uz: 'Velosiped', ru: 'Велосипед' },
        picture: 'bicycle',
        models: [
          ['Stels Navigator 500', 3_200_000],
          ['Forward Sporting 27.5', 4_100_000],
          ['Merida Big.Seven 20', 8_900_000],
        ],
      },
      {
        name: { uz: 'Elektr samokat', ru: 'Электросамокат' },
        picture: 'scooter',
        models: [
          ['Xiaomi Electric Scooter 4', 5_900_000],
          ['Ninebot KickScooter E2', 4_700_000],
          ['Kugoo S3', 3_900_000],
        ],
      },
      {
        name: { uz: 'Futbol toʻpi', ru: 'Футбольный мяч' },
        picture: 'ball',
        models: [
          ['Adidas Al Rihla League', 420_000],
          ['Nike Flight', 650_000],
          ['Select Brillant Super', 520_000],
        ],
      },
    ],
  },
  {
    slug: 'musiqa-asboblari',
    name: { uz: 'Musiqa asboblari', ru: 'Музыкальные инструменты' },
    picture: 'guitar',
    kinds: [
      {
        name: { uz: 'Gitara', ru: 'Гитара' },
        picture: 'guitar',
        models: [
          ['Yamaha C40', 1_600_000],
          ['Fender CD-60S', 2_900_000],
          ['Cort AD810', 2_100_000],
        ],
      },
      {
        name: { uz: 'Sintezator', ru: 'Синтезатор' },
        picture: 'synthesizer',
        models: [
          ['Casio CT-S300', 2_700_000],
          ['Yamaha PSR-E373', 3_900_000],
        ],
      },
      {
        name: { uz: 'Skripka', ru: 'Скрипка' },
        picture: 'violin',
        models: [
          ['Yamaha V3SKA 4/4', 3_400_000],
          ['Stentor Student I 4/4', 1_900_000],
        ],
      },
    ],
  },
  {
    slug: 'quloqchinlar',
    name: { uz: 'Quloqchinlar', ru: 'Наушники' },
    picture: 'headphones',
    colours: true,
    kinds: [
      {
        name: { uz: 'Simsiz quloqchin', ru: 'Беспроводные наушники' },
        picture: 'headphones',
        models: [
          ['Sony WH-1000XM5', 4_200_000],
          ['JBL Tune 520BT', 650_000],
          ['Marshall Major IV', 1_900_000],
          ['Apple AirPods Max', 7_400_000],
          ['Sennheiser HD 450BT', 1_600_000],
        ],
      },
    ],
  },
  {
    slug: 'aqlli-soatlar',
    name: { uz: 'Aqlli soatlar', ru: 'Умные часы' },
    picture: 'watch',
    colours: true,
    kinds: [
      {
        name: { uz: 'Aqlli soat', ru: 'Умные часы' },
        picture: 'watch',
        models: [
          ['Apple Watch SE', 3_400_000],
          ['Samsung Galaxy Watch6', 3_600_000],
          ['Huawei Watch GT 4', 2_900_000],
          ['Amazfit GTS 4', 1_900_000],
          ['Xiaomi Redmi Watch 4', 1_100_000],
        ],
      },
    ],
  },
  {
    slug: 'oyin-konsollari',
    name: { uz: 'Oʻyin konsollari', ru: 'Игровые консоли' },
    picture: 'gamepad',
    memory: ['512 GB', '1 TB'],
    kinds: [
      {
        name: { uz: 'Oʻyin konsoli', ru: 'Игровая консоль' },
        picture: 'gamepad',
        series: CONSOLE_SERIES,
        models: [
          ['Sony PlayStation 5', 7_900_000],
          ['Microsoft Xbox Series X', 7_600_000],
          ['Microsoft Xbox Series S', 4_400_000],
        ],
      },
    ],
  },
  {
    slug: 'kompyuter-aksessuarlari',
    name: { uz: 'Kompyuter aksessuarlari', ru: 'Компьютерные аксессуары' },
    picture: 'keyboard',
    colours: true,
    kinds: [
      {
        name: { uz: 'Sichqoncha', ru: 'Мышь' },
        picture: 'mouse',
        models: [
          ['Logitech M190', 120_000],
          ['A4Tech Bloody V7', 190_000],
          ['Razer DeathAdder Essential', 390_000],
        ],
      },
      {
        name: { uz: 'Klaviatura', ru: 'Клавиатура' },
        picture: 'keyboard',
        models: [
          ['Logitech K120', 110_000],
          ['Redragon Kumara K552', 420_000],
          ['A4Tech KR-85', 90_000],
        ],
      },
      {
        name: { uz: 'Tashqi akkumulyator', ru: 'Внешний аккумулятор' },
        picture: 'battery',
        models: [
          ['Xiaomi Power Bank 20000', 290_000],
          ['Anker PowerCore 10000', 350_000],
          ['Baseus Bipow 20000', 260_000],
        ],
      },
    ],
  },
  {
    slug: 'fotoapparatlar',
    name: { uz: 'Fotoapparatlar', ru: 'Фотоаппараты' },
    picture: 'camera',
    kinds: [
      {
        name: { uz: 'Fotoapparat', ru: 'Фотоаппарат' },
        picture: 'camera',
        models: [
          ['Canon EOS 250D', 8_900_000],
          ['Nikon Z50', 11_900_000],
          ['Sony Alpha a6400', 12_500_000],
          ['Fujifilm X-T30 II', 13_900_000],
        ],
      },
    ],
  },
  {
    slug: 'gozallik-va-salomatlik',
    name: { uz: 'Goʻzallik va salomatlik', ru: 'Красота и здоровье' },
    picture: 'lipstick',
    colours: true,
    kinds: [
      {
        name: { uz: 'Ustara', ru: 'Бритвенный станок' },
        picture: 'razor',
        models: [
          ['Gillette Mach3', 95_000],
          ['Gillette Fusion5 ProGlide', 190_000],
          ['Schick Hydro 5', 120_000],
        ],
      },
      {
        name: { uz: 'Elektr tish choʻtkasi', ru: 'Электрическая зубная щётка' },
        picture: 'toothbrush',
        models: [
          ['Oral-B Vitality Pro', 420_000],
          ['Philips Sonicare 3100', 690_000],
        ],
      },
      {
        name: { uz: 'Lab boʻyogʻi', ru: 'Губная помада' },
        picture: 'lipstick',
        models: [
          ['Maybelline SuperStay Matte Ink', 140_000],
          ['LʼOréal Color Riche', 170_000],
        ],
      },
    ],
  },
  {
    slug: 'quruq-mevalar',
    name: { uz: 'Quruq mevalar va yongʻoqlar', ru: 'Сухофрукты и орехи' },
    picture: 'grapes',
    kinds: [],
    soldByKg: true,
  },
];

/** Goods sold by the kilogram, with their price per kilogram at the first grade. */
export const BY_KG: readonly { name: Text; picture: Picture; price: number }[] = [
  { name: { uz: 'Mayiz, Qashqadaryo', ru: 'Изюм, Кашкадарья' }, picture: 'grapes', price: 60_000 },
  { name: { uz: 'Oʻrik qoqi', ru: 'Курага' }, picture: 'peach', price: 85_000 },
  { name: { uz: 'Qovun qoqi', ru: 'Сушёная дыня' }, picture: 'melon', price: 95_000 },
  { name: { uz: 'Olma qoqi', ru: 'Сушёные яблоки' }, picture: 'apple', price: 55_000 },
  { name: { uz: 'Yeryongʻoq', ru: 'Арахис' }, picture: 'peanuts', price: 45_000 },
];
/** Grades of goods sold by the kilogram, and what each does to the price. */
export const GRADES: readonly (Text & { factor: number })[] = [
  { uz: 'oliy nav', ru: 'высший сорт', factor: 1.2 },
  { uz: '1-nav', ru: '1 сорт', factor: 1 },
  { uz: 'saralangan', ru: 'отборный', factor: 1.35 },
];

/** Colours a variant comes in; `tint` recolours the product's picture, `light` brightens or darkens it. */
export const COLOURS: readonly (Text & { key: string; tint: readonly [number, number, number]; light: number })[] = [
  { uz: 'Qora', ru: 'Чёрный', key: 'black', tint: [70, 72, 80], light: 0.55 },
  { uz: 'Oq', ru: 'Белый', key: 'white', tint: [236, 236, 240], light: 1.2 },
  { uz: 'Koʻk', ru: 'Синий', key: 'blue', tint: [40, 96, 210], light: 1 },
  { uz: 'Kulrang', ru: 'Серый', key: 'grey', tint: [150, 152, 160], light: 1 },
  { uz: 'Yashil', ru: 'Зелёный', key: 'green', tint: [40, 150, 90], light: 1 },
  { uz: 'Qizil', ru: 'Красный', key: 'red', tint: [205, 35, 45], light: 1 },
  { uz: 'Pushti', ru: 'Розовый', key: 'pink', tint: [240, 120, 170], light: 1.1 },
  { uz: 'Tilla rang', ru: 'Золотой', key: 'gold', tint: [214, 172, 80], light: 1.1 },
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

/** Home slider banners and their pictures; the n-th links to the n-th category. */
export const SLIDES: readonly { title: Text; picture: Picture }[] = [
  {
    title: { uz: 'Yangi smartfonlar 12 oyga muddatli toʻlovga', ru: 'Новые смартфоны в рассрочку на 12 месяцев' },
    picture: 'phone',
  },
  { title: { uz: 'Noutbuklarga 30% gacha chegirma', ru: 'Скидки до 30% на ноутбуки' }, picture: 'laptop' },
  { title: { uz: 'Monobloklar ish va oʻqish uchun', ru: 'Моноблоки для работы и учёбы' }, picture: 'desktop' },
];
/** Home banners beside the slider. */
export const TILES: readonly { title: Text; link: string; picture: Picture }[] = [
  {
    title: { uz: 'Haftaning eng yaxshi takliflari', ru: 'Лучшие предложения недели' },
    link: '/top-product',
    picture: 'gift',
  },
  {
    title: { uz: 'Texnomart doʻkoni Qarshida', ru: 'Магазин Texnomart в Карши' },
    link: '/store/texnomart-qarshi',
    picture: 'shopping',
  },
];

/** Each category's two banners: its new collection (list b) and its sale (list t). */
export const CATEGORY_BANNERS: Record<'b' | 't', (name: Text) => Text> = {
  b: ({ uz, ru }) => ({ uz: `${uz}: yangi kolleksiya`, ru: `${ru}: новая коллекция` }),
  t: ({ uz, ru }) => ({ uz: `${uz} chegirmada`, ru: `${ru} со скидкой` }),
};
/** A store's banner headline. */
export const STORE_BANNER = (name: string): Text => ({ uz: `${name} doʻkoni Qarshida`, ru: `Магазин ${name} в Карши` });

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
