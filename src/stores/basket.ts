/**
 * The basket (spec §4 Basket, §5, §7, §8), one list per session.
 *
 * Visitors: entries in localStorage under `basket`, rebuilt by fetching each
 * product. Signed in: the server's basket as last read (kept in browser
 * storage, so the basket opens offline), plus the changes the server has not
 * taken yet (`basketPending`, src/lib/basket-pending.ts). A change is shown at
 * once and sent with the spec's calls (add, quantity, delete, then a refetch);
 * one the server could not take (no answer, 5xx, offline) waits and is sent
 * again at every page load, when the browser comes back online and before
 * checkout; one it refused (4xx) shows the server's reason, is not counted,
 * and waits for the shopper to remove or retry it.
 *
 * Every change of a visitor's lines goes through `basketReducer`
 * (src/lib/basket.ts); components call the actions below and in basket-edit.ts.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { Feature } from '../lib/backend/shop.ts';
import {
  basketReducer,
  decodeBasket,
  findEntry,
  isValidProductId,
  type BasketAction,
  type BasketEntry,
  type BasketProduct,
} from '../lib/basket.ts';
import {
  countedLines,
  decodePending,
  dropChange,
  encodePending,
  planReplay,
  recordChange,
  refuseChange,
  viewLines,
  type BasketCall,
  type PendingChange,
  type ViewLine,
} from '../lib/basket-pending.ts';
import { decodeServerLines, readServerBasket, type ServerLine } from '../lib/basket-lines.ts';
import { productTitle } from '../lib/product.ts';
import { parseJson, repairStored } from '../lib/storage.ts';
import { getApi, statusOf } from './api.ts';
import { $products, productFor } from './basket-products.ts';
import { browserStorage } from './browser-storage.ts';
import { errorDetail, notify, queueToast, type ToastMessage } from './notify.ts';
import { $access, $signedIn } from './session-tokens.ts';

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

/** The phone whose session made the waiting changes: another shopper signing in here does not get them. */
export const $basketOwner = persistentAtom<string>('basketOwner', '');

/** Signed in: the server's basket as last read, null until it has been read on this device. */
export const $serverBasket = persistentAtom<ServerLine[] | null>('basketSaved', null, {
  encode: (lines) => (lines ? JSON.stringify(lines) : (undefined as unknown as string)),
  decode: (raw) => decodeServerLines(parseJson(raw)),
});

/** Whether this page has read the server's basket: not yet, on its way, read, or failed (the known lines are shown). */
export const $basketRead = atom<'idle' | 'loading' | 'read' | 'failed'>('idle');
export const $basketFailed = computed($basketRead, (state) => state === 'failed');
/** Products found sold out when a shopper tried to add them (their buttons then say so). */
export const $soldOut = atom<ReadonlySet<number>>(new Set());

/** A signed-in shopper's lines (server's, with the changes not yet taken), or null while nothing is known. */
export const $shopperView = computed(
  [$signedIn, $serverBasket, $pendingBasket, $basketRead],
  (signedIn, server, pending, read): ViewLine[] | null => {
    if (!signedIn) return null;
    if (server === null && read !== 'failed' && pending.length === 0) return null;
    return viewLines(server ?? [], pending);
  },
);

/** The badge count, or null while it is not known yet (the badge stays hidden). A refused line is not counted. */
export const $basketCount = computed([$signedIn, $shopperView, $localBasket], (signedIn, view, local) => {
  if (!signedIn) return local.length;
  return view === null ? null : countedLines(view).length;
});

/** (product, feature) pairs in the basket, for the pressed state of add buttons. */
export const $basketKeys = computed([$signedIn, $shopperView, $localBasket], (signedIn, view, local) => {
  const keys = new Set<string>();
  for (const line of signedIn ? (view ?? []) : local)
    keys.add(keyString(line.product, line.feature)).add(anyKey(line.product));
  return keys;
});

export const keyString = (product: number, feature: number | null) => `${product}:${feature ?? ''}`;
/** Key of "this product, any variant" (cards, which know no variant). */
export const anyKey = (product: number) => `${product}:*`;

export const changeLocal = (action: BasketAction) => $localBasket.set(basketReducer($localBasket.get(), action));

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Whether the server's basket as held here is what the server has (read on this page, no call failed since). */
let trusted = false;
// Another session's basket is not this one's.
$access.listen(() => {
  trusted = false;
  $basketRead.set('idle');
});
/** Basket reads and sends run one at a time, and one tab at a time (a Web Lock), so a send is never doubled. */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const run = queue.then(() => (locks ? (locks.request('bozor-basket', task) as Promise<T>) : task()));
  queue = run.catch(() => undefined);
  return run;
}

