/** Listings: a category's or store's products, their filters, sorts and cards drawn in the browser. */
export { listingCard, listingRanks, productFacets, type ProductFacets, type ProductRank } from './rules/facets.ts';
export { offeredSorts } from './rules/sorts.ts';
export { facetValue, type NamedFacet } from './rules/values.ts';
export { startListing } from './ui/start.ts';
