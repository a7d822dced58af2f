/**
 * Unpaid online orders expire. An order paid online (Payme, Click, MasterCard,
 * online card) takes its stock when placed; still unpaid after `paymentTtlMs`
 * (the setting API_PAYMENT_MINUTES) it is cancelled: its stock goes back on the
 * shelf and its providers' waiting transactions are cancelled, so a callback
 * that comes later cannot pay it. (The cap on units one shopper's unpaid orders
 * hold is checked when an order is placed, api/orders.ts.)
 */
import type { PaymentMethod } from '#contract/schemas.ts';
import type { AppContext } from './context.ts';
import { PAYME_TIMEOUT_MS } from './payme.ts';
import { cancelWaitingTransactions } from './transactions.ts';
import { cancelOrderRow } from './orders.ts';

export const DEFAULT_PAYMENT_TTL_MS = 30 * 60_000;
/** Payme cancels its own transaction after 12 hours; an order never waits longer than its provider. */
export const MAX_PAYMENT_TTL_MS = PAYME_TIMEOUT_MS;
/** How often a running server looks for expired orders when no write request does. */
export const SWEEP_MS = 30_000;

/** Methods paid on a provider's page right after ordering; installments wait for the manager's call instead. */
const PAID_ON_PROVIDER_PAGE: readonly PaymentMethod[] = ['payme', 'click', 'mastercard', 'card'];
const EXPIRED = `SELECT id FROM orders WHERE status = 'awaiting_payment' AND payment_status = 'unpaid'
  AND payment_method IN (${PAID_ON_PROVIDER_PAGE.map((m) => `'${m}'`).join(', ')}) AND created_at <= ?`;

/** Cancels every unpaid online order placed `paymentTtlMs` ago or earlier; answers how many. */
export function expireUnpaid({ db, now, paymentTtlMs }: Pick<AppContext, 'db' | 'now' | 'paymentTtlMs'>): number {
  const at = now();
  const placedBy = new Date(at - paymentTtlMs).toISOString();
  // A read first: the usual answer is none, and then no write lock is taken.
  if (!db.get(`${EXPIRED} LIMIT 1`, placedBy)) return 0;
  return db.tx(() => {
    const expired = db.all<{ id: number }>(EXPIRED, placedBy);
    for (const { id } of expired) {
      cancelOrderRow(db, id, 'unpaid');
      cancelWaitingTransactions(db, id, at);
    }
    return expired.length;
  });
}
