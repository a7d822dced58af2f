import { ORDER_STATUSES, type OrderStatus, type OrderStatusLabel } from './schemas.ts';

/** The short label of an order tab for a full order status (spec §4). */
export function statusLabel(status: OrderStatus): OrderStatusLabel {
  switch (status) {
    case 'awaiting_payment':
      return 'new';
    case 'assembling':
    case 'delivering':
    case 'ready_for_pickup':
      return 'in_progress';
    case 'delivered':
      return 'success';
    case 'returned':
    case 'cancelled':
      return 'cancelled';
  }
}

/** Every full status shown under one label. */
export const statusesFor = (label: OrderStatusLabel): OrderStatus[] =>
  ORDER_STATUSES.filter((s) => statusLabel(s) === label);
