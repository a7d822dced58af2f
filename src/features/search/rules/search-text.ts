/** The query's light normalisation (apostrophes, NFC), shared with the API: see contract/search-text.ts. */
export { normaliseSearchText } from '#contract/search-text.ts';
