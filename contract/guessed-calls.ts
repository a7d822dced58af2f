/**
 * The calls checkout and My orders need that the spec does not show: order
 * placement, the orders list and one order, cancel and payment. Their paths and
 * payloads are the storefront's proposal (the reference API answers them);
 * a backend that has them under other paths is mapped here, in this one file
 * (docs/backend.md). Zod-free, like routes.ts, so the browser's client can
 * read it; the payloads' schemas are the reference dialect's, in schemas.ts.
 *
 * - placeOrder: POST {items: basket item ids, address: Address, payment_method,
 *   customer_name, customer_phone} → the Order (201).
 * - orders: GET ?tab=all|cancelled|delivered|active&page=n → a paged list of Orders.
 * - order: GET → one Order.
 * - cancelOrder: POST, no body → the cancelled Order (400 once delivered).
 * - payOrder: POST {method: payme|click|mastercard|card, return_to?: success|order}
 *   → {payment_url}, the provider's page to send the shopper to.
 * - deliveryQuote: GET ?delivery_type=city|district → {fee, first_order}.
 * - paymentMethods: GET → {methods: the payment methods the shop takes now}.
 */
import type { DeliveryQuote, Order, PayAnswer, PaymentMethods, PlaceOrder } from './schemas.ts';

export const guessedRoutes = {
  placeOrder: { method: 'POST', path: '/orders/' },
  orders: { method: 'GET', path: '/orders/' },
  order: { method: 'GET', path: '/orders/:id/' },
  cancelOrder: { method: 'POST', path: '/orders/:id/cancel/' },
  payOrder: { method: 'POST', path: '/orders/:id/pay/' },
  deliveryQuote: { method: 'GET', path: '/orders/delivery/' },
  paymentMethods: { method: 'GET', path: '/orders/payment-methods/' },
} as const;

/**
 * What each guessed call takes and answers, for a backend's adapter to produce.
 * @public
 */
export interface GuessedPayloads {
  placeOrder: { body: PlaceOrder; answer: Order };
  orders: { answer: { count: number; next: string | null; results: Order[] } };
  order: { answer: Order };
  cancelOrder: { answer: Order };
  payOrder: {
    body: { method: 'payme' | 'click' | 'mastercard' | 'card'; return_to?: 'success' | 'order' };
    answer: PayAnswer;
  };
  deliveryQuote: { answer: DeliveryQuote };
  paymentMethods: { answer: PaymentMethods };
}
