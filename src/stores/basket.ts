/**
 * The basket (spec §4 Basket, §5, §7, §8). Visitors: entries in localStorage
 * under `basket`, rebuilt by fetching each product. Signed in: server calls,
 * then a refetch; changes are shown at once and, when the server fails, the
 * spec's local fallback keeps them (a failed add is kept as a local entry and
 * pushed again at the next sign-in or basket load).
 *
 * Components call the actions below; nothing else writes these stores.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { BasketItem, Feature, Product } from '#contract/schemas.ts';
import {
  changeEntryQuantity,
  decodeBasket,
  ensureEntry,
  findEntry,
  isValidProductId,
  lineCount,
  mergeLines,
  nextQuantity,
  removeEntries,
  sameLine,
  toggleEntry,
  unitPrices,
  type BasketEntry,
  type BasketLine,
  type BasketProduct,
  type QuantityAction,
} from '../lib/basket.ts';
import { repairStored } from '../lib/storage.ts';
import { browserStorage } from './browser-storage.ts';
import { firstImage, normaliseProduct, productTitle, type ShownProduct } from '../lib/product.ts';
import { getApi, statusOf } from './api.ts';
import { errorDetail, notify, type ToastMessage } from './notify.ts';
import { $signedIn } from './session-tokens.ts';

/** Visitors' entries (and, signed in, adds the server refused, kept locally). */
const encodeBasket = (entries: BasketEntry[]) =>
  entries.length ? JSON.stringify(entries) : (undefined as unknown as string);
export const $localBasket = persistentAtom<BasketEntry[]>('basket', [], { encode: encodeBasket, decode: decodeBasket });
// Corrupted storage is repaired at once (spec: never a crash).
repairStored(browserStorage(), 'basket', encodeBasket($localBasket.get()));

/** A server line as this page knows it; `item` is missing while an add is in flight. */
export interface ServerLine {
  id: number;
  product: number;
  feature: number | null;
  quantity: number;
  item?: BasketItem;
}

/** Signed in: the server basket, null until loaded. */
export const $serverBasket = atom<ServerLine[] | null>(null);
/** Whether the server basket could not be loaded (the local entries are shown instead). */
export const $basketFailed = atom(false);
/** Products fetched for local entries, by id (null: the product is gone or failed). */
export const $products = atom<Record<number, ShownProduct | null>>({});

/** The badge count, or null while it is not known yet (the badge stays hidden). */
export const $basketCount = computed(
  [$signedIn, $serverBasket, $basketFailed, $localBasket],
  (signedIn, server, failed, local) => {
    if (!signedIn) return local.length;
    if (server === null && !failed) return null;
    return lineCount(server, local);
  },
);

/** (product, feature) pairs in the basket, for the pressed state of add buttons. */
export const $basketKeys = computed([$signedIn, $serverBasket, $localBasket], (signedIn, server, local) => {
  const lines = signedIn ? [...local, ...(server ?? [])] : local;
  const keys = new Set<string>();
  for (const line of lines) keys.add(keyString(line.product, line.feature)).add(anyKey(line.product));
  return keys;
});

export const keyString = (product: number, feature: number | null) => `${product}:${feature ?? ''}`;
/** Key of "this product, any variant" (cards, which know no variant). */
export const anyKey = (product: number) => `${product}:*`;

let tempId = -1;
let loading: Promise<void> | null = null;

const toServerLine = (item: BasketItem): ServerLine => ({
  id: item.id,
  product: item.product.id,
  feature: item.feature?.id ?? null,
  quantity: item.quantity,
  item,
});

const productRequests = new Map<number, Promise<ShownProduct | null>>();

/** One product, fetched once per page (null when it cannot be fetched); the error is rethrown to the first caller. */
async function fetchProduct(id: number): Promise<ShownProduct> {
  const product = normaliseProduct(await (await getApi()).call('product', { params: { id } }));
  $products.set({ ...$products.get(), [id]: product });
  return product;
}

async function defaultFeature(id: number): Promise<number | null> {
  let request = productRequests.get(id);
  if (!request) {
    const known = $products.get()[id];
    request = known !== undefined ? Promise.resolve(known) : fetchProduct(id).catch(() => null);
    productRequests.set(id, request);
  }
  return (await request)?.features[0]?.id ?? null;
}

