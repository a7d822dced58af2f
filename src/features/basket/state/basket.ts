/**
 * The basket (spec §4 Basket, §5, §7, §8), one list per session.
 *
 * Visitors: entries in localStorage under `basket`, rebuilt by fetching each
 * product. Signed in: the server's basket as last read (kept in browser
 * storage, so the basket opens offline), plus the changes the server has not
 * taken yet (`basketPending`, src/features/basket/rules/pending.ts). A change is shown at
 * once and sent with the spec's calls (add, quantity, delete, then a refetch);
 * one the server could not take (no answer, 5xx, offline) waits and is sent
 * again at every page load, when the browser comes back online and before
 * checkout; one it refused (4xx) shows the server's reason, is not counted,
 * and waits for the shopper to remove or retry it.
 *
 * Every change of a visitor's lines goes through `basketReducer`
 * (src/features/basket/rules/basket.ts); components call the actions below and in basket-edit.ts.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { Feature } from '../../../backend/shop.ts';
import {
  basketReducer,
  decodeBasket,
  findEntry,
  isValidProductId,
  type BasketAction,
  type BasketEntry,
  type BasketProduct,
} from '../rules/basket.ts';
import {
  decodePending,
  decodeServerLines,
  encodePending,
  type PendingChange,
  type ViewLine,
} from '../rules/pending.ts';
import type { ServerLine } from '../rules/lines.ts';
import { productTitle } from '../../../shared/product.ts';
import { parseJson, repairStored } from '../../../shared/storage.ts';
import { $products, productFor } from '../../../shared/products.ts';
import { browserStorage } from '../../../shared/browser-storage.ts';
import { notify } from '../../../shared/notify.ts';
import { $signedIn, onSignedOut } from '../../../backend/tokens.ts';

export { $products };

/** Visitors' entries. */
const encodeBasket = (entries: BasketEntry[]) =>
  entries.length ? JSON.stringify(entries) : (undefined as unknown as string);
export const $localBasket = persistentAtom<BasketEntry[]>('basket', [], { encode: encodeBasket, decode: decodeBasket });
// Corrupted storage is repaired at once (spec: never a crash).
repairStored(browserStorage(), 'basket', encodeBasket($localBasket.get()));

/** Signed in: the changes the server has not taken yet, in the order they were made. */
export const $pendingBasket = persistentAtom<PendingChange[]>('basketPending', [], {
  encode: encodePending,
  decode: decodePending,
});
repairStored(browserStorage(), 'basketPending', encodePending($pendingBasket.get()));

/**
 * Whose session made the waiting changes, as a digest of the phone (session.ts), never the number itself: another
 * shopper signing in here does not get them.
 */
export const $basketOwner = persistentAtom<string>('basketOwner', '');

/** Signed in: the server's basket as last read, null until it has been read on this device. */
export const $serverBasket = persistentAtom<ServerLine[] | null>('basketSaved', null, {
  encode: (lines) => (lines ? JSON.stringify(lines) : (undefined as unknown as string)),
  decode: (raw) => decodeServerLines(parseJson(raw)),
});
// The server's basket as last read belongs to a session: when none is held, no one else on this browser sees it.
onSignedOut(() => $serverBasket.set(null));

/** Whether this page has read the server's basket: not yet, on its way, read, or failed (the known lines are shown). */
export const $basketRead = atom<'idle' | 'loading' | 'read' | 'failed'>('idle');
export const $basketFailed = computed($basketRead, (state) => state === 'failed');
/** Products found sold out when a shopper tried to add them (their buttons then say so). */
export const $soldOut = atom<ReadonlySet<number>>(new Set());

/**
 * A signed-in shopper's lines (the server's, with the changes not yet taken), or null while nothing is known;
 * laid out by basket-sync.ts, which a signed-in shopper's pages load as they start (a visitor's never do).
 */
export const $shopperView = atom<readonly ViewLine[] | null>(null);

/** The badge count, or null while it is not known yet (the badge stays hidden). A refused line is not counted. */
export const $basketCount = computed([$signedIn, $shopperView, $localBasket], (signedIn, view, local) => {
  if (!signedIn) return local.length;
  // A line the server refused is not counted.
  return view === null ? null : view.filter((line) => line.status !== 'refused').length;
});

/**
 * (product, feature) pairs in the basket, for the pressed state of add buttons. A line the server refused is not
 * one: its button offers the add again.
 */
export const $basketKeys = computed([$signedIn, $shopperView, $localBasket], (signedIn, view, local) => {
  const keys = new Set<string>();
  for (const line of signedIn ? (view ?? []).filter((l) => l.status !== 'refused') : local)
    keys.add(keyString(line.product, line.feature)).add(anyKey(line.product));
  return keys;
});

/** The server's reason for each refused add, by line key ('' when it gave none): shown beside the add button. */
export const $refusedLines = computed(
  $shopperView,
  (view) =>
    new Map(
      (view ?? []).filter((l) => l.status === 'refused').map((l) => [keyString(l.product, l.feature), l.reason ?? '']),
    ),
);

