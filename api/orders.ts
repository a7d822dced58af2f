/** Placing, listing, cancelling and paying orders. */
import type { AppContext } from './context.ts';
import type { Db } from './db.ts';
import { ApiError, fieldError, idParam, notFound, pageWindow, paged, type Handlers } from './http.ts';
import { createPresenter, type FeatureRow, type ProductRow } from './present.ts';
import type { BasketRow } from './basket.ts';
import { unitPrice } from '#contract/price.ts';
import { assertDeliveryArea } from './delivery-area.ts';
import { notOffered, offered, paymentUrl } from './payments.ts';
import { canCancel, canPay, ORDER_STATUSES, inTab, statusLabel } from '#contract/order-status.ts';
import type {
  Address,
  DeliveryQuote,
  DeliveryType,
  Lang,
  Order,
  OrderStatus,
  PaymentStatus,
} from '#contract/schemas.ts';
import { PaymentMethod } from '#contract/schemas.ts';

const PAGE_SIZE = 20;
/** Units one shopper's unpaid orders under way may hold, unless API_UNPAID_UNITS says otherwise. */
export const DEFAULT_UNPAID_UNITS = 100;
const DELIVERY_DAYS = 2;
/** Delivery fees in so'm by area; the shopper's first order (none before it that was not cancelled) is free. */
export const DELIVERY_FEES: Record<DeliveryType, number> = { city: 15_000, district: 25_000 };
/** Methods paid before the order is assembled; cash is paid on delivery. */
const ONLINE: readonly PaymentMethod[] = ['payme', 'click', 'mastercard', 'card', 'installment'];

export interface OrderRow {
  id: number;
  user_id: number;
  number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  delivery_date: string;
  customer_name: string;
  customer_phone: string;
  address: string;
  receipt_sales: string | null;
  receipt_return: string | null;
  created_at: string;
  delivery_fee: number;
}
interface OrderItemRow {
  id: number;
  product_id: number;
  feature_id: number | null;
  quantity: number;
  price: number;
}

/** Shown to the shopper beside the order (My orders), so in their language. */
const CANNOT_CANCEL: Record<Lang, (number: string) => string> = {
  uz: (number) => `${number} raqamli buyurtmani endi bekor qilib boʻlmaydi.`,
  ru: (number) => `Заказ ${number} уже нельзя отменить.`,
};

const OVER_CAP: Record<Lang, (cap: number, held: number) => string> = {
  uz: (cap, held) =>
    `Toʻlanmagan buyurtmalarda koʻpi bilan ${cap} dona boʻlishi mumkin (hozir ${held}). Avval ularni toʻlang yoki bekor qiling.`,
  ru: (cap, held) =>
    `В неоплаченных заказах может быть не больше ${cap} шт. (сейчас ${held}). Сначала оплатите или отмените их.`,
};

/** The payment state of an order once cancelled: a paid one waits for its refund. */
export const refundOnCancel = (payment: PaymentStatus): PaymentStatus =>
  payment === 'paid' ? 'refund_pending' : payment;

/** Cancels an order, its stock back on the shelf; `payment` is its payment state from now on. */
export function cancelOrderRow(db: Db, orderId: number, payment: PaymentStatus): void {
  db.tx(() => {
    db.run("UPDATE orders SET status = 'cancelled', payment_status = ? WHERE id = ?", payment, orderId);
    for (const item of db.all<OrderItemRow>('SELECT * FROM order_items WHERE order_id = ?', orderId))
      moveStock(db, item.product_id, item.feature_id, item.quantity);
  });
}

/** Marks an order paid (a provider's callback or the sandbox): awaiting_payment moves on to assembling. */
export function markPaid(ctx: AppContext, orderId: number): void {
  ctx.db.run(
    "UPDATE orders SET payment_status = 'paid', status = CASE status WHEN 'awaiting_payment' THEN 'assembling' ELSE status END WHERE id = ?",
    orderId,
  );
}

/** The amount the shopper owes for an order, in so'm: the sum of its lines and the delivery fee. */
export function orderTotal(ctx: AppContext, orderId: number): number {
  const lines =
    ctx.db.get<{ total: number }>(
      'SELECT coalesce(sum(price * quantity), 0) AS total FROM order_items WHERE order_id = ?',
      orderId,
    )?.total ?? 0;
  const fee = ctx.db.get<{ fee: number }>('SELECT delivery_fee AS fee FROM orders WHERE id = ?', orderId)?.fee ?? 0;
  return lines + fee;
}

/** What delivery to an area costs a shopper now: free while they have no order that was not cancelled. */
function deliveryQuote(ctx: AppContext, userId: number, type: DeliveryType): DeliveryQuote {
  const earlier = ctx.db.get("SELECT 1 FROM orders WHERE user_id = ? AND status != 'cancelled' LIMIT 1", userId);
  return earlier ? { fee: DELIVERY_FEES[type], first_order: false } : { fee: 0, first_order: true };
}

