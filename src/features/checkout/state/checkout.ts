/**
 * Checkout and paying (spec §3, §5): the selection handed over by the basket
 * page, placing an order (one at a time: a double click creates one order)
 * and the pay link of the online methods, also used by the success page's "pay
 * again".
 *
 * Ordered lines leave the basket only when the API confirms (the basket is
 * refetched); a failure changes nothing the shopper entered.
 */
import { atom, onMount } from 'nanostores';
import { orderPagePath } from '#contract/order-status.ts';
import type { Address, DeliveryQuote, Lang, PaymentMethod } from '#contract/schemas.ts';
import type { BasketLine } from '../../basket/index.ts';
import { decodeSelection, offeredMethods, outOfStockProducts, PAYMENT_METHODS } from '../rules/checkout.ts';
import { isPayLinkMethod, payLink } from '../../orders/index.ts';
import { checkout, statusOf, type Order } from '../../../backend/index.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { $basketLines } from '../../basket/index.ts';
import { basketSync } from '../../basket/index.ts';
import { $profile, saveProfile } from '../../profile/index.ts';
import { $address } from '../../address/index.ts';
import { $signedIn } from '../../../backend/tokens.ts';

/** sessionStorage key of the lines selected on the basket page (kept across the sign-in reload). */
const SELECTION_KEY = 'bozor.orderItems';

const session = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

/** Basket page, "Buyurtma berish": remember the chosen lines by product and feature. */
export function saveCheckoutSelection(lines: readonly Pick<BasketLine, 'product' | 'feature'>[]): void {
  try {
    session()?.setItem(
      SELECTION_KEY,
      JSON.stringify(lines.map((l) => ({ product: l.product.id, feature: l.feature?.id ?? null }))),
    );
  } catch {
    // Checkout then shows the whole basket.
  }
}

/** The lines chosen on the basket page, or null (checkout then shows the whole basket). */
export function readCheckoutSelection() {
  try {
    return decodeSelection(session()?.getItem(SELECTION_KEY));
  } catch {
    return null;
  }
}

/** Why placing failed: the server's words (a 400), the out-of-stock products, or nothing known (no answer, 5xx). */
export interface OrderFailure {
  detail: string | null;
  outOfStock: number[];
}

export type PlaceResult =
  | { ok: true; order: Order; next: string }
  | { ok: false; failure: OrderFailure }
  /** The order exists but its pay link could not be had: it stays payable from the success page. */
  | { ok: 'unpaid'; order: Order; next: string };

export const $placing = atom(false);

/** What checkout learnt when it made sure of its lines: those left out (not saved) and those whose price or quantity changed. */
export interface LineCheck {
  leftOut: BasketLine[];
  changed: BasketLine[];
  /** The lines as saved on the server now: what an order of them contains. */
  saved: BasketLine[];
}

/**
 * Before an order is placed, the basket's waiting changes are sent and the
 * server's basket read again: the order is placed only when every line shown
 * is saved on the server at the price and quantity shown. Answers the lines
 * that are not (none: the order may be placed as shown).
 */
export async function checkLines(shown: readonly BasketLine[]): Promise<LineCheck> {
  const { refetchBasket, sendPending } = await basketSync();
  await sendPending();
  await refetchBasket();
  const now = $basketLines.get();
  const check: LineCheck = { leftOut: [], changed: [], saved: [] };
  for (const line of shown) {
    const current = now.find((l) => l.key === line.key);
    if (!current || current.source !== 'server' || current.status !== 'saved') {
      check.leftOut.push(current ?? line);
      continue;
    }
    check.saved.push(current);
    if (current.price !== line.price || current.quantity !== line.quantity) check.changed.push(current);
  }
  return check;
}

let placing: Promise<PlaceResult> | null = null;

export interface OrderInput {
  lines: readonly Pick<BasketLine, 'source' | 'id'>[];
  address: Address;
  payment: PaymentMethod;
  name: string;
  phone: string;
}

const successPath = (lang: Lang, order: number, failed = false) => orderPagePath(lang, order, 'success', failed);

