/**
 * Orders (spec §4, and the calls contract/guessed-calls.ts proposes): placing one from basket items, My orders' tabs
 * page by page, one order, cancelling, and an unpaid order's pay link; what delivery costs and the payment methods
 * the shop takes now, which checkout shows.
 */
import type { OrderTab, PayReturn } from '#contract/order-status.ts';
import type {
  DeliveryQuote,
  DeliveryType,
  OnlinePaymentMethod,
  PaymentMethod,
  PaymentMethods,
} from '#contract/schemas.ts';
import type { Address } from '../address.ts';
import { getApi } from '../api.ts';
import type { Order } from '../orders.ts';
import type { Page } from '../shop.ts';

/** An order as checkout takes it: the server basket items to order and who receives them where. */
export interface NewOrder {
  items: number[];
  address: Address;
  payment: PaymentMethod;
  name: string;
  phone: string;
}

export const orders = {
  /** POST /orders/: the items leave the basket. */
  place: async (order: NewOrder): Promise<Order> =>
    (await getApi()).call('placeOrder', {
      body: {
        items: order.items,
        address: order.address,
        payment_method: order.payment,
        customer_name: order.name,
        customer_phone: order.phone,
      },
    }),

  /** One page of a tab of My orders, newest first. */
  list: async (tab: OrderTab, page: number): Promise<Page<Order>> =>
    (await getApi()).call('orders', { query: { tab, page: String(page) } }),

  read: async (id: number): Promise<Order> => (await getApi()).call('order', { params: { id } }),

  /** The order as it is once cancelled; a refusal (400: delivered, returned or cancelled already) says why. */
  cancel: async (id: number): Promise<Order> => (await getApi()).call('cancelOrder', { params: { id } }),

  /** The provider's checkout link of an unpaid order; the payment returns to the success page or the order's page. */
  pay: async (id: number, method: OnlinePaymentMethod, returnTo: PayReturn): Promise<string> =>
    (await (await getApi()).call('payOrder', { params: { id }, body: { method, return_to: returnTo } })).payment_url,
};

export const delivery = {
  /** What delivery costs the signed-in shopper to a kind of place (nothing on a first order). */
  quote: async (type: DeliveryType | null): Promise<DeliveryQuote> =>
    (await getApi()).call('deliveryQuote', { query: type ? { delivery_type: type } : {} }),
};

export const payments = {
  /** The payment methods the shop takes now, as the backend names them. */
  methods: async (): Promise<PaymentMethods> => (await getApi()).call('paymentMethods'),
};