export const orderNumber = (id: number) => `BZ-${String(id).padStart(6, '0')}`;

/**
 * 400 naming every line that no longer fits: `items` holds the messages to
 * show, `product.{id}` the same per product so the storefront can mark its lines.
 */
function stockError(short: { product: ProductRow; left: number }[], lang: Lang): ApiError {
  const errors: Record<string, string[]> = { items: [] };
  for (const { product, left } of short) {
    const title = (lang === 'ru' ? product.title_ru : product.title_uz) ?? `#${product.id}`;
    const message = `${title}: ${left > 0 ? `only ${left} left` : 'sold out'}`;
    errors['items']?.push(message);
    (errors[`product.${product.id}`] ??= []).push(message);
  }
  return new ApiError(400, `Not enough stock. ${errors['items']?.join('; ')}.`, errors);
}

/** Moves stock of a line: the variant's count when it has one, and always the product's total. */
function moveStock(db: Db, productId: number, featureId: number | null, delta: number) {
  if (featureId !== null) db.run('UPDATE features SET count = count + ? WHERE id = ?', delta, featureId);
  db.run('UPDATE products SET stock = max(0, stock + ?) WHERE id = ?', delta, productId);
}

/** Units in a shopper's orders that are unpaid and still under way: what the unpaid-units cap counts. */
function unpaidUnits(db: Db, userId: number): number {
  return (
    db.get<{ units: number }>(
      `SELECT coalesce(sum(i.quantity), 0) AS units FROM order_items i JOIN orders o ON o.id = i.order_id
       WHERE o.user_id = ? AND o.payment_status = 'unpaid' AND o.status NOT IN ('delivered', 'returned', 'cancelled')`,
      userId,
    )?.units ?? 0
  );
}

export function presentOrder(ctx: AppContext, lang: Lang, o: OrderRow): Order {
  const p = createPresenter(ctx, lang);
  const items = ctx.db.all<OrderItemRow>('SELECT * FROM order_items WHERE order_id = ? ORDER BY id', o.id).map((i) => {
    const product = ctx.db.get<ProductRow>('SELECT * FROM products WHERE id = ?', i.product_id);
    if (!product) throw new Error(`order item ${i.id} lost its product`);
    const feature =
      i.feature_id === null ? undefined : ctx.db.get<FeatureRow>('SELECT * FROM features WHERE id = ?', i.feature_id);
    return {
      id: i.id,
      product: p.summary(product),
      quantity: i.quantity,
      price: i.price,
      feature: feature ? p.feature(feature) : null,
    };
  });
  const address = JSON.parse(o.address) as Address;
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    status_label: statusLabel(o.status),
    payment_method: o.payment_method,
    payment_status: o.payment_status,
    delivery_type: address.delivery_type,
    delivery_date: o.delivery_date,
    customer_name: o.customer_name,
    customer_phone: o.customer_phone,
    address,
    price: items.reduce((sum, i) => sum + i.price * i.quantity, 0) + o.delivery_fee,
    delivery_fee: o.delivery_fee,
    count: items.reduce((sum, i) => sum + i.quantity, 0),
    items,
    receipt: {
      sales: o.receipt_sales && p.media(o.receipt_sales),
      return: o.receipt_return && p.media(o.receipt_return),
    },
    created_at: o.created_at,
  };
}

