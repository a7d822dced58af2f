/**
 * Which part of the search index a built page belongs to (src/shared/index-parts.ts), and which parts a build must
 * index: the parts whose pages it rendered, where the rest can be taken from an earlier release. The number of
 * product parts is BUILD_INDEX_PARTS (a power of two up to 64; 1 by default, a catalogue of some thousands of
 * products wants 8: docs/operations.md).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS } from '#contract/langs.ts';
import { shardOf } from '../../integrations/page-selection.ts';

/** The folders of the pages Pagefind indexes, in each language. */
const INDEXED_FOLDERS = ['product', 'category', 'store'];

/**
 * Pages Pagefind indexes: product pages, and the first page of each category and store (the pages after it carry no
 * `data-pagefind-body`: their products are found by their own pages), in both languages.
 */
export const INDEXED_PAGE = new RegExp(`^(${LANGS.join('|')})/(${INDEXED_FOLDERS.join('|')})/[^/]+\\.html$`);

/** A built site's indexed pages (INDEXED_PAGE), read from their own folders rather than the whole site. */
export function indexedPages(site: string): string[] {
  return LANGS.flatMap((lang) =>
    INDEXED_FOLDERS.flatMap((folder) => {
      const dir = join(site, lang, folder);
      if (!existsSync(dir)) return [];
      return readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
        .map((entry) => `${lang}/${folder}/${entry.name}`);
    }),
  );
}
const PRODUCT_PAGE = /^(uz|ru)\/product\/[^/]+\.html$/;

/** A part of the index: a product part by its number, or the shared part (category and store pages). */
export type IndexPart = number | 'shared';

/** BUILD_INDEX_PARTS, or why it cannot be used. */
export function partsCount(env: NodeJS.ProcessEnv): number {
  const raw = env['BUILD_INDEX_PARTS'];
  if (raw === undefined || raw === '') return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 64 || (count & (count - 1)) !== 0)
    throw new Error(`BUILD_INDEX_PARTS must be 1, 2, 4, 8, 16, 32 or 64 (got "${raw}")`);
  return count;
}

/**
 * The product parts for a catalogue of this size when BUILD_INDEX_PARTS is not set (docs/operations.md, "Which to
 * use"): one index for a small shop, where parts cost the browser more than they save a night; 8 from 1,000 products,
 * where a night then indexes one part of eight; 16 above 100,000, where a part would pass 2 GB in Pagefind.
 */
export const partsForCatalogue = (products: number): number => (products < 1000 ? 1 : products <= 100_000 ? 8 : 16);

/** Every product part, 1 … count. */
export const productParts = (count: number): number[] => Array.from({ length: count }, (_, index) => index + 1);

/**
 * The product part (1-based) of a built file ('uz/product/5.html') among `count`, by the shards' hash of its path;
 * null for the other indexed pages.
 */
export function partOf(file: string, count: number): number | null {
  return PRODUCT_PAGE.test(file) ? shardOf(`/${file.replace(/\.html$/, '')}`, count) : null;
}

/**
 * The product parts shard `index` of `shards` renders whole: its own when `shards` divides the parts' `count` (a
 * path's shard is its part's number modulo `shards`), none otherwise (the merge indexes them).
 */
export function shardParts(index: number, shards: number, count: number): number[] {
  if (count % shards !== 0) return [];
  return productParts(count).filter((part) => ((part - 1) % shards) + 1 === index);
}

/** The parts whose indexed pages differ between two builds' page inputs (a page added, changed or gone). */
export function changedParts(
  before: Record<string, string>,
  after: Record<string, string>,
  count: number,
): IndexPart[] {
  const changed = new Set<number>();
  let shared = false;
  for (const file of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!INDEXED_PAGE.test(file) || before[file] === after[file]) continue;
    const part = partOf(file, count);
    if (part === null) shared = true;
    else changed.add(part);
  }
  return [...[...changed].sort((a, b) => a - b), ...(shared ? (['shared'] as const) : [])];
}
