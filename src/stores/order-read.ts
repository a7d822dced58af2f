/**
 * Reading one of the shopper's orders (the order page and the success page). Those pages start the read from a
 * small script as they load (`readOrderEarly`), beside their island's modules, and the island's first read takes
 * it: the order's round trip no longer waits for React to load and hydrate, which it held up on a phone (the
 * island's order is the page's largest paint).
 */
import type { Order } from '#contract/schemas.ts';
import { getApi } from './api.ts';
import { $signedIn } from './session-tokens.ts';

let early: { id: number; read: Promise<Order> } | null = null;
/** Whether the island has read: its hydration can beat the page's script, and a read started then would be stale. */
let islandRead = false;

const fetchOrder = async (id: number): Promise<Order> => (await getApi()).call('order', { params: { id } });

/** Starts reading order `id` (when there is one and the shopper is signed in) for the page's island to take. */
export function readOrderEarly(id: number | null): void {
  if (islandRead || id === null || !$signedIn.get()) return;
  early = { id, read: fetchOrder(id) };
  // Its failure is the island's to show, when it takes the read.
  early.read.catch(() => {});
}

/** Order `id` from the API, rejecting with the API's error: the early read the first time, else a new one. */
export function readOrder(id: number): Promise<Order> {
  islandRead = true;
  if (early?.id === id) {
    const { read } = early;
    early = null;
    return read;
  }
  return fetchOrder(id);
}