/** Signed in: load (or reload) the server basket. A failure shows the spec's toast and falls back to local entries. */
export function loadBasket(options: { force?: boolean; quiet?: boolean } = {}): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  if (loading && !options.force) return loading;
  const run = (async () => {
    try {
      const items = await (await getApi()).call('basket');
      $serverBasket.set(items.map(toServerLine));
      $basketFailed.set(false);
    } catch {
      $basketFailed.set(true);
      if (!options.quiet) notify('error', 'isl.toast.basketLoadFailed');
    }
  })();
  loading = run;
  void run.finally(() => {
    if (loading === run) loading = null;
  });
  return run;
}

const refetch = () => loadBasket({ force: true, quiet: true });

/** Product fields the basket needs; only the id is required (the rest is refetched). */
export type BasketProductInput = Partial<Omit<BasketProduct, 'id'>> & {
  id: number;
  /** Known features of the product: a chosen feature must be one of them (spec §5). */
  features?: readonly Pick<Feature, 'id'>[];
};

/**
 * Add a product (with the chosen feature, or null) with toggle semantics
 * (spec §4): when the same line is already there, it is removed instead.
 * Answers whether the line is in the basket afterwards.
 */
export async function addToBasket(product: BasketProductInput, featureId: number | null = null): Promise<boolean> {
  const id = product?.id;
  const featureOk =
    featureId === null ||
    (isValidProductId(featureId) && (!product.features || product.features.some((f) => f.id === featureId)));
  if (!isValidProductId(id) || !featureOk) {
    notify('error', 'isl.toast.invalidProduct');
    return false;
  }
  // A card knows no variant: a product sold by variants gets its first one in stock.
  if (featureId === null && !product.features) {
    const lines = [...$localBasket.get(), ...($signedIn.get() ? ($serverBasket.get() ?? []) : [])];
    const existing = lines.find((line) => line.product === id);
    featureId = existing ? existing.feature : await defaultFeature(id);
  }
  if (!$signedIn.get() || $basketFailed.get()) {
    const { entries, added } = toggleEntry($localBasket.get(), id, featureId);
    $localBasket.set(entries);
    notify('success', added ? 'isl.toast.added' : 'isl.toast.removed');
    return added;
  }
  // Signed in. A line kept locally after a failed add is toggled locally.
  const local = findEntry($localBasket.get(), id, featureId);
  if (local) {
    $localBasket.set(removeEntries($localBasket.get(), [local.id]));
    notify('success', 'isl.toast.removed');
    return false;
  }
  if ($serverBasket.get() === null) await loadBasket();
  const server = $serverBasket.get() ?? [];
  const existing = server.find((line) => sameLine(line, { product: id, feature: featureId }));
  if (existing) {
    await removeServerLines([existing], 'one');
    return false;
  }
  const temp: ServerLine = { id: tempId--, product: id, feature: featureId, quantity: 1 };
  $serverBasket.set([...server, temp]);
  try {
    await (
      await getApi()
    ).call('addToBasket', {
      body: { product: id, quantity: 1, ...(featureId === null ? {} : { feature: featureId }) },
    });
    notify('success', 'isl.toast.added');
    await refetch();
  } catch (error) {
    // Spec §8: the server's errors field, then the product is added locally.
    $serverBasket.set(($serverBasket.get() ?? []).filter((line) => line !== temp));
    $localBasket.set(ensureEntry($localBasket.get(), id, featureId));
    notify('error', 'isl.toast.addFailed', undefined, errorDetail(error));
  }
  return true;
}

