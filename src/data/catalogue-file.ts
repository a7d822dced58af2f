/**
 * The catalogue as files, one per language: the nightly rebuild reads the API's catalogue and checks it, and hands it
 * to the build this way (BUILD_CATALOGUE, the folder) instead of the build asking the API for it again; the build
 * reads them once the rebuild says they are whole (integrations/catalogue-handover.ts). A file is one JSON line of
 * the lists, then one line per product, so neither side ever holds the whole text at once (at 100,000 products a
 * language's catalogue is some hundreds of megabytes).
 */
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Lang } from '#contract/langs.ts';
import type { Banners, CatalogueProduct } from '../lib/backend/shop.ts';
import type { Catalogue } from '../lib/catalogue-view.ts';

/** The first line: everything but the products, the category banners as entries, and how many products follow. */
interface Head extends Omit<Catalogue, 'products' | 'categoryBanners'> {
  categoryBanners: [number, Banners][];
  products: number;
}

export const catalogueFile = (folder: string, lang: Lang) => join(folder, `${lang}.jsonl`);

/** Lines written to the file in chunks of about this many characters. */
const CHUNK = 1 << 16;

function* lines({ products, categoryBanners, ...lists }: Catalogue): Generator<string> {
  const head: Head = { ...lists, categoryBanners: [...categoryBanners], products: products.length };
  let chunk = `${JSON.stringify(head)}\n`;
  for (const product of products) {
    chunk += `${JSON.stringify(product)}\n`;
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

export function writeCatalogue(folder: string, catalogue: Catalogue): Promise<void> {
  return writeFile(catalogueFile(folder, catalogue.lang), lines(catalogue));
}

export async function readCatalogue(folder: string, lang: Lang): Promise<Catalogue> {
  const file = catalogueFile(folder, lang);
  let head: Head | null = null;
  const products: CatalogueProduct[] = [];
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity })) {
    if (head) products.push(JSON.parse(line) as CatalogueProduct);
    else head = JSON.parse(line) as Head;
  }
  // A file cut short (a full disk) must not build a smaller shop.
  if (!head || head.lang !== lang || products.length !== head.products)
    throw new Error(
      `${file} is not a whole ${lang} catalogue (${products.length} of ${head?.products ?? '?'} products)`,
    );
  return { ...head, products, categoryBanners: new Map(head.categoryBanners) };
}