async function readServer(): Promise<void> {
  $basketRead.set('loading');
  try {
    $serverBasket.set(readServerBasket(await (await getApi()).call('basket')));
    trusted = true;
    $basketRead.set('read');
  } catch (error) {
    trusted = false;
    $basketRead.set('failed');
    throw error;
  }
}

/** What became of a line's change when the changes were sent. */
export interface Outcome {
  state: 'sent' | 'refused' | 'waiting';
  /** The server's words (its errors field) for a refusal. */
  detail?: string;
  status?: number;
}

const lineKey = (line: { product: number; feature: number | null }) => keyString(line.product, line.feature);

/** 4xx answers refuse a change; no answer, 5xx, 401 (the session is renewed or ends), 408 and 429 leave it waiting. */
const refused = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

async function send(call: BasketCall): Promise<void> {
  const api = await getApi();
  if (call.call === 'add') {
    const feature = call.feature === null ? {} : { feature: call.feature };
    await api.call('addToBasket', { body: { product: call.product, quantity: call.quantity, ...feature } });
  } else if (call.call === 'quantity') {
    await api.call('basketQuantity', { body: { item: call.item, action: call.action } });
  } else if (call.items.length === 1) {
    await api.call('deleteFromBasket', { query: { item: String(call.items[0]) } });
  } else {
    await api.call('deleteFromBasket', { body: { items: call.items } });
  }
}

/**
 * Send the waiting changes: read the server's basket first unless it is known
 * here, make the calls that close the gap, then refetch. Answers what became
 * of each line's change.
 */
function replay(): Promise<Map<string, Outcome>> {
  return serial(async () => {
    const outcomes = new Map<string, Outcome>();
    // Another tab may have sent or added changes: storage is the truth.
    const storage = browserStorage();
    if (storage) $pendingBasket.set(decodePending(storage.getItem('basketPending')));
    const waiting = $pendingBasket.get().filter((c) => c.state === 'waiting');
    if (!waiting.length || !$signedIn.get()) return outcomes;
    const wait = () => {
      for (const change of waiting)
        if (!outcomes.has(lineKey(change))) outcomes.set(lineKey(change), { state: 'waiting' });
      return outcomes;
    };
    if (!online()) return wait();
    if (!trusted) {
      try {
        await readServer();
      } catch {
        return wait();
      }
    }
    let called = false;
    const taken: PendingChange[] = [];
    for (const { changes, calls } of planReplay(waiting, $serverBasket.get() ?? [])) {
      try {
        for (const call of calls) {
          called = true;
          await send(call);
        }
        taken.push(...changes);
        for (const change of changes) outcomes.set(lineKey(change), { state: 'sent' });
      } catch (error) {
        trusted = false;
        const status = statusOf(error);
        // No answer: the network is down, the rest waits too. A 5xx may be this line's alone: the next is tried.
        if (status === 0) break;
        if (!refused(status)) continue;
        const detail = errorDetail(error);
        for (const change of changes) {
          // A refused add stays, marked, for the shopper; a refused quantity or removal leaves the server's line.
          $pendingBasket.set(
            change.kind === 'add'
              ? refuseChange($pendingBasket.get(), change, detail ?? null)
              : dropChange($pendingBasket.get(), change),
          );
          outcomes.set(lineKey(change), { state: 'refused', status, ...(detail ? { detail } : {}) });
        }
      }
    }
    // A change the server took leaves the list once the refetch shows it (until then it shows as it is, and
    // sending it again sends nothing); a change made again while this one was on its way stays to be sent.
    if (called) await readServer().catch(() => undefined);
    if (!called || $basketRead.get() === 'read') {
      for (const change of taken) {
        const now = $pendingBasket.get().find((c) => lineKey(c) === lineKey(change));
        if (now && now.kind === change.kind && now.quantity === change.quantity && now.state === 'waiting')
          $pendingBasket.set(dropChange($pendingBasket.get(), change));
      }
    }
    return wait();
  });
}

/** Ask the service worker to send the changes when the browser is back online (Background Sync), where it can. */
function syncWhenOnline() {
  void navigator.serviceWorker?.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(
        'basket',
      ),
    )
    .catch(() => undefined);
}

/**
 * Record a change of a signed-in shopper's line and send it. Answers what
 * became of it; a change that must wait is queued for the next chance.
 */
export async function changeShopperLine(
  change: Pick<PendingChange, 'product' | 'feature' | 'kind' | 'quantity'>,
): Promise<Outcome> {
  $pendingBasket.set(recordChange($pendingBasket.get(), change));
  const outcome = (await replay()).get(lineKey(change)) ?? { state: 'sent' };
  if (outcome.state === 'waiting') syncWhenOnline();
  return outcome;
}

let loading: Promise<void> | null = null;

