/**
 * Payme's Merchant API (JSON-RPC 2.0): the only way a Payme order becomes paid. Its requests and states are
 * described in api/README.md (Payments); its error codes are PAYME_ERRORS below.
 */
import type { Hono } from 'hono';
import { z } from 'zod/mini';
import { API_PREFIX } from '#contract/calls.ts';
import { canCancel, canPay } from '#contract/order-status.ts';
import type { AppContext } from './context.ts';
import { cancelOrderRow, markPaid, orderTotal, type OrderRow } from './orders.ts';
import {
  CANCELLED,
  CANCELLED_AFTER_PERFORM,
  CREATED,
  isObject,
  PERFORMED,
  REASON_TIMEOUT,
  sameText,
  type Params,
  type PaymentRow,
} from './transactions.ts';

/** A JSON-RPC call: a method by name and its parameters as an object (each method checks its own). */
const PAYME_REQUEST = z.object({ method: z.string(), params: z.record(z.string(), z.unknown()) });

const PAYME_PATH = `${API_PREFIX}/payments/payme/`;
/** Payme cancels a created transaction that was not performed within 12 hours (reason 4). */
export const PAYME_TIMEOUT_MS = 12 * 60 * 60 * 1000;

type Message = { ru: string; uz: string; en: string };
const PAYME_ERRORS = {
  parse: { code: -32700, message: { ru: 'Ошибка разбора JSON', uz: 'JSON xato', en: 'Parse error' } },
  request: {
    code: -32600,
    message: { ru: 'Неверный запрос JSON-RPC', uz: 'JSON-RPC soʻrovi notoʻgʻri', en: 'Invalid JSON-RPC request' },
  },
  method: { code: -32601, message: { ru: 'Метод не найден', uz: 'Metod topilmadi', en: 'Method not found' } },
  // Wrong or missing credentials, also when no key is configured.
  auth: { code: -32504, message: { ru: 'Недостаточно привилегий', uz: 'Ruxsat yoʻq', en: 'Insufficient privilege' } },
  system: { code: -32400, message: { ru: 'Системная ошибка', uz: 'Tizim xatosi', en: 'System error' } },
  amount: { code: -31001, message: { ru: 'Неверная сумма', uz: 'Notoʻgʻri summa', en: 'Wrong amount' } },
  notFound: {
    code: -31003,
    message: { ru: 'Транзакция не найдена', uz: 'Tranzaksiya topilmadi', en: 'Transaction not found' },
  },
  // The order is delivered.
  cannotCancel: {
    code: -31007,
    message: {
      ru: 'Заказ выполнен, отменить транзакцию нельзя',
      uz: 'Buyurtma bajarilgan, tranzaksiyani bekor qilib boʻlmaydi',
      en: 'The order is fulfilled; the transaction cannot be cancelled',
    },
  },
  // Timed out (PAYME_TIMEOUT_MS), cancelled, or the order was cancelled or paid meanwhile.
  cannotPerform: {
    code: -31008,
    message: {
      ru: 'Невозможно выполнить операцию',
      uz: 'Amalni bajarib boʻlmaydi',
      en: 'The operation cannot be performed',
    },
  },
  // Account errors, Payme's range -31050 … -31099, with `data` naming the account field.
  orderNotFound: {
    code: -31050,
    message: { ru: 'Заказ не найден', uz: 'Buyurtma topilmadi', en: 'Order not found' },
    data: 'order_id',
  },
  orderClosed: {
    code: -31051,
    message: {
      ru: 'Заказ уже оплачен или отменён',
      uz: 'Buyurtma allaqachon toʻlangan yoki bekor qilingan',
      en: 'The order is already paid or cancelled',
    },
    data: 'order_id',
  },
  orderBusy: {
    code: -31052,
    message: {
      ru: 'Заказ ожидает оплаты другой транзакцией',
      uz: 'Buyurtma boshqa tranzaksiya orqali toʻlanmoqda',
      en: 'The order is awaiting payment in another transaction',
    },
    data: 'order_id',
  },
} satisfies Record<string, { code: number; message: Message; data?: string }>;
type PaymeErrorName = keyof typeof PAYME_ERRORS;

class PaymeError extends Error {
  readonly error: { code: number; message: Message; data?: string };
  constructor(name: PaymeErrorName) {
    super(PAYME_ERRORS[name].message.en);
    this.error = PAYME_ERRORS[name];
  }
}