/** Increase or decrease a line; decreasing at 1 removes it (spec §4). */
export async function changeQuantity(line: Pick<BasketLine, 'source' | 'id'>, action: QuantityAction): Promise<void> {
  if (line.source === 'local') {
    const entry = $localBasket.get().find((e) => e.id === line.id);
    if (!entry) return notify('error', 'isl.toast.notInBasket', { id: line.id });
    const removed = nextQuantity(entry.quantity, action) === 0;
    $localBasket.set(changeEntryQuantity($localBasket.get(), line.id, action));
    notify(
      'success',
      removed ? 'isl.toast.removed' : action === 'increase' ? 'isl.toast.increased' : 'isl.toast.decreased',
    );
    return;
  }
  const server = $serverBasket.get() ?? [];
  const current = server.find((l) => l.id === line.id);
  if (!current) return notify('error', 'isl.toast.notInBasket', { id: line.id });
  const quantity = nextQuantity(current.quantity, action);
  if (quantity === 0) return removeServerLines([current], 'one');
  const changed = { ...current, quantity, ...(current.item ? { item: { ...current.item, quantity } } : {}) };
  $serverBasket.set(server.map((l) => (l === current ? changed : l)));
  try {
    await (await getApi()).call('basketQuantity', { body: { item: current.id, action } });
    notify('success', action === 'increase' ? 'isl.toast.increased' : 'isl.toast.decreased');
    await refetch();
  } catch {
    // Spec §4: on server failure the change stays, locally.
    notify('error', 'isl.toast.quantityFailed');
  }
}

/** Remove one line. */
export async function removeFromBasket(line: Pick<BasketLine, 'source' | 'id'>): Promise<void> {
  if (line.source === 'local') {
    if (!$localBasket.get().some((e) => e.id === line.id))
      return notify('error', 'isl.toast.notInBasket', { id: line.id });
    $localBasket.set(removeEntries($localBasket.get(), [line.id]));
    return notify('success', 'isl.toast.removed');
  }
  const current = ($serverBasket.get() ?? []).find((l) => l.id === line.id);
  if (!current) return notify('error', 'isl.toast.notInBasket', { id: line.id });
  return removeServerLines([current], 'one');
}

/** Remove the chosen lines (select items, delete selected). */
export function removeSelected(lines: readonly Pick<BasketLine, 'source' | 'id'>[]): Promise<void> {
  return removeMany(lines, 'isl.toast.removedSelected');
}

/** Remove every line. */
export function clearBasket(): Promise<void> {
  const local = $localBasket.get().map((e) => ({ source: 'local' as const, id: e.id }));
  const server = ($serverBasket.get() ?? [])
    .filter((l) => l.id > 0)
    .map((l) => ({ source: 'server' as const, id: l.id }));
  return removeMany([...server, ...local], 'isl.toast.cleared');
}

async function removeMany(
  lines: readonly Pick<BasketLine, 'source' | 'id'>[],
  success: 'isl.toast.removedSelected' | 'isl.toast.cleared',
) {
  const localIds = lines.filter((l) => l.source === 'local').map((l) => l.id);
  if (localIds.length) $localBasket.set(removeEntries($localBasket.get(), localIds));
  const serverIds = new Set(lines.filter((l) => l.source === 'server').map((l) => l.id));
  const server = ($serverBasket.get() ?? []).filter((l) => serverIds.has(l.id));
  if (!server.length) return notify('success', success);
  await removeServerLines(server, 'many', success);
}

/** Server delete (one with ?item=, many with {items}); on failure the lines are removed locally all the same. */
async function removeServerLines(
  lines: ServerLine[],
  mode: 'one' | 'many',
  success: ToastMessage['key'] = 'isl.toast.removed',
) {
  const ids = new Set(lines.map((l) => l.id));
  $serverBasket.set(($serverBasket.get() ?? []).filter((l) => !ids.has(l.id)));
  try {
    if (mode === 'one' && lines.length === 1) {
      await (await getApi()).call('deleteFromBasket', { query: { item: String(lines[0]!.id) } });
    } else {
      await (await getApi()).call('deleteFromBasket', { body: { items: [...ids] } });
    }
    notify('success', success);
    await refetch();
  } catch (error) {
    if (mode === 'one' && statusOf(error) === 404) {
      notify('error', 'isl.toast.notInBasket', { id: lines[0]!.id });
      return;
    }
    notify('error', mode === 'one' ? 'isl.toast.removeFailed' : 'isl.toast.removeManyFailed');
  }
}

/**
 * Push local entries to the server (at sign-in, spec §4, and when a signed-in
 * basket page finds entries a failed add kept). Each entry that fails stays
 * local with 'Mahsulotni sinxronlashtirishda xato: ID {id}'. Answers the
 * messages to show (the caller may show them after a reload).
 */
