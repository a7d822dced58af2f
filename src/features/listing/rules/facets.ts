/**
 * What a product page tells Pagefind for the listing filters and sort:
 * filter values, sort numbers and the card a filtered list
 * draws, its texts already in the page's language (src/features/listing/rules has
 * the rules these follow).
 */
import type { Lang } from '#contract/schemas.ts';
import type { CatalogueProduct } from '../../../backend/shop.ts';
import { translator } from '../../../i18n/index.ts';
import { listingCard, unitsLeft, type ListingCard } from '../../../shared/card.ts';
import { installmentOffer, planFor, type InstallmentPlan } from '../../../shared/installment.ts';
import { monthlySortKey, monthlyValues } from './monthly.ts';
import { priceValues } from './price.ts';
import { SORT_FIELDS, type SortField } from './sorts.ts';
import { brandOf, facetValue, featureValue, FILTER_KEYS, slug, YES } from './values.ts';
import { discountPercent, payablePrice } from '../../../shared/price.ts';

// The filtered list and the related products read a card's data from here, beside the facets it rides with.
export { listingCard, type ListingCard };

export interface ProductFacets {
  /** Pagefind filter key → values (each a `data-pagefind-filter` element). */
  filters: [string, string][];
  sorts: Partial<Record<SortField, number>>;
  /**
   * With the product's sort values in SORT_FIELDS' order (null: none), by which a listing merges the index's parts
   * (lib/listing-order.ts).
   */
  card: ListingCard & { order: (number | null)[] };
}

/** Where a product stands in the API's lists (1 is first); undefined when it is not in one. */
export interface ProductRank {
  popular: number | undefined;
  top: number | undefined;
}

/** Every product's place in a catalogue's lists, by id (a product page's getStaticPaths reads it once a language). */
export function listingRanks(catalogue: {
  products: readonly { id: number }[];
  topProducts: readonly { id: number }[];
}): (id: number) => ProductRank {
  const popular = new Map(catalogue.products.map((product, index) => [product.id, index + 1]));
  const top = new Map(catalogue.topProducts.map((product, index) => [product.id, index + 1]));
  return (id) => ({ popular: popular.get(id), top: top.get(id) });
}

/**
 * A product's facets. `twin` is the same product in Uzbek (the default
 * language): feature values are named in the URL by their Uzbek spelling, so
 * a Russian page's "Черный" and the Uzbek "Qora" are both `qora`.
 */
export function productFacets(
  product: CatalogueProduct,
  options: { lang: Lang; rank: ProductRank; twin?: CatalogueProduct | undefined; plan: InstallmentPlan | null },
): ProductFacets {
  const { lang, rank, twin, plan } = options;
  const filters: [string, string][] = [];
  const price = payablePrice(product);
  const left = unitsLeft(product);
  if (product.category)
    filters.push([
      FILTER_KEYS.category,
      facetValue(String(product.category.id), product.category.name ?? String(product.category.id)),
    ]);
  if (product.store) filters.push([FILTER_KEYS.store, facetValue(product.store.address, product.store.name)]);
  const brand = brandOf(product.title) ?? brandOf(twin?.title);
  if (brand) filters.push([FILTER_KEYS.brand, facetValue(brand, brand)]);
  if (left > 0) filters.push([FILTER_KEYS.stock, YES]);
  const topRank = rank.top;
  if (topRank !== undefined) filters.push([FILTER_KEYS.top, YES]);
  const seen = new Set<string>();
  for (const feature of product.features) {
    if (feature.count <= 0) continue;
    const twinFeature = twin?.features.find((other) => other.id === feature.id);
    for (const attribute of feature.attributes) {
      const twinValue = twinFeature?.attributes.find((other) => other.key === attribute.key)?.value;
      const key = slug(attribute.key);
      const token = slug(twinValue ?? attribute.value);
      if (!key || !token) continue;
      const value = featureValue(key, attribute.name, token, attribute.value);
      if (seen.has(value)) continue;
      seen.add(value);
      filters.push([FILTER_KEYS.feature, value]);
    }
  }
  for (const [key, value] of Object.entries(priceValues(price))) filters.push([key, value]);
  // The offer the card shows (the same rule): its steps for "up to N a month", its amount for the monthly sort.
  const monthly = installmentOffer(price, planFor(product, plan))?.monthly ?? null;
  for (const value of monthlyValues(monthly)) filters.push([FILTER_KEYS.monthly, value]);
  const sorts: ProductFacets['sorts'] = {
    popular: rank.popular ?? Number.MAX_SAFE_INTEGER,
    price,
    new: product.id,
    rating: product.rating ?? 0,
    discount: discountPercent(product),
    monthly: monthlySortKey(monthly),
  };
  if (topRank !== undefined) sorts.top = topRank;
  const order = SORT_FIELDS.map((field) => sorts[field] ?? null);
  return { filters, sorts, card: { ...listingCard(product, translator(lang), plan, lang), order } };
}