/**
 * Signed in: read the server's basket, then send the changes still waiting
 * (every page load does). A failed read shows the spec's toast (unless
 * `quiet`) and the known lines stay shown.
 */
export function loadBasket(options: { quiet?: boolean } = {}): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  // Offline, the lines known here are shown as they are (the page says it is offline); coming back online reads.
  if (!online()) {
    $basketRead.set('failed');
    return Promise.resolve();
  }
  loading ??= serial(readServer)
    .then(
      () => {
        if ($pendingBasket.get().some((c) => c.state === 'waiting')) void replay();
      },
      () => {
        if (!options.quiet) notify('error', 'isl.toast.basketLoadFailed');
      },
    )
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Read the server's basket again (after an order) without a toast. */
export const refetchBasket = () => serial(readServer).catch(() => undefined);

/** Send the waiting changes now (checkout does, before ordering); answers what became of each. */
export const sendPending = replay;

/** Product fields the basket needs; only the id is required (the rest is refetched). */
export type BasketProductInput = Partial<Omit<BasketProduct, 'id'>> & {
  id: number;
  /** Known features of the product: a chosen feature must be one of them (spec §5). */
  features?: readonly Pick<Feature, 'id'>[];
};

/** The toast of a signed-in shopper's change that did not go through: the server's words, or that it will be sent. */
export function notifyNotTaken(key: ToastMessage['key'], outcome: Outcome): void {
  queueToast(
    outcome.state === 'refused'
      ? { kind: 'error', key, ...(outcome.detail ? { detail: outcome.detail } : {}) }
      : { kind: 'error', key, detailKey: online() ? 'isl.basket.kept_will_send' : 'isl.basket.kept_offline' },
  );
}

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
  const signedIn = $signedIn.get();
  // Signed in, the add is decided on the server's basket as read now, when it can be read: never a second line.
  if (signedIn && $basketRead.get() !== 'read' && online()) await loadBasket({ quiet: true });
  const lines: readonly { product: number; feature: number | null }[] = signedIn
    ? ($shopperView.get() ?? [])
    : $localBasket.get();
  // A card knows no variant: a product sold by variants gets the one in the basket, else its first in stock.
  const cardLine = featureId === null && !product.features ? lines.find((line) => line.product === id) : undefined;
  if (cardLine) featureId = cardLine.feature;
  else if (!findEntry(lines, id, featureId)) {
    // A new line: only what is in stock now (a product that cannot be fetched is left to the server to judge).
    // Offline, or with the basket's server out of reach just now, the server judges when the add is sent.
    const reachable = online() && !(signedIn && $basketRead.get() === 'failed');
    const known = reachable ? await productFor(id) : null;
    if (known && featureId === null && !product.features) featureId = known.features[0]?.id ?? null;
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
  const existing = findEntry($shopperView.get() ?? [], id, featureId);
  if (existing) {
    await removeShopperLines([existing]);
    return false;
  }
  const outcome = await changeShopperLine({ product: id, feature: featureId, kind: 'add', quantity: 1 });
  // Spec §8: the server's errors field; the line is kept (marked refused, or waiting to be sent).
  if (outcome.state === 'sent') notify('success', 'isl.toast.added');
  else notifyNotTaken('isl.toast.addFailed', outcome);
  return true;
}

/**
 * Remove a signed-in shopper's lines (one, or many with one delete). A refused
 * add is simply dropped; a removal the server could not take stays waiting and
 * the lines leave the list at once (spec §4's local change).
 */
export async function removeShopperLines(
  lines: readonly Pick<ViewLine, 'product' | 'feature' | 'status' | 'id'>[],
  success: ToastMessage['key'] = 'isl.toast.removed',
  many = false,
): Promise<void> {
  for (const line of lines) {
    $pendingBasket.set(
      line.status === 'refused'
        ? dropChange($pendingBasket.get(), line)
        : recordChange($pendingBasket.get(), {
            product: line.product,
            feature: line.feature,
            kind: 'remove',
            quantity: 0,
          }),
    );
  }
  const outcomes = await replay();
  const results = lines.map((line) => outcomes.get(lineKey(line)) ?? { state: 'sent' as const });
  const gone = results.find((r) => r.state === 'refused' && r.status === 404);
  if (!many && gone) return notify('error', 'isl.toast.notInBasket', { id: lines[0]!.id });
  const notTaken = results.find((r) => r.state !== 'sent');
  if (!notTaken) return notify('success', success);
  syncWhenOnline();
  notifyNotTaken(many ? 'isl.toast.removeManyFailed' : 'isl.toast.removeFailed', notTaken);
}

/** Pages that load the basket send the waiting changes when the browser comes back online. */
export function sendWhenOnline(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('online', () => void loadBasket({ quiet: true }));
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === 'basket-sync') void loadBasket({ quiet: true });
  });
}
