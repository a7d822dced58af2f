/**
 * Products of the basket's lines, fetched in the browser (spec §4: a visitor's
 * basket is rebuilt by fetching each product), once per page.
 */
import { atom } from 'nanostores';
import { normaliseProduct, type ShownProduct } from './product.ts';
import { products, statusOf } from '../backend/index.ts';
import { notify } from './notify.ts';

/** A line naming a product and its chosen feature (a basket's or a favourite's). */
interface ProductLine {
  product: number;
  feature: number | null;
}

/** Products fetched for local entries, by id (null: the product is gone or failed). */
export const $products = atom<Record<number, ShownProduct | null>>({});

const requests = new Map<number, Promise<ShownProduct | null>>();
const reads = new Map<number, Promise<ShownProduct>>();

/** One product, stored in $products; a failure is the caller's to report. */
async function fetchProduct(id: number): Promise<ShownProduct> {
  const product = normaliseProduct(await products.read(id));
  $products.set({ ...$products.get(), [id]: product });
  return product;
}

/**
 * A product from the API, one GET per page however many ask (the product page's live check, then its basket
 * button); a failure is the caller's to read (404: gone), and the next call tries again.
 */
export function readProduct(id: number): Promise<ShownProduct> {
  let read = reads.get(id);
  if (!read) {
    read = fetchProduct(id);
    reads.set(id, read);
    read.catch(() => reads.delete(id));
  }
  return read;
}

/** A product as the shop knows it now, fetched once per page; null when it cannot be fetched. */
export function productFor(id: number): Promise<ShownProduct | null> {
  let request = requests.get(id);
  if (!request) {
    const known = $products.get()[id];
    request = known !== undefined ? Promise.resolve(known) : readProduct(id).catch(() => null);
    requests.set(id, request);
  }
  return request;
}

/**
 * Fetch the products of local entries. A product that is gone gives
 * 'Mahsulot topilmadi: ID {id}', a variant that is gone 'Xususiyat topilmadi:
 * ID {id}'; both are dropped from the shown list but stay stored.
 */
export async function loadLocalProducts(entries: readonly ProductLine[]): Promise<void> {
  const known = $products.get();
  const missing = [...new Set(entries.map((e) => e.product))].filter((id) => !(id in known));
  if (!missing.length) return reportMissingFeatures(entries);
  const fetched = await Promise.all(
    missing.map(async (id): Promise<[number, ShownProduct | null]> => {
      try {
        return [id, await fetchProduct(id)];
      } catch (error) {
        if (statusOf(error) === 404) notify('error', 'isl.toast.productNotFound', { id });
        else notify('error', 'isl.toast.productsLoadFailed', { id });
        return [id, null];
      }
    }),
  );
  $products.set({ ...$products.get(), ...Object.fromEntries(fetched) });
  reportMissingFeatures(entries.filter((e) => missing.includes(e.product)));
}

function reportMissingFeatures(entries: readonly ProductLine[]) {
  const shown = $products.get();
  for (const entry of entries) {
    const product = shown[entry.product];
    if (product && entry.feature !== null && !product.features.some((f) => f.id === entry.feature)) {
      notify('error', 'isl.toast.featureNotFound', { id: entry.feature });
    }
  }
}
