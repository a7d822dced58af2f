/**
 * The hostile catalogue (SPEC_CATALOGUE=hostile): the seed plus what sellers write that a shop must survive, each
 * value one a backend passes through as it was typed. A storefront built from it must publish, skip and name the
 * items it cannot show, and hold every page at a phone's width. `HOSTILE` names what each value is, for the tests.
 */
import type { Banner, Catalogue, Category, Product, Store, Text } from './catalogue.ts';
import type { Comment } from './state.ts';

const same = (value: string): Text => ({ uz: value, ru: value });
const RLO = '\u202E';
const ZWSP = '\u200B';

/** What each hostile value is and where it is, for the tests that check the built site. */
export const HOSTILE = {
  /** A title of 5,000 characters (words), and a description with a 3,000-character word. */
  longTitle: 41,
  /** A title with a right-to-left override and zero-width spaces: its page must not reverse the site's name. */
  bidiTitle: 42,
  /** Priced -5, 1e30, and one with a discount price of -5 (shown at its price). */
  negativePrice: 43,
  absurdPrice: 44,
  badDiscount: 45,
  /** Images `javascript:` and `data:`: shown with the placeholder. */
  schemeImages: 46,
  /** An id past the safe integers: skipped. */
  unsafeId: 2 ** 53 + 2,
  /** Listed twice in every list (all products, its category). */
  listedTwice: 3,
  /** A category whose name is one 150-character word with bidi isolates. */
  longCategory: 7,
  /** A store keyed `../../../x`, and one keyed by a street address. */
  traversalStore: 4,
  streetStore: 5,
  /** A review author of 300 characters without a space, on the long-title product. */
  longAuthorProduct: 41,
  /** Banners: one `javascript:` link, two that name their target by id (Django foreign keys). */
  scriptBanner: 20,
  productBanner: 21,
  categoryBanner: 22,
  /** The product and category the id banners lead to. */
  bannerProduct: 12,
  bannerCategory: 3,
} as const;

const LONG_WORD = (length: number) => 'Superuzunsoʻzsizbonaqolmaydi'.repeat(Math.ceil(length / 28)).slice(0, length);

const categories: Category[] = [
  {
    id: HOSTILE.longCategory,
    name: same(`\u2067${LONG_WORD(150)}\u2069`),
    image: 'categories/1.png',
  },
];

const stores: Store[] = [
  {
    id: HOSTILE.traversalStore,
    name: `${RLO}Xavfli${ZWSP} doʻkon`,
    logo: 'stores/1-logo.png',
    address: '../../../x',
    banner: 'stores/1-banner.png',
    legalName: LONG_WORD(400),
    ordersCount: -3,
    reviewsCount: 1e30,
  },
  {
    id: HOSTILE.streetStore,
    name: 'Koʻcha doʻkoni',
    logo: 'stores/2-logo.png',
    address: 'Qarshi sh., Mustaqillik koʻchasi 3/2 "<b>A</b>"',
    banner: 'stores/2-banner.png',
    legalName: 'YaTT "Koʻcha"',
    ordersCount: 10,
    reviewsCount: 2,
  },
];

const base = (id: number, title: Text, price: number, storeId: number, categoryId = 1): Product => ({
  id,
  title,
  description: same(`Mahsulot ${id}: <b>qalin</b> <script>alert(${id})</script><img src=x onerror=alert(${id})>`),
  price,
  discount: 0,
  discountPrice: null,
  images: [`products/${(id % 40) + 1}-1.png`],
  count: 5,
  attributes: [{ name: same('Rang'), value: same(LONG_WORD(250)) }],
  features: [],
  categoryId,
  storeId,
  sold: 90,
});

const products: Product[] = [
  {
    ...base(HOSTILE.longTitle, same('Juda uzun nomli mahsulot '.repeat(200).trim()), 1_500_000, HOSTILE.traversalStore),
    description: same(`Uzun soʻz: ${LONG_WORD(3000)}`),
  },
  base(
    HOSTILE.bidiTitle,
    { uz: `${RLO}iPhone 16 Pro${ZWSP} \u2066Max\u2069`, ru: `${RLO}iPhone 16 Pro${ZWSP} \u2066Max\u2069` },
    15_900_000,
    HOSTILE.traversalStore,
  ),
  base(HOSTILE.negativePrice, same('Manfiy narx'), -5, HOSTILE.streetStore),
  base(HOSTILE.absurdPrice, same('Bemaʼni narx'), 1e30, HOSTILE.streetStore),
  { ...base(HOSTILE.badDiscount, same('Notoʻgʻri chegirma'), 2_000_000, HOSTILE.streetStore), discountPrice: -5 },
  {
    ...base(HOSTILE.schemeImages, same('Rasmlari xavfli'), 700_000, HOSTILE.streetStore, HOSTILE.longCategory),
    images: ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>'],
  },
  base(HOSTILE.unsafeId, same('Xavfli id'), 100_000, HOSTILE.streetStore),
  base(
    47,
    same('Title "quoted" </title><script>alert(1)</script>'),
    320_000,
    HOSTILE.streetStore,
    HOSTILE.longCategory,
  ),
];

const banner = (id: number, target: Partial<Banner>): Banner => ({
  id,
  image: 'banners/laptop-1.png',
  alt: same(`${RLO}Aksiya ${id}`),
  ...target,
});

/** Reviews the hostile products carry: an author without spaces, texts with controls and a long word. */
const comments: Comment[] = [
  {
    id: 100,
    userId: 1,
    productId: HOSTILE.longAuthorProduct,
    author: 'A'.repeat(300),
    advantage: `${RLO}Yaxshi`,
    shortcoming: LONG_WORD(500),
    comment: '<script>alert(1)</script> Zoʻr',
  },
];

/** The seed with the hostile values added (and product 3 listed twice). */
export function withHostileValues(catalogue: Catalogue): Catalogue {
  const all = [...catalogue.products, ...products];
  const listedTwice = catalogue.productById.get(HOSTILE.listedTwice);
  if (listedTwice) all.splice(all.indexOf(listedTwice) + 1, 0, listedTwice);
  return {
    ...catalogue,
    categories: [...catalogue.categories, ...categories],
    stores: [...catalogue.stores, ...stores],
    products: all,
    productById: new Map(all.map((item) => [item.id, item])),
    banners: {
      laptop: {
        b: [banner(HOSTILE.scriptBanner, { url: 'javascript:alert(document.domain)' }), ...catalogue.banners.laptop.b],
        t: [
          banner(HOSTILE.productBanner, { product: HOSTILE.bannerProduct }),
          banner(HOSTILE.categoryBanner, { category: HOSTILE.bannerCategory }),
        ],
      },
      phone: {
        b: [banner(HOSTILE.scriptBanner, { url: 'javascript:alert(document.domain)' }), ...catalogue.banners.phone.b],
        t: [
          banner(HOSTILE.productBanner, { product: HOSTILE.bannerProduct }),
          banner(HOSTILE.categoryBanner, { category: HOSTILE.bannerCategory }),
        ],
      },
    },
    comments: [...catalogue.comments, ...comments],
  };
}
