/**
 * What a product page shows, as one pure view of the catalogue's product: the product as pages show it, the
 * variant chosen when the page opens (the first in stock) and the buy block for it, the rating line under the
 * title, what search engines read (meta description, keywords, JSON-LD, breadcrumbs) and the listing facets.
 */
import type { Lang } from '#contract/schemas.ts';
import { searchIndexText } from '#contract/search-forms.ts';
import type { CatalogueProduct, Feature, Review } from '../../../backend/shop.ts';
import { translator } from '../../../i18n/index.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { planFor, type InstallmentPlan } from '../../../shared/installment.ts';
import { productFacets, type ProductFacets, type ProductRank } from '../../listing/index.ts';
import { buyView, firstChoosable, reviewsShown, soldOut, type BuyView, type LiveProduct } from './live-product.ts';
import { formatPrice, payablePrice } from '../../../shared/price.ts';
import { normaliseProduct, type ShownProduct } from '../../../shared/product.ts';
import { cardRating, type CardRating } from '../../../shared/rating.ts';
import { plainText, sanitizeHtml } from '../../../shared/sanitize.ts';
import { cutAtWord } from '../../../backend/rules.ts';
import { LATEST_REVIEWS } from '../../../shared/catalogue-view.ts';
import {
  breadcrumbJsonLd,
  canonicalUrl,
  META_DESCRIPTION_CHARS,
  productJsonLd,
  TITLE_CHARS,
} from '../../../shared/seo.ts';

export interface ProductPageInput {
  lang: Lang;
  product: CatalogueProduct;
  /** Its place in the API's lists (the listing sort). */
  rank: ProductRank;
  /** On Russian pages, the Uzbek twin: feature values are named by their Uzbek spelling in both languages. */
  twin: CatalogueProduct | undefined;
  /** The site's origin, for canonical and JSON-LD URLs. */
  site: string | URL;
  /** The installment plan configured for the build (the API's plan for the product comes first). */
  plan: InstallmentPlan | null;
}

interface PageCrumb {
  name: string;
  href?: string;
}

export interface ProductPageView {
  product: ShownProduct;
  /** The page's path under the language prefix. */
  path: string;
  metaDescription: string;
  keywords: string;
  /** The product's own price, as listings (cards, search results) show it. */
  listingPrice: number;
  /** The variant chosen when the page opens: the first in stock; none for a product without variants in stock. */
  chosen: Feature | undefined;
  /** What the buy block shows for the chosen variant (or the product). */
  buy: BuyView;
  /** Nothing to buy at build time (the page's script re-checks it live). */
  soldOut: boolean;
  /** What the page's script re-checks against the API. */
  live: LiveProduct;
  installment: InstallmentPlan | null;
  /** Sanitised HTML; empty when the product has no description. */
  description: string;
  /** The title's folded form (Uzbek Latin, no apostrophes), so a query in any script finds it; none when the same. */
  foldedTitle: string | null;
  crumbs: PageCrumb[];
  jsonLd: Record<string, unknown>[];
  /** The rating and reviews count under the title; none when nobody rated the product. */
  rating: CardRating | null;
  reviews: Review[];
  /** The built reviews' fingerprint (the page draws them again only when the API's differ). */
  reviewsShown: string;
  facets: ProductFacets;
}

/** What the product page and its buy block receive (src/components/product/). */
export interface ProductPageProps {
  lang: Lang;
  view: ProductPageView;
  /** When the page was built (ISO), from the rebuild's manifest. */
  builtAt: string;
}

export function productPageView({ lang, product: raw, rank, twin, site, plan }: ProductPageInput): ProductPageView {
  const t = translator(lang);
  const product = normaliseProduct(raw);
  const path = `/product/${product.id}`;
  const url = canonicalUrl(site, lang, path);
  const live: LiveProduct = {
    price: product.price,
    discount: product.discount,
    discount_price: product.discount_price,
    stock: product.stock ?? null,
    unit: product.unit ?? 'pcs',
    features: product.features,
  };
  const chosen = firstChoosable(live);
  const buy = buyView(live, chosen);
  const unavailable = soldOut(buy);
  // Search engines show about 160 characters: the title and price, then as much of the description as fits.
  const metaLead = t('meta.product.description', {
    title: cutAtWord(product.title, TITLE_CHARS),
    price: formatPrice(buy.amount, lang),
  });
  const metaRoom = META_DESCRIPTION_CHARS - metaLead.length - 1;
  const metaRest = metaRoom >= 20 ? plainText(product.description, metaRoom) : '';
  const crumbs: PageCrumb[] = [
    { name: t('nav.home'), href: localizedPath(lang, '/') },
    ...(product.category?.name
      ? [{ name: product.category.name, href: localizedPath(lang, `/category/${product.category.id}`) }]
      : []),
    { name: product.title },
  ];
  const jsonLd = [
    productJsonLd({
      name: product.title,
      description: plainText(product.description, 160),
      url,
      images: product.images.map((image) => new URL(image, site).href),
      price: buy.amount,
      inStock: !unavailable,
      sku: product.id,
      rating:
        typeof product.rating === 'number' && product.reviews_count
          ? { value: product.rating, count: product.reviews_count }
          : null,
      brand: product.store?.name ?? null,
      category: product.category?.name ?? null,
    }),
    breadcrumbJsonLd(
      crumbs.map((crumb) => ({ name: crumb.name, url: crumb.href ? new URL(crumb.href, site).href : url })),
    ),
  ];
  const reviews = raw.latest_reviews.slice(0, LATEST_REVIEWS);
  return {
    product,
    path,
    metaDescription: metaRest ? `${metaLead} ${metaRest}` : metaLead,
    keywords: [product.title, product.category?.name, product.store?.name, t('meta.default.keywords')]
      .filter(Boolean)
      .join(', '),
    listingPrice: payablePrice(product),
    chosen,
    buy,
    soldOut: unavailable,
    live,
    installment: planFor(raw, plan),
    description: sanitizeHtml(product.description),
    foldedTitle: searchIndexText(product.title),
    crumbs,
    jsonLd,
    rating: cardRating(product, t),
    reviews,
    reviewsShown: reviewsShown(reviews, product.reviews_count ?? 0, LATEST_REVIEWS),
    // Listing filters and sort: feature values are named by their Uzbek spelling in both languages.
    facets: productFacets(raw, { lang, rank, twin: lang === 'uz' ? raw : twin, plan }),
  };
}
