/**
 * The basket's actions (add, quantity, removal, retry, a visitor's lines handed over at sign-in) and its lines as
 * the basket and checkout pages show them. A visitor's change is taken at once; a signed-in shopper's is sent by
 * sync.ts, loaded when first needed. Apart from basket.ts (every page's badge and buttons): a page loads this at
 * its first add, or when it shows the lines.
 */
import { computed } from 'nanostores';
import { unitPrices } from '#contract/price.ts';
import type { ServerLine } from '../../../backend/index.ts';
import {
  lineKey,
  nextQuantity,
  recordChange,
  retryChange,
  sameLine,
  takeChange,
  type BasketChange,
  type BasketEntry,
  type BasketLine,
  type BasketProduct,
  type ChangeAsked,
  type QuantityAction,
  type ViewLine,
} from '../rules/basket.ts';
import {
  $basketRead,
  $featureChoice,
  $localBasket,
  $pendingBasket,
  $serverBasket,
  $shopperView,
  $soldOut,
  online,
} from './basket.ts';
import { firstImage, imageList, productTitle, type ShownProduct } from '../../../shared/product.ts';
import { $products, loadLocalProducts as loadProductsOf, productFor } from '../../../shared/products.ts';
import { isPositiveInt } from '../../../shared/storage.ts';
import { notify, queueToast, type ToastMessage } from '../../../shared/notify.ts';
import { $signedIn } from '../../../backend/tokens.ts';
import type { Asked, Outcome } from './sync.ts';

/** The sending of a signed-in shopper's changes (a visitor's pages never load it). */
const sync = () => import('./sync.ts');

/** A visitor's lines as lines of the view: saved on this device. */
const localView = (entries: readonly BasketEntry[]): ViewLine[] =>
  entries.map((entry) => ({ ...entry, source: 'local', status: 'saved' }));

/** The products the shown lines still need fetched (a server line that carries only ids, or no stock). */
export const productsToFetch = (server: readonly ServerLine[], changes: readonly BasketChange[]) => [
  ...server.filter((line) => !line.product_detail || (line.feature === null && !line.feature_detail)),
  ...changes.filter((change) => change.kind === 'add'),
];

/**
 * The lines resolved to products (fetched here) and to what the server said of them: a visitor's once its product
 * (and feature) came, a shopper's at once (untitled until its product comes); a product that is gone hides its line.
 */
export function shownLines(
  view: readonly ViewLine[],
  server: readonly ServerLine[],
  products: Record<number, ShownProduct | null>,
): BasketLine[] {
  return view.flatMap((line) => {
    const told = line.source === 'server' ? server.find((l) => l.id === line.id) : undefined;
    const fetched = products[line.product];
    if (line.source === 'local' ? !fetched : fetched === null && !told?.product_detail) return [];
    const product: NonNullable<ServerLine['product_detail']> = told?.product_detail ??
      fetched ?? { id: line.product, title: '', price: 0, discount: null, discount_price: null, images: [] };
    const feature =
      line.feature === null
        ? null
        : (told?.feature_detail ?? fetched?.features.find((f) => f.id === line.feature) ?? null);
    if (line.source === 'local' && line.feature !== null && !feature) return [];
    const { id: productId, title, price, discount, discount_price } = product;
    const image = firstImage(feature && imageList(feature.images).length ? feature.images : product.images);
    const shown: BasketProduct = { id: productId, title, price, discount, discount_price, image };
    const { source, id, status, reason, feature: feature_id, quantity } = line;
    const at = { key: lineKey(line.product, feature_id), source, id, status, ...(reason ? { reason } : {}) };
    const stock = feature ? feature.count : (fetched?.stock ?? null);
    const resolved = { ...at, product: shown, feature_id, feature, quantity, stock, ...unitPrices(shown, feature) };
    // The server's stated unit price decides what is charged.
    if (told?.price != null) resolved.price = told.price;
    return [told?.product_detail || fetched ? resolved : { ...resolved, known: false }];
  });
}

/** Every line shown: a visitor's entries, or a signed-in shopper's lines with their status. */
export const $basketLines = computed(
  [$signedIn, $shopperView, $serverBasket, $localBasket, $products],
  (signedIn, view, server, entries, products): BasketLine[] =>
    shownLines(signedIn ? (view ?? []) : localView(entries), server ?? [], products),
);

/** Whether the lines are known: a shopper's basket was read (or failed: the known lines show), a visitor's products came. */
export const $basketLoaded = computed(
  [$signedIn, $basketRead, $serverBasket, $localBasket, $products],
  (signedIn, read, server, entries, products) =>
    signedIn ? read === 'read' || read === 'failed' || server !== null : entries.every((e) => e.product in products),
);

