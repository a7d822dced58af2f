/**
 * My orders (spec §2 Profile, §4): each tab's list with its paging, the order
 * open on the order page, cancelling (one call at a time; the lists and the
 * open order change as soon as the API confirms) and paying an unpaid Payme
 * or Click order with the checkout's pay link, returning to the order page.
 * A failure changes no order: it is reported to the caller.
 */
import { atom, map } from 'nanostores';
import { canCancel, type OrderTab } from '#contract/order-status.ts';
import { addPage, canPayOnline, withOrder, type OrderList, type OrderLists } from '../rules/orders.ts';
import { orders, statusOf, type Order } from '../../../backend/index.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { $signedIn } from '../../../backend/tokens.ts';

/** The loaded orders per tab; a tab not loaded yet (or dropped after a change) is missing. */
export const $orderLists = map<OrderLists>({});
/** Per tab: a page on its way, or the last page that failed (the first, or the next one). */
export const $orderListState = map<Partial<Record<OrderTab, 'loading' | 'failed'>>>({});

const loads = new Map<OrderTab, Promise<void>>();

/**
 * The first page of a tab, or (`more`) its next page. A second call while one
 * is on its way shares it; calling again after a failure is the retry.
 */
export function loadOrders(tab: OrderTab, { more = false }: { more?: boolean } = {}): Promise<void> {
  const running = loads.get(tab);
  if (running) return running;
  const list: OrderList | undefined = more ? $orderLists.get()[tab] : undefined;
  if (more && !list?.next) return Promise.resolve();
  const load = (async () => {
    $orderListState.setKey(tab, 'loading');
    try {
      const page = await orders.list(tab, list?.next ?? 1);
      $orderLists.setKey(tab, addPage(list, page));
      $orderListState.setKey(tab, undefined);
    } catch {
      $orderListState.setKey(tab, 'failed');
    } finally {
      loads.delete(tab);
    }
  })();
  loads.set(tab, load);
  return load;
}

/**
 * A tab's first load, once: by the page's script as the page loads (so it does not wait for React to hydrate the
 * island) or by the island, whichever comes first; nothing when it is loaded, on its way, or failed (the retry is
 * the shopper's), or for a visitor.
 */
export function loadOrdersOnce(tab: OrderTab): void {
  if ($signedIn.get() && hasCapability('ordersList') && !$orderLists.get()[tab] && !$orderListState.get()[tab])
    void loadOrders(tab);
}

export type OpenOrder =
  { id: number; state: 'loading' | 'not_found' | 'failed' } | { id: number; state: 'ready'; order: Order };

/** The order of the order page and of the success page. */
export const $openOrder = atom<OpenOrder | null>(null);

/** Loads the page's order (again, after a failure). */
export async function openOrder(id: number): Promise<void> {
  $openOrder.set({ id, state: 'loading' });
  try {
    const order = await orders.read(id);
    $openOrder.set({ id, state: 'ready', order });
  } catch (error) {
    $openOrder.set({ id, state: statusOf(error) === 404 ? 'not_found' : 'failed' });
  }
}

/** The page's order, loaded once, as loadOrdersOnce does a tab (its id from the query; null: none). */
export function openOrderOnce(id: number | null): void {
  if (id !== null && $signedIn.get() && hasCapability('ordersList') && $openOrder.get()?.id !== id) void openOrder(id);
}

/** An order changed on the server: every list and the open order show it. */
function showChanged(order: Order): void {
  $orderLists.set(withOrder($orderLists.get(), order));
  if ($openOrder.get()?.id === order.id) $openOrder.set({ id: order.id, state: 'ready', order });
}

/** Whether an order can be cancelled here: its status allows it and the backend can (the `cancel` capability). */
export const cancellable = (order: Order): boolean => hasCapability('cancel') && canCancel(order.status);
/** Whether an order can be paid online here: it is unpaid online and the backend can (the `pay` capability). */
export const payableOnline = (order: Order): boolean => hasCapability('pay') && canPayOnline(order);

/** The order being cancelled, while its call is on its way. */
export const $cancelling = atom<number | null>(null);

/** A cancelled order, or why not: the API's words for a refusal (4xx), null when nothing is known (5xx, no answer). */
export type CancelResult = { ok: true; order: Order } | { ok: false; detail: string | null };

let cancels: Promise<unknown> = Promise.resolve();
const pendingCancels = new Map<number, Promise<CancelResult>>();

/**
 * POST /orders/{id}/cancel/, one at a time: a second cancel of the same
 * order shares the first, another order's waits for it.
 */
export function cancelOrder(id: number): Promise<CancelResult> {
  const pending = pendingCancels.get(id);
  if (pending) return pending;
  const result = cancels.then(async (): Promise<CancelResult> => {
    $cancelling.set(id);
    try {
      const order = await orders.cancel(id);
      showChanged(order);
      return { ok: true, order };
    } catch (error) {
      const status = statusOf(error);
      const detail = status >= 400 && status < 500 && error instanceof Error ? error.message : null;
      return { ok: false, detail };
    } finally {
      $cancelling.set(null);
      pendingCancels.delete(id);
    }
  });
  pendingCancels.set(id, result);
  cancels = result;
  return result;
}

/** The order whose pay link is being asked for. */
export const $paying = atom<number | null>(null);

/**
 * The pay link of an unpaid order, returning to its order page;
 * null when the order cannot be paid online or the link could not be had
 * (the order stays unpaid and payable).
 */
export async function payOrder(order: Order): Promise<string | null> {
  if (!canPayOnline(order) || !hasCapability('pay') || $paying.get() !== null) return null;
  $paying.set(order.id);
  try {
    return await payLink(order.id, order.payment_method, 'order');
  } catch {
    return null;
  } finally {
    $paying.set(null);
  }
}

/**
 * The provider's checkout link of an unpaid order (POST /orders/{id}/pay/);
 * the payment then returns to the success page or (`returnTo` 'order') the order's page.
 */
export const payLink = orders.pay;
