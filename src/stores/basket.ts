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
  type BasketAction,
  type BasketEntry,
  type BasketProduct,
} from '../lib/basket.ts';
import { toServerLine, type ServerLine } from '../lib/basket-lines.ts';
import { productTitle } from '../lib/product.ts';
import { repairStored } from '../lib/storage.ts';
import { getApi, statusOf } from './api.ts';
import { $products, productFor } from './basket-products.ts';
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
/** Products found sold out when a shopper tried to add them (their buttons then say so). */
export const $soldOut = atom<ReadonlySet<number>>(new Set());

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

/** The writes below are this module's and basket-edit.ts's (its sibling for the basket and checkout pages). */
/** Changes made to the server view on this page; a load answered after a change would undo it. */
let serverChanges = 0;
export const changeLocal = (action: BasketAction) => $localBasket.set(basketReducer($localBasket.get(), action));
export const changeServer = (action: BasketAction) => {
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

export const refetchBasket = () => loadBasket({ force: true, quiet: true });

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
      // Named, never by id: the shopper knows the product by its title.
      notify('error', 'isl.toast.outOfStock', { title: productTitle(known) });
      if (featureId === null) $soldOut.set(new Set([...$soldOut.get(), id]));
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
    await refetchBasket();
  } catch (error) {
    // Spec §8: the server's errors field, then the product is added locally.
    changeServer({ type: 'remove', ids: [temp] });
    changeLocal({ type: 'add', product: id, feature: featureId });
    notify('error', 'isl.toast.addFailed', undefined, errorDetail(error));
  }
  return true;
}

/** Server delete (one with ?item=, many with {items}); on failure the lines are removed locally all the same. */
export async function removeServerLines(
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
    await refetchBasket();
  } catch (error) {
    if (mode === 'one' && statusOf(error) === 404) {
      notify('error', 'isl.toast.notInBasket', { id: ids[0]! });
      return;
    }
    notify('error', mode === 'one' ? 'isl.toast.removeFailed' : 'isl.toast.removeManyFailed');
  }
}