/** Fetch the products the shown lines still need: a visitor's entries, and server lines that carry only ids. */
export const loadLocalProducts = (): Promise<void> =>
  loadProductsOf(
    $signedIn.get()
      ? productsToFetch($serverBasket.get() ?? [], $pendingBasket.get()).map((l) => ({ ...l, id: 0, quantity: 1 }))
      : $localBasket.get(),
  );

/** Signed in: read the server's basket, then send what waits (sync.ts). */
export function loadBasket(options: { quiet?: boolean; again?: boolean } = {}): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  return sync().then((basket) => basket.loadBasket(options));
}

/** Make changes: a visitor's are taken at once (never sent), a shopper's sent; answers what became of each. */
async function change(changes: readonly Asked[]): Promise<Outcome[]> {
  if (!changes.length) return [];
  if ($signedIn.get()) return (await sync()).changeLines(changes);
  $localBasket.set(changes.reduce<BasketEntry[]>((lines, asked) => takeChange(lines, asked), $localBasket.get()));
  return changes.map(() => ({ state: 'sent' }));
}

/** The toast of a change that did not go through: the server's words, or that it will be sent. */
function notifyNotTaken(key: ToastMessage['key'], outcome: Outcome): void {
  queueToast(
    outcome.state === 'refused'
      ? { kind: 'error', key, ...(outcome.detail ? { detail: outcome.detail } : {}) }
      : { kind: 'error', key, detailKey: online() ? 'isl.basket.kept_will_send' : 'isl.basket.kept_offline' },
  );
}

/** Remove lines: a removal the server could not take waits, and the lines leave at once (spec §4's local change). */
async function removeLines(
  lines: readonly ViewLine[],
  success: 'isl.toast.removed' | 'isl.toast.removedSelected' | 'isl.toast.cleared',
  many = false,
): Promise<void> {
  const outcomes = await change(lines.map((line) => ({ ...line, kind: 'remove' })));
  const gone = outcomes.find((r) => r.state === 'refused' && r.status === 404);
  if (!many && gone) return notify('error', 'isl.toast.notInBasket', { id: lines[0]!.id });
  const notTaken = outcomes.find((r) => r.state !== 'sent');
  if (!notTaken) return notify('success', success);
  notifyNotTaken(many ? 'isl.toast.removeManyFailed' : 'isl.toast.removeFailed', notTaken);
}

/**
 * Add a product (with the chosen feature, one of its `features` when given) with toggle semantics (spec §4, §5); never
 * removed from a basket that could not be read. Answers whether the line is in the basket afterwards.
 */
