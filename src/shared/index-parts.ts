/**
 * The search index is written in parts, so a night re-indexes only the parts whose pages changed and no machine
 * holds the whole index: `/pagefind/` holds the category and store pages (and Pagefind's script and WebAssembly),
 * `/pagefind/part-<k>/` the product pages whose path hashes to part k (scripts/rebuild/index-parts.ts). The browser
 * merges them into one search.
 */

/** The folder of product part `part` (1-based) under the index's own. */
export const partFolder = (part: number): string => `part-${part}`;

/** The filter each merged part's pages carry (its number), so a search can keep to one part. */
export const PART_FILTER = 'part';

/**
 * The module beside the shared part: its default names the number of product parts (`parts`) and, per language,
 * the parts that hold pages of it.
 */
export const PARTS_FILE = 'parts.js';

export type PartsList = { parts: number } & Record<string, number[] | number>;
