/**
 * Checkout's calls: placing an order from server basket items (spec §4, and the calls contract/guessed-calls.ts
 * proposes), what delivery costs, and the payment methods the shop takes now. Used as `checkout.place(order)`; kept
 * apart from My orders (orders.ts), whose pages place none.
 */
import type { DeliveryQuote, DeliveryType, PaymentMethod, PaymentMethods } from '#contract/schemas.ts';
import type { Address } from '../address.ts';
import { call } from '../api.ts';
import type { Order } from '../orders.ts';

/** An order as checkout takes it: the server basket items to order and who receives them where. */
interface NewOrder {
  items: number[];
  address: Address;
  payment: PaymentMethod;
  name: string;
  phone: string;
}

/** POST /orders/: the items leave the basket. */
export const place = (order: NewOrder): Promise<Order> =>
  call('placeOrder', {
    body: {
      items: order.items,
      address: order.address,
      payment_method: order.payment,
      customer_name: order.name,
      customer_phone: order.phone,
    },
  });

/** What delivery costs the signed-in shopper to a kind of place (nothing on a first order). */
export const deliveryQuote = (type: DeliveryType | null): Promise<DeliveryQuote> =>
  call('deliveryQuote', { query: type ? { delivery_type: type } : {} });

/** The payment methods the shop takes now, as the backend names them. */
export const paymentMethods = (): Promise<PaymentMethods> => call('paymentMethods');