export async function addToBasket(
  product: { id: number; features?: readonly { id: number }[] },
  featureId: number | null = null,
): Promise<boolean> {
  const id = product?.id;
  const featureOk =
    featureId === null ||
    (isPositiveInt(featureId) && (!product.features || product.features.some((f) => f.id === featureId)));
  if (!isPositiveInt(id) || !featureOk) {
    notify('error', 'isl.toast.invalidProduct');
    return false;
  }
  const signedIn = $signedIn.get();
  // Signed in, the add is decided on the server's basket as read now, when it can be read: never a second line.
  if (signedIn && $basketRead.get() !== 'read' && online()) await loadBasket({ quiet: true });
  const lines: readonly ViewLine[] = signedIn ? ($shopperView.get() ?? []) : localView($localBasket.get());
  // A card's add of a product already in the basket takes that line, whichever variant it is (a toggle).
  const cardLine = featureId === null && !product.features ? lines.find((line) => line.product === id) : undefined;
  if (cardLine) featureId = cardLine.feature;
  const existing = lines.find((line) => sameLine(line, { product: id, feature: featureId }));
  if (!existing) {
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
  const asked: ChangeAsked = { product: id, feature: featureId, kind: 'add', quantity: 1 };
  // Decided on the lines as they are now: another tab may have changed them meanwhile.
  const current = (signedIn ? $shopperView.get() : localView($localBasket.get()))?.find((l) => sameLine(l, asked));
  // A refused line's add is sent again. The toggle takes a line out only of the basket as read now: on one that
  // could not be read, the line stays as it is (with any change still waiting for it), and the shopper is told why.
  if (current && current.status !== 'refused') {
    if (signedIn && $basketRead.get() !== 'read') {
      notify('error', 'isl.toast.basketLoadFailed');
      return true;
    }
    await removeLines([current], 'isl.toast.removed');
    return false;
  }
  const [outcome] = (await change([asked])) as [Outcome];
  // Spec §8: the server's errors field; the line is kept (marked refused, or waiting to be sent).
  if (outcome.state === 'sent') notify('success', 'isl.toast.added');
  else notifyNotTaken('isl.toast.addFailed', outcome);
  // A refused line is kept for the basket page, with the server's reason, but it is not in the basket.
  return outcome.state !== 'refused';
}

const quantityToast = (action: QuantityAction) =>
  action === 'increase' ? 'isl.toast.increased' : 'isl.toast.decreased';

const asView = ({ id, source, status, quantity, product, feature_id: feature }: BasketLine): ViewLine => {
  return { id, source, status, quantity, product: product.id, feature };
};

const shownLine = (key: string) => $basketLines.get().find((l) => l.key === key);
/** The line of a key: a visitor's entry (shown or not: its product may not have come), or a shown line. */
function lineAt(key: string): ViewLine | undefined {
  const shown = shownLine(key);
  if ($signedIn.get()) return shown && asView(shown);
  return localView($localBasket.get()).find((line) => lineKey(line.product, line.feature) === key);
}

/** Increase or decrease a line (at 1, removes it), no higher than the stock known or the server takes (spec §4). */
export async function changeQuantity(line: Pick<BasketLine, 'key'>, action: QuantityAction): Promise<void> {
  const shown = shownLine(line.key);
  const at = lineAt(line.key);
  if (!at) return notify('error', 'isl.toast.notInBasket', { id: 0 });
  if (action === 'increase' && shown?.stock != null && shown.quantity >= shown.stock)
    return notify('error', 'isl.toast.stockLimit', { title: shown.product.title, count: shown.stock });
  const quantity = nextQuantity(at.quantity, action);
  if (quantity === 0) return removeLines([at], 'isl.toast.removed');
  const [outcome] = (await change([{ ...at, kind: 'set', quantity }])) as [Outcome];
  if (outcome.state === 'sent') return notify('success', quantityToast(action));
  if (outcome.state === 'refused' && action === 'increase')
    return notify('error', 'isl.basket.at_limit', { title: shown!.product.title });
  // Spec §4: on a failure of the server (no answer, 5xx) the change stays, and is sent later.
  notifyNotTaken('isl.toast.quantityFailed', outcome);
}

/** Remove one line. */
export async function removeFromBasket(line: Pick<BasketLine, 'key'>): Promise<void> {
  const at = lineAt(line.key);
  if (!at) return notify('error', 'isl.toast.notInBasket', { id: 0 });
  return removeLines([at], 'isl.toast.removed');
}

/** A refused line sent again. */
export async function retryLine(line: Pick<BasketLine, 'key'>): Promise<void> {
  const current = shownLine(line.key);
  if (!current || current.status !== 'refused') return;
  $pendingBasket.set(retryChange($pendingBasket.get(), asView(current)));
  const outcome = (await (await sync()).sendPending()).get(current.key);
  if (!outcome || outcome.state === 'sent') return notify('success', 'isl.toast.added');
  notifyNotTaken('isl.toast.addFailed', outcome);
}

/** Remove the chosen lines (select items, delete selected). */
export function removeSelected(lines: readonly Pick<BasketLine, 'key'>[]): Promise<void> {
  return removeLines(
    lines.flatMap((line) => lineAt(line.key) ?? []),
    'isl.toast.removedSelected',
    true,
  );
}

/** Remove every line. */
export function clearBasket(): Promise<void> {
  const lines = $signedIn.get() ? $basketLines.get().map(asView) : localView($localBasket.get());
  return removeLines(lines, 'isl.toast.cleared', true);
}

/**
 * At sign-in (spec §4): a visitor's lines become the shopper's changes (the larger quantity wins); one the server
 * does not take stays, with 'Mahsulotni sinxronlashtirishda xato: ID {id}'. Answers the toasts to show after reload.
 */
export async function syncLocalBasket(): Promise<ToastMessage[]> {
  const entries = $localBasket.get();
  if (!entries.length) return [];
  $pendingBasket.set(
    entries.reduce((pending, e) => recordChange(pending, { ...e, kind: 'add' }), $pendingBasket.get()),
  );
  $localBasket.set([]);
  const outcomes = await (await sync()).sendPending();
  const messages = entries.flatMap((entry): ToastMessage[] => {
    const outcome = outcomes.get(lineKey(entry.product, entry.feature));
    if (!outcome || outcome.state === 'sent') return [];
    const detail = outcome.detail ? { detail: outcome.detail } : {};
    return [{ kind: 'error', key: 'isl.toast.syncItemFailed', values: { id: entry.product }, ...detail }];
  });
  messages.push(
    messages.length ? { kind: 'error', key: 'isl.toast.syncFailed' } : { kind: 'success', key: 'isl.toast.synced' },
  );
  return messages;
}
