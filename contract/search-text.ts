/**
 * Uzbek has no Pagefind stemmer, and its oʻ and gʻ are typed many ways
 * (oʻ o‘ o` o’ ...). Indexed text and search queries are normalised with the
 * same function so every spelling finds the same products. Kept apart from
 * search-forms.ts (the script and keyboard rules), so a page that only sends a
 * query to the API does not load those tables.
 */
const APOSTROPHES = /[\u02BB\u02BC\u2018\u2019\u0060\u00B4\u02B9\u2032]/g;

export function normaliseSearchText(text: string): string {
  return text.replace(APOSTROPHES, "'").normalize('NFC');
}
