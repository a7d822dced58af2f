/**
 * The basket's lines as the basket and checkout pages show them, and the
 * changes made there (quantity, removal, clearing) or at sign-in (a visitor's
 * lines pushed to the server). Apart from src/stores/basket.ts, which every
 * page loads for its badge and add buttons, so that pages without a basket
 * list do not download these.
 */
import { computed } from 'nanostores';
import {
  basketReducer,
  nextQuantity,
  sameLine,
  type BasketEntry,
  type BasketLine,
  type QuantityAction,
} from '../lib/basket.ts';
import { shownLines, toServerLine, type ServerLine } from '../lib/basket-lines.ts';
import { getApi, statusOf } from './api.ts';
import {
  $basketFailed,
  $localBasket,
  $products,
  $serverBasket,
  changeLocal,
  changeServer,
  refetchBasket,
  removeServerLines,
} from './basket.ts';
import { loadLocalProducts as loadProductsOf } from './basket-products.ts';
import { errorDetail, notify, type ToastMessage } from './notify.ts';
import { $signedIn } from './session-tokens.ts';

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

/**
 * Fetch the products of the visitor's entries (the basket page), and of server
 * lines sold without a variant, whose stock a server line does not carry.
 */
export const loadLocalProducts = (): Promise<void> =>
  loadProductsOf([
    ...$localBasket.get(),
    ...($serverBasket.get() ?? []).filter((line) => line.feature === null && line.id > 0),
  ]);

const quantityToast = (action: QuantityAction) =>
  action === 'increase' ? 'isl.toast.increased' : 'isl.toast.decreased';

/** The stock of a shown line, by its source and id (null: not known). */
const shownStock = (line: Pick<BasketLine, 'source' | 'id'>) =>
  $basketLines.get().find((l) => l.source === line.source && l.id === line.id) ?? null;

/**
 * Increase or decrease a line; decreasing at 1 removes it (spec §4). It goes
 * no higher than the stock known; a server that refuses more (the stock fell
 * meanwhile) is believed: the quantity goes back and the toast says how many are left.
 */
export async function changeQuantity(line: Pick<BasketLine, 'source' | 'id'>, action: QuantityAction): Promise<void> {
  const lines = line.source === 'local' ? $localBasket.get() : ($serverBasket.get() ?? []);
  const current = lines.find((l) => l.id === line.id);
  if (!current) return notify('error', 'isl.toast.notInBasket', { id: line.id });
  const shown = shownStock(line);
  if (action === 'increase' && shown?.stock != null && current.quantity >= shown.stock)
    return notify('error', 'isl.toast.stockLimit', { title: shown.product.title, count: shown.stock });
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
    await refetchBasket();
  } catch (error) {
    const status = statusOf(error);
    if (action === 'increase' && status >= 400 && status < 500) {
      // Refused (not enough stock): the server's quantity stands.
      changeServer({ type: 'decrease', id: line.id });
      if (shown) notify('error', 'isl.basket.at_limit', { title: shown.product.title });
      else notify('error', 'isl.toast.quantityFailed');
      await refetchBasket();
      return;
    }
    // Spec §4: on a failure of the server (no answer, 5xx) the change stays, locally.
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
