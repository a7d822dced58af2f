/**
 * `npm run order-status -- <order> <status> [--paid]`: move an order along its
 * status flow in the reference API's database, as the shop's back office would
 * (a delivered order's products can then be reviewed). <order> is its number
 * (BZ-000012) or id; <status> one of ORDER_STATUSES. Works beside a running
 * `npm start` (same data directory, API_DATA_DIR, default ./data).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import { ORDER_STATUSES } from '#contract/order-status.ts';
import { CLI_BUSY_TIMEOUT_MS, openDb } from './db.ts';
import { moveOrder, StatusChange } from './test-routes.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    paid: { type: 'boolean', default: false },
    'data-dir': { type: 'string', default: process.env['API_DATA_DIR'] ?? './data' },
  },
});
const [order, status] = positionals;
const change = z.safeParse(StatusChange, { status, ...(values.paid ? { payment_status: 'paid' } : {}) });
if (!order || !change.success) {
  console.error(`Usage: npm run order-status -- <order number or id> <${ORDER_STATUSES.join('|')}> [--paid]`);
  process.exit(2);
}
const db = openDb(values['data-dir'], CLI_BUSY_TIMEOUT_MS);
const row = db.get<{ id: number }>('SELECT id FROM orders WHERE number = ? OR id = ?', order, Number(order) || -1);
const moved = row && moveOrder(db, row.id, change.data);
db.close();
if (!moved) {
  console.error(`No order ${order} in ${values['data-dir']}.`);
  process.exit(1);
}
console.log(`Order ${moved.number} is now ${moved.status}, ${moved.payment_status}.`);