export async function syncLocalBasket(): Promise<ToastMessage[]> {
  const entries = $localBasket.get();
  if (!entries.length) return [];
  const messages: ToastMessage[] = [];
  let server: ServerLine[] = [];
  try {
    server = (await (await getApi()).call('basket')).map(toServerLine);
  } catch {
    // Unknown server basket: the local quantities are sent as they are.
  }
  const failed: BasketEntry[] = [];
  for (const entry of entries) {
    const existing = server.find((line) => sameLine(line, entry));
    // Nothing lost: a line on both sides keeps the larger quantity.
    const quantity = Math.max(entry.quantity, existing?.quantity ?? 0);
    try {
      await (
        await getApi()
      ).call('addToBasket', {
        body: { product: entry.product, quantity, ...(entry.feature === null ? {} : { feature: entry.feature }) },
      });
    } catch (error) {
      failed.push(entry);
      messages.push({
        kind: 'error',
        key: 'isl.toast.syncItemFailed',
        values: { id: entry.product },
        ...detailOf(error),
      });
    }
  }
  // Keep exactly the entries that failed (entries added meanwhile are kept too).
  const pushed = entries.filter((e) => !failed.includes(e)).map((e) => e.id);
  $localBasket.set(removeEntries($localBasket.get(), pushed));
  messages.push(
    failed.length ? { kind: 'error', key: 'isl.toast.syncFailed' } : { kind: 'success', key: 'isl.toast.synced' },
  );
  return messages;
}

const detailOf = (error: unknown) => {
  const detail = errorDetail(error);
  return detail ? { detail } : {};
};

/**
 * Fetch the products of local entries (spec §4: the visitor's basket is
 * rebuilt by fetching each product). A product that is gone gives
 * 'Mahsulot topilmadi: ID {id}', a variant that is gone 'Xususiyat topilmadi:
 * ID {id}'; both are dropped from the shown list but stay stored.
 */
export async function loadLocalProducts(): Promise<void> {
  const entries = $localBasket.get();
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

function reportMissingFeatures(entries: readonly BasketEntry[]) {
  const products = $products.get();
  for (const entry of entries) {
    const product = products[entry.product];
    if (product && entry.feature !== null && !product.features.some((f) => f.id === entry.feature)) {
      notify('error', 'isl.toast.featureNotFound', { id: entry.feature });
    }
  }
}

/** Shown lines of local entries whose product (and feature) could be fetched. */
export function localLines(
  entries: readonly BasketEntry[],
  products: Record<number, ShownProduct | null>,
): BasketLine[] {
  return entries.flatMap((entry) => {
    const product = products[entry.product];
    if (!product) return [];
    const feature = entry.feature === null ? null : (product.features.find((f) => f.id === entry.feature) ?? null);
    if (entry.feature !== null && !feature) return [];
    return [lineOf('local', entry.id, product, feature, entry.quantity)];
  });
}

export function serverLines(lines: readonly ServerLine[]): BasketLine[] {
  return lines.flatMap((line) => {
    if (!line.item) return [];
    const { item } = line;
    return [{ ...lineOf('server', item.id, item.product, item.feature, line.quantity), price: item.price }];
  });
}

/** Every shown line: server lines (signed in) then local ones. */
export function shownLines(
  signedIn: boolean,
  server: readonly ServerLine[] | null,
  entries: readonly BasketEntry[],
  products: Record<number, ShownProduct | null>,
): BasketLine[] {
  const local = localLines(entries, products);
  return signedIn ? mergeLines(serverLines(server ?? []), local) : local;
}

function lineOf(
  source: BasketLine['source'],
  id: number,
  product: Pick<Product, 'id' | 'title' | 'price' | 'discount' | 'discount_price' | 'images'> | ShownProduct,
  feature: Feature | null,
  quantity: number,
): BasketLine {
  const shown: BasketProduct = {
    id: product.id,
    title: productTitle(product),
    price: product.price,
    discount: product.discount,
    discount_price: product.discount_price,
    image: firstImage(feature && firstImage(feature.images) !== firstImage(null) ? feature.images : product.images),
  };
  return { key: `${source}:${id}`, source, id, product: shown, feature, quantity, ...unitPrices(shown, feature) };
}