export function orderHandlers(
  ctx: AppContext,
): Pick<Handlers, 'placeOrder' | 'deliveryQuote' | 'paymentMethods' | 'orders' | 'order' | 'cancelOrder' | 'payOrder'> {
  const { db } = ctx;
  const ownOrder = (userId: number, params: Record<string, string>) => {
    const row = db.get<OrderRow>('SELECT * FROM orders WHERE id = ? AND user_id = ?', idParam(params), userId);
    if (!row) throw notFound('Order not found.');
    return row;
  };

  return {
    async placeOrder({ userId, lang, body }) {
      const { data } = await body();
      assertDeliveryArea(data.address, lang);
      if (!offered(ctx, data.payment_method)) throw notOffered('payment_method', data.payment_method, lang);
      const ids = [...new Set(data.items)];
      const now = ctx.now();
      // One transaction reads the lines, checks and takes their stock and writes the order:
      // two shoppers can never both buy the last unit, nor one basket be ordered twice.
      const orderId = db.tx(() => {
        const lines = ids.map((id) => {
          const line = db.get<BasketRow>('SELECT * FROM basket WHERE id = ? AND user_id = ?', id, userId);
          if (!line) throw fieldError('items', `Basket item ${id} is not in your basket.`);
          const product = db.get<ProductRow>('SELECT * FROM products WHERE id = ?', line.product_id);
          if (!product) throw new Error(`basket line ${line.id} lost its product`);
          const feature =
            line.feature_id === null
              ? undefined
              : db.get<FeatureRow>('SELECT * FROM features WHERE id = ?', line.feature_id);
          return { line, product, feature, left: feature ? feature.count : product.stock };
        });
        const short = lines.filter((l) => l.line.quantity > l.left);
        if (short.length > 0) throw stockError(short, lang);
        // One shopper's unpaid orders hold at most ctx.unpaidUnits units, so no one can empty the shelves unpaid.
        const held = unpaidUnits(db, userId);
        if (held + lines.reduce((n, l) => n + l.line.quantity, 0) > ctx.unpaidUnits)
          throw fieldError('items', OVER_CAP[lang](ctx.unpaidUnits, held));
        const status: OrderStatus = ONLINE.includes(data.payment_method) ? 'awaiting_payment' : 'assembling';
        const { fee } = deliveryQuote(ctx, userId, data.address.delivery_type);
        const { id } = db.run(
          `INSERT INTO orders (user_id, number, status, payment_method, payment_status, delivery_date, customer_name, customer_phone, address, created_at, delivery_fee)
           VALUES (?, '', ?, ?, 'unpaid', ?, ?, ?, ?, ?, ?)`,
          userId,
          status,
          data.payment_method,
          new Date(now + DELIVERY_DAYS * 86_400_000).toISOString().slice(0, 10),
          data.customer_name,
          data.customer_phone,
          JSON.stringify(data.address),
          new Date(now).toISOString(),
          fee,
        );
        db.run('UPDATE orders SET number = ? WHERE id = ?', orderNumber(id), id);
        for (const { line, product, feature } of lines) {
          db.run(
            'INSERT INTO order_items (order_id, product_id, feature_id, quantity, price) VALUES (?, ?, ?, ?, ?)',
            id,
            line.product_id,
            line.feature_id,
            line.quantity,
            unitPrice(product, feature),
          );
          moveStock(db, line.product_id, line.feature_id, -line.quantity);
          db.run('DELETE FROM basket WHERE id = ?', line.id);
        }
        return id;
      });
      return presentOrder(ctx, lang, ownOrder(userId, { id: String(orderId) }));
    },

    deliveryQuote: ({ userId, query }) => deliveryQuote(ctx, userId, query.delivery_type ?? 'city'),
    paymentMethods: () => ({ methods: PaymentMethod.options.filter((method) => offered(ctx, method)) }),

    orders({ userId, lang, url, query }) {
      // Each filter given narrows the list: ?status=new&tab=active is the new orders.
      const statuses = ORDER_STATUSES.filter(
        (s) => (!query.status || statusLabel(s) === query.status) && (!query.tab || inTab(query.tab, s)),
      );
      const where = `user_id = ? AND status IN (${statuses.map(() => '?').join(', ') || 'NULL'})`;
      const params = [userId, ...statuses];
      const count = db.get<{ n: number }>(`SELECT count(*) AS n FROM orders WHERE ${where}`, ...params)?.n ?? 0;
      const window = pageWindow(url, count, PAGE_SIZE);
      const rows = db.all<OrderRow>(
        `SELECT * FROM orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
        ...params,
        window.limit,
        window.offset,
      );
      return paged(
        url,
        count,
        window,
        rows.map((o) => presentOrder(ctx, lang, o)),
      );
    },

    order: ({ userId, lang, params }) => presentOrder(ctx, lang, ownOrder(userId, params)),

    cancelOrder({ userId, lang, params }) {
      const order = db.tx(() => {
        const order = ownOrder(userId, params);
        if (!canCancel(order.status)) throw new ApiError(400, CANNOT_CANCEL[lang](order.number));
        // A paid order's money is owed back: refund_pending until the provider or the back office returns it.
        const payment = refundOnCancel(order.payment_status);
        cancelOrderRow(db, order.id, payment);
        return { ...order, status: 'cancelled' as const, payment_status: payment };
      });
      return presentOrder(ctx, lang, order);
    },

    async payOrder({ userId, lang, params, body }) {
      const { data } = await body();
      if (!offered(ctx, data.method)) throw notOffered('method', data.method, lang);
      const order = presentOrder(ctx, lang, ownOrder(userId, params));
      if (order.payment_status === 'paid') throw new ApiError(400, `Order ${order.number} is already paid.`);
      if (!canPay(order)) throw new ApiError(400, `Order ${order.number} is ${order.status} and cannot be paid.`);
      return { payment_url: paymentUrl(ctx, order, data.method, lang, data.return_to ?? 'success') };
    },
  };
}
