/**
 * Click's SHOP API (Prepare and Complete): the only way a Click order becomes paid. Its requests, sign and error
 * codes are described in api/README.md (Payments).
 */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { API_PREFIX } from '#contract/calls.ts';
import { canPay } from '#contract/order-status.ts';
import type { AppContext } from './context.ts';
import { markPaid, orderTotal, type OrderRow } from './orders.ts';
import { CANCELLED, CREATED, isObject, PERFORMED, sameText, type PaymentRow } from './transactions.ts';

const CLICK_PREPARE_PATH = `${API_PREFIX}/payments/click/prepare/`;
const CLICK_COMPLETE_PATH = `${API_PREFIX}/payments/click/complete/`;

const CLICK_ERRORS = {
  sign: { error: -1, error_note: 'SIGN CHECK FAILED!' },
  amount: { error: -2, error_note: 'Incorrect parameter amount' },
  action: { error: -3, error_note: 'Action not found' },
  paid: { error: -4, error_note: 'Already paid' },
  order: { error: -5, error_note: 'User does not exist' },
  transaction: { error: -6, error_note: 'Transaction does not exist' },
  update: { error: -7, error_note: 'Failed to update user' },
  request: { error: -8, error_note: 'Error in request from click' },
  cancelled: { error: -9, error_note: 'Transaction cancelled' },
} as const;
type ClickErrorName = keyof typeof CLICK_ERRORS;

/** The fields Click sends to Prepare, as text (a field Click sends as a number is read as its text). */
const PREPARE_REQUEST = z.object({
  click_trans_id: z.string(),
  service_id: z.string(),
  click_paydoc_id: z.string(),
  merchant_trans_id: z.string(),
  amount: z.string(),
  action: z.string(),
  error: z.string(),
  sign_time: z.string(),
  sign_string: z.string(),
});
/** Complete names the prepared transaction too. */
const COMPLETE_REQUEST = z.extend(PREPARE_REQUEST, { merchant_prepare_id: z.string() });

/** The MD5 sign_string of a Click request, over the fields as they were sent. */
export function clickSign(fields: Record<string, string>, secret: string, complete: boolean): string {
  const parts = [
    fields['click_trans_id'],
    fields['service_id'],
    secret,
    fields['merchant_trans_id'],
    ...(complete ? [fields['merchant_prepare_id']] : []),
    fields['amount'],
    fields['action'],
    fields['sign_time'],
  ];
  return createHash('md5')
    .update(parts.map((p) => p ?? '').join(''))
    .digest('hex');
}

async function formFields(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  let values: Record<string, unknown> = {};
  try {
    values = /application\/json/i.test(type)
      ? ((await c.req.json()) as Record<string, unknown>)
      : ((await c.req.parseBody()) as Record<string, unknown>);
  } catch {
    values = {};
  }
  return Object.fromEntries(
    Object.entries(isObject(values) ? values : {}).flatMap(([k, v]) =>
      typeof v === 'string' || typeof v === 'number' ? [[k, String(v)]] : [],
    ),
  );
}

function clickHandler(ctx: AppContext, complete: boolean) {
  const { db } = ctx;
  return async (c: Context) => {
    const f = await formFields(c);
    const reply = (name: ClickErrorName | null, extra: Record<string, unknown> = {}) =>
      c.json({
        click_trans_id: f['click_trans_id'] ?? null,
        merchant_trans_id: f['merchant_trans_id'] ?? null,
        ...extra,
        ...(name ? CLICK_ERRORS[name] : { error: 0, error_note: 'Success' }),
      });
    if (!z.safeParse(complete ? COMPLETE_REQUEST : PREPARE_REQUEST, f).success) return reply('request');
    const secret = ctx.merchantKeys.click;
    if (
      !secret ||
      !/^[0-9a-f]{32}$/i.test(f['sign_string'] ?? '') ||
      !sameText(clickSign(f, secret, complete), (f['sign_string'] ?? '').toLowerCase())
    )
      return reply('sign');
    if (ctx.click && f['service_id'] !== ctx.click.serviceId) return reply('request');
    if (f['action'] !== (complete ? '1' : '0')) return reply('action');
    const orderId = /^\d{1,15}$/.test(f['merchant_trans_id'] ?? '') ? Number(f['merchant_trans_id']) : NaN;
    const order = db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', orderId);
    if (!order) return reply('order');
    const amount = Number(f['amount']);
    const tiyin = Math.round(amount * 100);
    if (!Number.isFinite(amount) || tiyin !== Math.round(orderTotal(ctx, order.id) * 100)) return reply('amount');

    return db.tx(() => {
      const now = ctx.now();
      if (!complete) {
        const repeated = db.get<PaymentRow>(
          "SELECT * FROM payments WHERE provider = 'click' AND ext_id = ?",
          f['click_trans_id'] ?? '',
        );
        if (repeated?.state === PERFORMED || order.payment_status === 'paid') return reply('paid');
        if (repeated?.state === CANCELLED || !canPay(order)) return reply('cancelled');
        const id =
          repeated?.id ??
          db.run(
            `INSERT INTO payments (provider, ext_id, order_id, amount, state, create_ms)
             VALUES ('click', ?, ?, ?, ?, ?)`,
            f['click_trans_id'] ?? '',
            order.id,
            tiyin,
            CREATED,
            now,
          ).id;
        return reply(null, { merchant_prepare_id: id });
      }
      const row = db.get<PaymentRow>(
        "SELECT * FROM payments WHERE provider = 'click' AND id = ? AND ext_id = ? AND order_id = ?",
        Number(f['merchant_prepare_id']),
        f['click_trans_id'] ?? '',
        order.id,
      );
      if (!row) return reply('transaction');
      if (row.state === PERFORMED) return reply('paid');
      if (row.state === CANCELLED) return reply('cancelled');
      const cancel = () => db.run('UPDATE payments SET state = ?, cancel_ms = ? WHERE id = ?', CANCELLED, now, row.id);
      // Click reports a failed payment with a negative error: the merchant cancels it and answers -9.
      if (Number(f['error']) < 0) {
        cancel();
        return reply('cancelled');
      }
      if (order.payment_status === 'paid') return reply('paid');
      if (!canPay(order)) {
        cancel();
        return reply('cancelled');
      }
      db.run('UPDATE payments SET state = ?, perform_ms = ? WHERE id = ?', PERFORMED, now, row.id);
      markPaid(ctx, order.id);
      return reply(null, { merchant_confirm_id: row.id });
    });
  };
}

/** Mounts Click's Prepare and Complete (in every mode: they are authenticated by the secret key's sign). */
export function clickRoutes(app: Hono, ctx: AppContext): void {
  app.post(CLICK_PREPARE_PATH, clickHandler(ctx, false));
  app.post(CLICK_COMPLETE_PATH, clickHandler(ctx, true));
}