/**
 * POST /orders/ with the selected server basket items, then (Payme, Click)
 * the pay link. Answers where to go next; a second call while one is on its
 * way shares it.
 */
export function placeOrder(input: OrderInput, lang: Lang): Promise<PlaceResult> {
  placing ??= (async (): Promise<PlaceResult> => {
    $placing.set(true);
    try {
      let order: Order;
      try {
        order = await checkout.place({
          items: input.lines.filter((l) => l.source === 'server').map((l) => l.id),
          address: input.address,
          payment: input.payment,
          name: input.name.trim(),
          phone: input.phone,
        });
      } catch (error) {
        return { ok: false, failure: failureOf(error) };
      }
      session()?.removeItem(SELECTION_KEY);
      const { refetchBasket } = await basketSync();
      await Promise.all([refetchBasket(), keepName(input.name)]);
      if (!isPayLinkMethod(input.payment)) return { ok: true, order, next: successPath(lang, order.id) };
      try {
        return { ok: true, order, next: await payLink(order.id, input.payment) };
      } catch {
        return { ok: 'unpaid', order, next: successPath(lang, order.id) };
      }
    } finally {
      $placing.set(false);
      placing = null;
    }
  })();
  return placing;
}

/**
 * The name typed at checkout goes into a profile that has none (as the
 * address does), so the next checkout and the profile page show it. A failure
 * costs the order nothing: it is not reported.
 */
async function keepName(typed: string): Promise<void> {
  const profile = $profile.get();
  const [first = '', ...rest] = typed.trim().split(/\s+/);
  if (!hasCapability('profileWrite') || !profile || profile.first_name.trim() || profile.last_name.trim() || !first)
    return;
  await saveProfile({ first_name: first, ...(rest.length ? { last_name: rest.join(' ') } : {}) });
}

/**
 * What delivery costs this shopper (free on their first order) to the address's kind of place, from the API; null
 * for a visitor, while it is asked, when the API does not say (a backend without the call) or the call failed. Asked
 * while checkout shows it, again when the shopper signs in or the address changes city for district.
 */
export const $deliveryQuote = atom<DeliveryQuote | null>(null);
onMount($deliveryQuote, () => {
  let asked = '';
  const ask = () => {
    const type = $address.get()?.delivery_type ?? null;
    const key = $signedIn.get() ? `${type}` : '';
    if (key === asked) return;
    asked = key;
    $deliveryQuote.set(null);
    if (!key || !hasCapability('delivery')) return;
    void checkout.deliveryQuote(type).then(
      (quote) => asked === key && $deliveryQuote.set(quote),
      () => undefined,
    );
  };
  ask();
  const stops = [$signedIn.listen(ask), $address.listen(ask)];
  return () => {
    stops.forEach((stop) => stop());
    asked = '';
  };
});

/**
 * The payment methods checkout offers: every method until the shop says which it takes now (a backend without the
 * call, or a failed call, leaves them all; placing the order then refuses one that is not taken).
 */
export const $paymentMethods = atom<readonly PaymentMethod[]>(PAYMENT_METHODS);
onMount($paymentMethods, () => {
  if (!hasCapability('paymentMethods')) return;
  // Asked once a shopper is signed in: a visitor sees no payment methods, and loads no API client for them.
  const ask = (signedIn: boolean) => {
    if (!signedIn) return;
    stop();
    void checkout.paymentMethods().then(
      (answer) => $paymentMethods.set(offeredMethods(answer) ?? PAYMENT_METHODS),
      () => undefined,
    );
  };
  const stop = $signedIn.listen(ask);
  ask($signedIn.get());
  return stop;
});

function failureOf(error: unknown): OrderFailure {
  const status = statusOf(error);
  const errors = (error as { errors?: Record<string, string[]> } | null)?.errors;
  // A 4xx explains itself; a 5xx or no answer gets the general message.
  const detail = status >= 400 && status < 500 && error instanceof Error ? error.message : null;
  return { detail, outOfStock: outOfStockProducts(errors) };
}