function paymeHandlers(ctx: AppContext) {
  const { db } = ctx;
  const byExtId = (id: unknown) => {
    if (typeof id !== 'string' || id === '') throw new PaymeError('request');
    return db.get<PaymentRow>("SELECT * FROM payments WHERE provider = 'payme' AND ext_id = ?", id);
  };
  const amountOf = (params: Params) => {
    const amount = params['amount'];
    if (typeof amount !== 'number' || !Number.isFinite(amount)) throw new PaymeError('amount');
    return amount;
  };
  /** The order named by `params.account.order_id`, checked as payable for `amount` tiyin. */
  const payableOrder = (params: Params, amount: number) => {
    const account = params['account'];
    const raw = isObject(account) ? account['order_id'] : undefined;
    const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
    const order = Number.isSafeInteger(id) ? db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', id) : undefined;
    if (!order) throw new PaymeError('orderNotFound');
    if (!canPay(order)) throw new PaymeError('orderClosed');
    if (Math.round(orderTotal(ctx, order.id) * 100) !== amount) throw new PaymeError('amount');
    return order;
  };
  /** Cancels a created transaction that outlived PAYME_TIMEOUT_MS; true when it did. */
  const expire = (row: PaymentRow, now: number) => {
    if (row.state !== CREATED || now - row.create_ms <= PAYME_TIMEOUT_MS) return false;
    db.run(
      'UPDATE payments SET state = ?, cancel_ms = ?, reason = ? WHERE id = ?',
      CANCELLED,
      now,
      REASON_TIMEOUT,
      row.id,
    );
    return true;
  };
  const checkResult = (row: PaymentRow) => ({
    create_time: row.create_ms,
    perform_time: row.perform_ms ?? 0,
    cancel_time: row.cancel_ms ?? 0,
    transaction: String(row.id),
    state: row.state,
    reason: row.reason,
  });

  return {
    CheckPerformTransaction(params: Params) {
      const order = payableOrder(params, amountOf(params));
      if (db.get("SELECT 1 FROM payments WHERE provider = 'payme' AND order_id = ? AND state = ?", order.id, CREATED))
        throw new PaymeError('orderBusy');
      return { allow: true };
    },

    CreateTransaction(params: Params) {
      const now = ctx.now();
      const existing = byExtId(params['id']);
      if (existing) {
        // The same call repeated: the same answer, while the transaction is still waiting and in time.
        if (existing.state !== CREATED || expire(existing, now)) throw new PaymeError('cannotPerform');
        return { create_time: existing.create_ms, transaction: String(existing.id), state: existing.state };
      }
      const amount = amountOf(params);
      const order = payableOrder(params, amount);
      const time = params['time'];
      if (typeof time !== 'number') throw new PaymeError('request');
      if (now - time > PAYME_TIMEOUT_MS) throw new PaymeError('cannotPerform');
      if (db.get("SELECT 1 FROM payments WHERE provider = 'payme' AND order_id = ? AND state = ?", order.id, CREATED))
        throw new PaymeError('orderBusy');
      const { id } = db.run(
        `INSERT INTO payments (provider, ext_id, order_id, amount, state, ext_time, create_ms)
         VALUES ('payme', ?, ?, ?, ?, ?, ?)`,
        params['id'] as string,
        order.id,
        amount,
        CREATED,
        time,
        now,
      );
      return { create_time: now, transaction: String(id), state: CREATED };
    },

    PerformTransaction(params: Params) {
      const now = ctx.now();
      const row = byExtId(params['id']);
      if (!row) throw new PaymeError('notFound');
      if (row.state === PERFORMED)
        return { transaction: String(row.id), perform_time: row.perform_ms ?? 0, state: PERFORMED };
      if (row.state !== CREATED || expire(row, now)) throw new PaymeError('cannotPerform');
      const order = db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', row.order_id);
      // Cancelled by the shopper, or paid another way, since the transaction was created.
      if (!order || !canPay(order)) throw new PaymeError('cannotPerform');
      db.run('UPDATE payments SET state = ?, perform_ms = ? WHERE id = ?', PERFORMED, now, row.id);
      markPaid(ctx, order.id);
      return { transaction: String(row.id), perform_time: now, state: PERFORMED };
    },

    CancelTransaction(params: Params) {
      const now = ctx.now();
      const row = byExtId(params['id']);
      if (!row) throw new PaymeError('notFound');
      const reason = typeof params['reason'] === 'number' ? params['reason'] : null;
      if (row.state === CREATED) {
        db.run('UPDATE payments SET state = ?, cancel_ms = ?, reason = ? WHERE id = ?', CANCELLED, now, reason, row.id);
        return { transaction: String(row.id), cancel_time: now, state: CANCELLED };
      }
      if (row.state === PERFORMED) {
        // The money goes back to the payer: possible until the order is delivered.
        const order = db.get<OrderRow>('SELECT * FROM orders WHERE id = ?', row.order_id);
        if (!order || (!canCancel(order.status) && order.status !== 'cancelled')) throw new PaymeError('cannotCancel');
        db.run(
          'UPDATE payments SET state = ?, cancel_ms = ?, reason = ? WHERE id = ?',
          CANCELLED_AFTER_PERFORM,
          now,
          reason,
          row.id,
        );
        if (order.status === 'cancelled')
          db.run("UPDATE orders SET payment_status = 'refunded' WHERE id = ?", order.id);
        else cancelOrderRow(db, order.id, 'refunded');
        return { transaction: String(row.id), cancel_time: now, state: CANCELLED_AFTER_PERFORM };
      }
      return { transaction: String(row.id), cancel_time: row.cancel_ms ?? 0, state: row.state };
    },

    CheckTransaction(params: Params) {
      const row = byExtId(params['id']);
      if (!row) throw new PaymeError('notFound');
      return checkResult(row);
    },

    GetStatement(params: Params) {
      const { from, to } = params;
      if (typeof from !== 'number' || typeof to !== 'number') throw new PaymeError('request');
      const rows = db.all<PaymentRow>(
        "SELECT * FROM payments WHERE provider = 'payme' AND ext_time BETWEEN ? AND ? ORDER BY ext_time, id",
        from,
        to,
      );
      return {
        transactions: rows.map((row) => ({
          id: row.ext_id,
          time: row.ext_time,
          amount: row.amount,
          account: { order_id: String(row.order_id) },
          ...checkResult(row),
          receivers: null,
        })),
      };
    },
  } satisfies Record<string, (params: Params) => unknown>;
}

