/**
 * The basket (spec §4 Basket, §5, §7, §8). Visitors: entries in localStorage
 * under `basket`, rebuilt by fetching each product. Signed in: server calls,
 * then a refetch; changes are shown at once and, when the server fails, the
 * spec's local fallback keeps them (a failed add is kept as a local entry and
 * pushed again at the next sign-in or basket load).
 *
 * Every change of lines goes through `basketReducer` (src/lib/basket.ts);
 * components call the actions below; nothing else writes these stores.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { Feature } from '#contract/schemas.ts';
import {
  basketReducer,
  decodeBasket,
  findEntry,
  isValidProductId,
  lineCount,
  nextQuantity,
  sameLine,
  type BasketAction,
  type BasketEntry,
  type BasketLine,
  type BasketProduct,
  type QuantityAction,
} from '../lib/basket.ts';
import { shownLines, toServerLine, type ServerLine } from '../lib/basket-lines.ts';
import { repairStored } from '../lib/storage.ts';
import { getApi, statusOf } from './api.ts';
import { $products, loadLocalProducts as loadProductsOf, productFor } from './basket-products.ts';
import { browserStorage } from './browser-storage.ts';
import { errorDetail, notify, type ToastMessage } from './notify.ts';
import { $signedIn } from './session-tokens.ts';

export { $products };

/** Visitors' entries (and, signed in, adds the server refused, kept locally). */
const encodeBasket = (entries: BasketEntry[]) =>
  entries.length ? JSON.stringify(entries) : (undefined as unknown as string);
export const $localBasket = persistentAtom<BasketEntry[]>('basket', [], { encode: encodeBasket, decode: decodeBasket });
// Corrupted storage is repaired at once (spec: never a crash).
repairStored(browserStorage(), 'basket', encodeBasket($localBasket.get()));

/** Signed in: the server basket, null until loaded. */
export const $serverBasket = atom<ServerLine[] | null>(null);
/** Whether the server basket could not be loaded (the local entries are shown instead). */
export const $basketFailed = atom(false);

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

/** Every line shown: server lines (signed in, when they loaded) then local ones, resolved to products. */
export const $basketLines = computed(
  [$signedIn, $basketFailed, $serverBasket, $localBasket, $products],
  (signedIn, failed, server, entries, products): BasketLine[] =>
    shownLines(signedIn && !failed, server, entries, products),
);

/** Whether the lines are known: the server basket answered (or failed), and every local entry's product came. */
export const $basketLoaded = computed(
  [$signedIn, $serverBasket, $basketFailed, $localBasket, $products],
  (signedIn, server, failed, entries, products) =>
    !(signedIn && server === null && !failed) && entries.every((e) => e.product in products),
);

export const keyString = (product: number, feature: number | null) => `${product}:${feature ?? ''}`;
/** Key of "this product, any variant" (cards, which know no variant). */
export const anyKey = (product: number) => `${product}:*`;

/** Changes made to the server view on this page; a load answered after a change would undo it. */
let serverChanges = 0;
const changeLocal = (action: BasketAction) => $localBasket.set(basketReducer($localBasket.get(), action));
const changeServer = (action: BasketAction) => {
  serverChanges++;
  $serverBasket.set(basketReducer($serverBasket.get() ?? [], action));
};

let tempId = -1;
let loading: Promise<void> | null = null;

