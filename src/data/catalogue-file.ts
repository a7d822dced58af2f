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
import type { Banners, CatalogueProduct, Review } from '../backend/shop.ts';
import type { Catalogue } from '../shared/catalogue-view.ts';

/** The first line: everything but the products, the category banners as entries, and how many products follow. */
interface Head extends Omit<Catalogue, 'products' | 'categoryBanners'> {
  categoryBanners: [number, Banners][];
  products: number;
}

export const catalogueFile = (folder: string, lang: Lang) => join(folder, `${lang}.jsonl`);

/** The reviews of the products whose catalogue entry shows only the latest: one line of [id, reviews] each. */
const REVIEWS_FILE = 'reviews.jsonl';

/** Lines written to a file in chunks of about this many characters. */
const CHUNK = 1 << 16;

function* chunks(values: Iterable<unknown>): Generator<string> {
  let chunk = '';
  for (const value of values) {
    chunk += `${JSON.stringify(value)}\n`;
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

async function* lines(file: string): AsyncGenerator<unknown> {
  for await (const line of createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity }))
    if (line) yield JSON.parse(line);
}

export function writeCatalogue(folder: string, { products, categoryBanners, ...lists }: Catalogue): Promise<void> {
  const head: Head = { ...lists, categoryBanners: [...categoryBanners], products: products.length };
  return writeFile(catalogueFile(folder, lists.lang), chunks([head, ...products]));
}

export function writeReviews(folder: string, reviews: Map<number, Review[]>): Promise<void> {
  return writeFile(join(folder, REVIEWS_FILE), chunks(reviews));
}

const handedReviews = new Map<string, Promise<Map<number, Review[]>>>();

/** The reviews handed over in `folder`, read once per process. */
export function readReviews(folder: string): Promise<Map<number, Review[]>> {
  let reviews = handedReviews.get(folder);
  if (!reviews) {
    reviews = (async () => {
      const read = new Map<number, Review[]>();
      for await (const entry of lines(join(folder, REVIEWS_FILE))) read.set(...(entry as [number, Review[]]));
      return read;
    })();
    handedReviews.set(folder, reviews);
  }
  return reviews;
}

export async function readCatalogue(folder: string, lang: Lang): Promise<Catalogue> {
  const file = catalogueFile(folder, lang);
  let head: Head | null = null;
  const products: CatalogueProduct[] = [];
  for await (const value of lines(file)) {
    if (head) products.push(value as CatalogueProduct);
    else head = value as Head;
  }
  // A file cut short (a full disk) must not build a smaller shop.
  if (!head || head.lang !== lang || products.length !== head.products)
    throw new Error(
      `${file} is not a whole ${lang} catalogue (${products.length} of ${head?.products ?? '?'} products)`,
    );
  return { ...head, products, categoryBanners: new Map(head.categoryBanners) };
}
