/** The payment providers' transactions (table `payments`): their states, rows and the timeout cancel. */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from './db.ts';

/** Transaction states, Payme's numbering (Click's prepared and completed use 1 and 2, cancelled -1). */
export const CREATED = 1;
export const PERFORMED = 2;
export const CANCELLED = -1;
export const CANCELLED_AFTER_PERFORM = -2;
/** Payme's cancel reason for a transaction timed out. */
export const REASON_TIMEOUT = 4;

export interface PaymentRow {
  id: number;
  provider: 'payme' | 'click';
  ext_id: string;
  order_id: number;
  amount: number;
  state: number;
  ext_time: number | null;
  create_ms: number;
  perform_ms: number | null;
  cancel_ms: number | null;
  reason: number | null;
}

/** Compares two secrets in constant time, whatever their lengths. */
export const sameText = (a: string, b: string) => {
  const [x, y] = [createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest()];
  return timingSafeEqual(x, y);
};

/** Cancels the order's provider transactions still waiting to be performed (the order expired unpaid). */
export function cancelWaitingTransactions(db: Db, orderId: number, now: number): void {
  db.run(
    'UPDATE payments SET state = ?, cancel_ms = ?, reason = ? WHERE order_id = ? AND state = ?',
    CANCELLED,
    now,
    REASON_TIMEOUT,
    orderId,
    CREATED,
  );
}

export type Params = Record<string, unknown>;
export const isObject = (value: unknown): value is Params =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