/** Signed in: load (or reload) the server basket. A failure shows the spec's toast and falls back to local entries. */
export function loadBasket(options: { force?: boolean; quiet?: boolean } = {}): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  if (loading && !options.force) return loading;
  const run = (async () => {
    const changesBefore = serverChanges;
    try {
      const items = await (await getApi()).call('basket');
      // A change made while this answer was on its way is newer than it; that change's own refetch follows.
      if (serverChanges === changesBefore) $serverBasket.set(items.map(toServerLine));
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

/** Fetch the products of the visitor's entries (the basket page). */
export const loadLocalProducts = (): Promise<void> => loadProductsOf($localBasket.get());

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
  const lines = [...$localBasket.get(), ...($signedIn.get() ? ($serverBasket.get() ?? []) : [])];
  // A card knows no variant: a product sold by variants gets the one in the basket, else its first in stock.
  const cardLine = featureId === null && !product.features ? lines.find((line) => line.product === id) : undefined;
  if (cardLine) featureId = cardLine.feature;
  else if (!findEntry(lines, id, featureId)) {
    // A new line: only what is in stock now (a product that cannot be fetched is left to the server to judge).
    const known = await productFor(id);
    if (known && featureId === null && !product.features) featureId = known.features[0]?.id ?? null;
    const soldOut = known && (featureId === null ? known.stock <= 0 : !known.features.some((f) => f.id === featureId));
    if (soldOut) {
      notify('error', 'isl.toast.outOfStock', { id });
      return false;
    }
  }
  if (!$signedIn.get() || $basketFailed.get()) {
    const added = !findEntry($localBasket.get(), id, featureId);
    changeLocal({ type: 'toggle', product: id, feature: featureId });
    notify('success', added ? 'isl.toast.added' : 'isl.toast.removed');
    return added;
  }
  // Signed in. A line kept locally after a failed add is toggled locally.
  const local = findEntry($localBasket.get(), id, featureId);
  if (local) {
    changeLocal({ type: 'remove', ids: [local.id] });
    notify('success', 'isl.toast.removed');
    return false;
  }
  if ($serverBasket.get() === null) await loadBasket();
  const existing = findEntry($serverBasket.get() ?? [], id, featureId);
  if (existing) {
    await removeServerLines([existing], 'one');
    return false;
  }
  const temp = tempId--;
  changeServer({ type: 'add', product: id, feature: featureId, id: temp });
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
    changeServer({ type: 'remove', ids: [temp] });
    changeLocal({ type: 'add', product: id, feature: featureId });
    notify('error', 'isl.toast.addFailed', undefined, errorDetail(error));
  }
  return true;
}

const quantityToast = (action: QuantityAction) =>
  action === 'increase' ? 'isl.toast.increased' : 'isl.toast.decreased';

/** Increase or decrease a line; decreasing at 1 removes it (spec §4). */
export async function changeQuantity(line: Pick<BasketLine, 'source' | 'id'>, action: QuantityAction): Promise<void> {
  const lines = line.source === 'local' ? $localBasket.get() : ($serverBasket.get() ?? []);
  const current = lines.find((l) => l.id === line.id);
  if (!current) return notify('error', 'isl.toast.notInBasket', { id: line.id });
  const removed = nextQuantity(current.quantity, action) === 0;
  if (line.source === 'local') {
    changeLocal({ type: action, id: line.id });
    return notify('success', removed ? 'isl.toast.removed' : quantityToast(action));
  }
  if (removed) return removeServerLines([current], 'one');
  changeServer({ type: action, id: line.id });
  try {
    await (await getApi()).call('basketQuantity', { body: { item: current.id, action } });
    notify('success', quantityToast(action));
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
    changeLocal({ type: 'remove', ids: [line.id] });
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
  if (localIds.length) changeLocal({ type: 'remove', ids: localIds });
  const serverIds = new Set(lines.filter((l) => l.source === 'server').map((l) => l.id));
  const server = ($serverBasket.get() ?? []).filter((l) => serverIds.has(l.id));
  if (!server.length) return notify('success', success);
  await removeServerLines(server, 'many', success);
}

/** Server delete (one with ?item=, many with {items}); on failure the lines are removed locally all the same. */
async function removeServerLines(
  lines: readonly ServerLine[],
  mode: 'one' | 'many',
  success: ToastMessage['key'] = 'isl.toast.removed',
) {
  const ids = lines.map((l) => l.id);
  changeServer({ type: 'remove', ids });
  try {
    if (mode === 'one' && lines.length === 1) {
      await (await getApi()).call('deleteFromBasket', { query: { item: String(ids[0]) } });
    } else {
      await (await getApi()).call('deleteFromBasket', { body: { items: ids } });
    }
    notify('success', success);
    await refetch();
  } catch (error) {
    if (mode === 'one' && statusOf(error) === 404) {
      notify('error', 'isl.toast.notInBasket', { id: ids[0]! });
      return;
    }
    notify('error', mode === 'one' ? 'isl.toast.removeFailed' : 'isl.toast.removeManyFailed');
  }
}

/**
 * Push local entries to the server (at sign-in, spec §4, and when a signed-in
 * basket page finds entries a failed add kept). A line on both sides keeps
 * the larger quantity. Each entry that fails stays local with
 * 'Mahsulotni sinxronlashtirishda xato: ID {id}'. Answers the messages to
 * show (the caller may show them after a reload).
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
  const target = basketReducer(server, { type: 'merge', lines: entries });
  const failed: BasketEntry[] = [];
  for (const entry of entries) {
    const quantity = target.find((line) => sameLine(line, entry))?.quantity ?? entry.quantity;
    try {
      await (
        await getApi()
      ).call('addToBasket', {
        body: { product: entry.product, quantity, ...(entry.feature === null ? {} : { feature: entry.feature }) },
      });
    } catch (error) {
      failed.push(entry);
      const detail = errorDetail(error);
      messages.push({
        kind: 'error',
        key: 'isl.toast.syncItemFailed',
        values: { id: entry.product },
        ...(detail ? { detail } : {}),
      });
    }
  }
  // Keep exactly the entries that failed (entries added meanwhile are kept too).
  changeLocal({ type: 'remove', ids: entries.filter((e) => !failed.includes(e)).map((e) => e.id) });
  messages.push(
    failed.length ? { kind: 'error', key: 'isl.toast.syncFailed' } : { kind: 'success', key: 'isl.toast.synced' },
  );
  return messages;
}
