/**
 * Development and test routes, mounted only with API_EXPOSE_CODES=1 and never
 * in production: `POST /api/v1/__test__/orders/{id}/status` with
 * `{status, payment_status?}` moves any order along its status flow (the
 * shop's back office does that in real life), answering the order. The same
 * change from a terminal: `npm run order-status` (api/order-status-cli.ts).
 */
import type { Hono } from 'hono';
import { z } from 'zod/mini';
import { API_PREFIX } from '#contract/calls.ts';
import { OrderStatus, PaymentStatus } from '#contract/schemas.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db.ts';
import { idParam, notFound, pickLang, validate } from './http.ts';
import { cancelOrderRow, presentOrder, refundOnCancel, type OrderRow } from './orders.ts';

export const StatusChange = z.object({ status: OrderStatus, payment_status: z.optional(PaymentStatus) });
export type StatusChange = z.infer<typeof StatusChange>;

/**
 * Set an order's status (and payment status); the order as it is now, or null when there is none. Cancelling
 * puts its stock back on the shelf, as the shopper's cancel does.
 */
export function moveOrder(db: Db, id: number, change: StatusChange): OrderRow | null {
  return db.tx(() => {
    const order = db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', id);
    if (!order) return null;
    // Cancelling a paid order owes its money back, unless the change says where the refund stands.
    const payment =
      change.payment_status ??
      (change.status === 'cancelled' ? refundOnCancel(order.payment_status) : order.payment_status);
    const next = { ...order, status: change.status, payment_status: payment };
    if (next.status === 'cancelled' && order.status !== 'cancelled') cancelOrderRow(db, id, payment);
    else db.run('UPDATE orders SET status = ?, payment_status = ? WHERE id = ?', next.status, next.payment_status, id);
    return next;
  });
}

export function orderStatusRoute(app: Hono, ctx: AppContext): void {
  app.post(`${API_PREFIX}/__test__/orders/:id{[0-9]+}/status`, async (c) => {
    const id = idParam(c.req.param());
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = undefined;
    }
    const next = moveOrder(ctx.db, id, validate(StatusChange, body));
    if (!next) throw notFound('Order not found.');
    return c.json(presentOrder(ctx, pickLang(c.req.header('accept-language')), next));
  });
}