export const keyString = (product: number, feature: number | null) => `${product}:${feature ?? ''}`;
/** Key of "this product, any variant" (cards, which know no variant). */
export const anyKey = (product: number) => `${product}:*`;

export const changeLocal = (action: BasketAction) => $localBasket.set(basketReducer($localBasket.get(), action));

/** Whether the browser says it is online (true where it cannot tell). */
export const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The sending of a signed-in shopper's changes, loaded when first needed. */
const sync = () => import('./sync.ts');

/**
 * Signed in: read the server's basket, then send the changes still waiting
 * (every page load does). A failed read shows the spec's toast (unless
 * `quiet`) and the known lines stay shown.
 */
export function loadBasket(options: { quiet?: boolean; again?: boolean } = {}): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  return sync().then((basket) => basket.loadBasket(options));
}

/** Product fields the basket needs; only the id is required (the rest is refetched). */
export type BasketProductInput = Partial<Omit<BasketProduct, 'id'>> & {
  id: number;
  /** Known features of the product: a chosen feature must be one of them (spec §5). */
  features?: readonly Pick<Feature, 'id'>[];
};

/**
 * The product a card asked to add that is sold in variants (a fresh object on each ask): the page's hooks open
 * its page, where the shopper chooses one.
 */
export const $featureChoice = atom<{ product: number } | null>(null);

/**
 * Add a product (with the chosen feature, or null) with toggle semantics
 * (spec §4): when the same line is already there, it is removed instead;
 * never from a signed-in shopper's basket that could not be read, where the
 * line stays. Answers whether the line is in the basket afterwards.
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
  const signedIn = $signedIn.get();
  // Signed in, the add is decided on the server's basket as read now, when it can be read: never a second line.
  if (signedIn && $basketRead.get() !== 'read' && online()) await loadBasket({ quiet: true });
  const lines: readonly { product: number; feature: number | null }[] = signedIn
    ? ($shopperView.get() ?? [])
    : $localBasket.get();
  // A card's add of a product already in the basket takes that line, whichever variant it is (a toggle).
  const cardLine = featureId === null && !product.features ? lines.find((line) => line.product === id) : undefined;
  if (cardLine) featureId = cardLine.feature;
  else if (!findEntry(lines, id, featureId)) {
    // A new line: only what is in stock now (a product that cannot be fetched is left to the server to judge).
    // Offline, or with the basket's server out of reach just now, the server judges when the add is sent.
    const reachable = online() && !(signedIn && $basketRead.get() === 'failed');
    const known = reachable ? await productFor(id) : null;
    // A card knows no variant, and never picks one for the shopper: the product's page opens for the choice.
    if (known && featureId === null && !product.features && known.features.length > 0) {
      $featureChoice.set({ product: id });
      return false;
    }
    // No stock figure: the add is offered and the server decides.
    const soldOut =
      known &&
      (featureId === null
        ? known.stock !== undefined && known.stock <= 0
        : !known.features.some((f) => f.id === featureId));
    if (soldOut) {
      // Named, never by id: the shopper knows the product by its title.
      notify('error', 'isl.toast.outOfStock', { title: productTitle(known) });
      if (featureId === null) $soldOut.set(new Set([...$soldOut.get(), id]));
      return false;
    }
  }
  if (!signedIn) {
    const added = !findEntry($localBasket.get(), id, featureId);
    changeLocal({ type: 'toggle', product: id, feature: featureId });
    notify('success', added ? 'isl.toast.added' : 'isl.toast.removed');
    return added;
  }
  const { changeShopperLine, notifyNotTaken, removeShopperLines } = await sync();
  const existing = findEntry($shopperView.get() ?? [], id, featureId);
  // A refused line's add is sent again. The toggle takes a line out only of the basket as read now: on one that
  // could not be read, the line stays as it is (with any change still waiting for it), and the shopper is told why.
  if (existing && existing.status !== 'refused') {
    if ($basketRead.get() !== 'read') {
      notify('error', 'isl.toast.basketLoadFailed');
      return true;
    }
    await removeShopperLines([existing]);
    return false;
  }
  const outcome = await changeShopperLine({ product: id, feature: featureId, kind: 'add', quantity: 1 });
  // Spec §8: the server's errors field; the line is kept (marked refused, or waiting to be sent).
  if (outcome.state === 'sent') notify('success', 'isl.toast.added');
  else notifyNotTaken('isl.toast.addFailed', outcome);
  // A refused line is kept for the basket page, with the server's reason, but it is not in the basket.
  return outcome.state !== 'refused';
}

/** Pages send the waiting changes when the browser comes back online, or the service worker says it is time. */
export function sendWhenOnline(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => void loadBasket({ quiet: true, again: true }));
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === 'basket-sync') void loadBasket({ quiet: true, again: true });
  });
}
