/**
 * The basket's lines as the basket and checkout pages show them, and the
 * changes made there (quantity, removal, clearing, retrying a refused line)
 * or at sign-in (a visitor's lines handed to the server). Apart from
 * src/features/basket/state/basket.ts, which every page loads for its badge and add buttons,
 * so that pages without a basket list do not download these.
 */
import { computed } from 'nanostores';
import { nextQuantity, type BasketLine, type QuantityAction } from '../rules/basket.ts';
import { recordChange, retryChange } from '../rules/replay.ts';
import { localLines, productsToFetch, shopperLines } from '../rules/lines.ts';
import { $basketRead, $localBasket, $pendingBasket, $products, $serverBasket, changeLocal } from './basket.ts';
import { loadLocalProducts as loadProductsOf } from '../../../shared/products.ts';

/** The sending of a signed-in shopper's changes (a visitor's pages never load it). */
const sync = () => import('./sync.ts');
import { notify, type ToastMessage } from '../../../shared/notify.ts';
import { $signedIn } from '../../../backend/tokens.ts';

/** Every line shown: a visitor's entries, or a signed-in shopper's lines with their status. */
export const $basketLines = computed(
  [$signedIn, $serverBasket, $pendingBasket, $localBasket, $products],
  (signedIn, server, pending, entries, products): BasketLine[] =>
    signedIn ? shopperLines(server ?? [], pending, products) : localLines(entries, products),
);

/**
 * Whether the lines are known: a signed-in shopper's basket was read (or the
 * read failed, and the lines known on this device are shown), and every
 * visitor entry's product came.
 */
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

const quantityToast = (action: QuantityAction) =>
  action === 'increase' ? 'isl.toast.increased' : 'isl.toast.decreased';

/** A shown line as the basket store names it. */
const asView = (line: BasketLine) => ({
  product: line.product.id,
  feature: line.feature_id,
  status: line.status,
  id: line.id,
});

const shownLine = (key: string) => $basketLines.get().find((l) => l.key === key);
/** A visitor's entry by its line's key ('local:{id}'), shown or not (its product may not have come yet). */
const localEntry = (key: string) => $localBasket.get().find((e) => `local:${e.id}` === key);

/**
 * Increase or decrease a line; decreasing at 1 removes it (spec §4). It goes
 * no higher than the stock known; a server that refuses more (the stock fell
 * meanwhile) is believed: the quantity goes back and the toast says how many are left.
 */
export async function changeQuantity(line: Pick<BasketLine, 'key'>, action: QuantityAction): Promise<void> {
  const current = shownLine(line.key);
  const entry = localEntry(line.key);
  if (!current && !entry) return notify('error', 'isl.toast.notInBasket', { id: 0 });
  if (action === 'increase' && current?.stock != null && current.quantity >= current.stock)
    return notify('error', 'isl.toast.stockLimit', { title: current.product.title, count: current.stock });
  if (entry) {
    changeLocal({ type: action, id: entry.id });
    return notify('success', nextQuantity(entry.quantity, action) === 0 ? 'isl.toast.removed' : quantityToast(action));
  }
  if (!current) return;
  const { changeShopperLine, notifyNotTaken, removeShopperLines } = await sync();
  const quantity = nextQuantity(current.quantity, action);
  if (quantity === 0) return removeShopperLines([asView(current)]);
  const outcome = await changeShopperLine({
    product: current.product.id,
    feature: current.feature_id,
    kind: 'set',
    quantity,
  });
  if (outcome.state === 'sent') return notify('success', quantityToast(action));
  if (outcome.state === 'refused' && action === 'increase')
    return notify('error', 'isl.basket.at_limit', { title: current.product.title });
  // Spec §4: on a failure of the server (no answer, 5xx) the change stays, and is sent later.
  notifyNotTaken('isl.toast.quantityFailed', outcome);
}

/** Remove one line. */
export async function removeFromBasket(line: Pick<BasketLine, 'key'>): Promise<void> {
  const entry = localEntry(line.key);
  if (entry) {
    changeLocal({ type: 'remove', ids: [entry.id] });
    return notify('success', 'isl.toast.removed');
  }
  const current = shownLine(line.key);
  if (!current) return notify('error', 'isl.toast.notInBasket', { id: 0 });
  return (await sync()).removeShopperLines([asView(current)]);
}

/** A refused line sent again. */
export async function retryLine(line: Pick<BasketLine, 'key'>): Promise<void> {
  const current = shownLine(line.key);
  if (!current || current.status !== 'refused') return;
  $pendingBasket.set(retryChange($pendingBasket.get(), asView(current)));
  const { notifyNotTaken, sendPending } = await sync();
  const outcome = (await sendPending()).get(`${current.product.id}:${current.feature_id ?? ''}`);
  if (!outcome || outcome.state === 'sent') return notify('success', 'isl.toast.added');
  notifyNotTaken('isl.toast.addFailed', outcome);
}

/** Remove the chosen lines (select items, delete selected). */
export function removeSelected(lines: readonly Pick<BasketLine, 'key'>[]): Promise<void> {
  return removeMany(lines, 'isl.toast.removedSelected');
}

/** Remove every line. */
export function clearBasket(): Promise<void> {
  const entries = $localBasket.get().map((e) => ({ key: `local:${e.id}` }));
  return removeMany([...entries, ...$basketLines.get().filter((l) => l.source !== 'local')], 'isl.toast.cleared');
}

async function removeMany(
  lines: readonly Pick<BasketLine, 'key'>[],
  success: 'isl.toast.removedSelected' | 'isl.toast.cleared',
) {
  const local = lines.flatMap((l) => localEntry(l.key)?.id ?? []);
  if (local.length) changeLocal({ type: 'remove', ids: local });
  const shopper = lines.flatMap((l) => shownLine(l.key) ?? []).filter((l) => l.source !== 'local');
  if (!shopper.length) return notify('success', success);
  await (await sync()).removeShopperLines(shopper.map(asView), success, true);
}

/**
 * At sign-in (spec §4): a visitor's lines become the shopper's changes, so
 * nothing is lost when a call fails; a line on both sides keeps the larger
 * quantity. Each line the server does not take stays, with 'Mahsulotni
 * sinxronlashtirishda xato: ID {id}'. Answers the messages to show (the
 * caller shows them after a reload).
 */
export async function syncLocalBasket(): Promise<ToastMessage[]> {
  const entries = $localBasket.get();
  if (!entries.length) return [];
  let pending = $pendingBasket.get();
  for (const entry of entries)
    pending = recordChange(pending, {
      product: entry.product,
      feature: entry.feature,
      kind: 'add',
      quantity: entry.quantity,
    });
  $pendingBasket.set(pending);
  $localBasket.set([]);
  const outcomes = await (await sync()).sendPending();
  const messages: ToastMessage[] = [];
  for (const entry of entries) {
    const outcome = outcomes.get(`${entry.product}:${entry.feature ?? ''}`);
    if (!outcome || outcome.state === 'sent') continue;
    messages.push({
      kind: 'error',
      key: 'isl.toast.syncItemFailed',
      values: { id: entry.product },
      ...(outcome.detail ? { detail: outcome.detail } : {}),
    });
  }
  messages.push(
    messages.length ? { kind: 'error', key: 'isl.toast.syncFailed' } : { kind: 'success', key: 'isl.toast.synced' },
  );
  return messages;
}