/** Basic auth `Paycom:{key}`, compared in constant time; never passes without a configured key. */
function paymeAuthorised(header: string | undefined, key: string | null): boolean {
  const encoded = /^Basic\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!key || !encoded) return false;
  const decoded = Buffer.from(encoded, 'base64').toString();
  const colon = decoded.indexOf(':');
  return colon >= 0 && decoded.slice(0, colon) === 'Paycom' && sameText(decoded.slice(colon + 1), key);
}

/** Mounts Payme's callback (in every mode: it is authenticated by the merchant key). */
export function paymeRoute(app: Hono, ctx: AppContext): void {
  const payme = paymeHandlers(ctx);
  app.post(PAYME_PATH, async (c) => {
    let request: unknown;
    let parsed = true;
    try {
      request = JSON.parse(await c.req.text());
    } catch {
      parsed = false;
    }
    const id = isObject(request) ? (request['id'] ?? null) : null;
    const fail = (name: PaymeErrorName) => c.json({ jsonrpc: '2.0', id, error: PAYME_ERRORS[name] });
    if (!paymeAuthorised(c.req.header('authorization'), ctx.merchantKeys.payme)) return fail('auth');
    if (!parsed) return fail('parse');
    const rpc = z.safeParse(PAYME_REQUEST, request);
    if (!rpc.success) return fail('request');
    const { method, params } = rpc.data;
    if (!Object.hasOwn(payme, method)) return fail('method');
    try {
      // A refusal after a write (a transaction cancelled by its timeout) keeps that write: caught inside.
      const outcome = ctx.db.tx(() => {
        try {
          return { result: payme[method as keyof typeof payme](params) };
        } catch (error) {
          if (error instanceof PaymeError) return { error: error.error };
          throw error;
        }
      });
      return c.json({ jsonrpc: '2.0', id, ...outcome });
    } catch (error) {
      console.error('[payme] failed:', error);
      return fail('system');
    }
  });
}
