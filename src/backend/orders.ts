/**
 * The shopper's orders as the shop shows them (spec §2 Profile, §4), read from
 * the order calls' answers: the lines' products and features read as every
 * product is (shop.ts), and receipt links only when they are http(s) or site
 * links. Statuses, methods and the address are the contract's words, taken as
 * sent. What the shop derives itself (the short status label, the count of
 * lines) is not kept.
 */
import type { OrderStatus, PaymentStatus } from '#contract/order-status.ts';
import type { Address, DeliveryType, PaymentMethod } from '#contract/schemas.ts';
import {
  id,
  list,
  Malformed,
  maybeNumber,
  optional,
  price,
  record,
  text,
  textOrNull,
  type Raw,
  type Report,
} from './read.ts';
import { safeLink } from './rules.ts';
import { readFeature, readProductSummary, type Feature, type ProductSummary } from './shop.ts';

export interface OrderItem {
  id: number;
  product: ProductSummary;
  quantity: number;
  /** The line's unit price when ordered. */
  price: number;
  feature: Feature | null;
}

export interface Order {
  id: number;
  /** The number the shopper is told (and support asks for). */
  number: string;
  status: OrderStatus;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  delivery_type: DeliveryType;
  delivery_date: string;
  customer_name: string;
  customer_phone: string;
  address: Address;
  /** What the shopper pays: the lines, plus the delivery fee when there is one. */
  price: number;
  /** What delivery cost (0: free); absent when the backend does not say. */
  delivery_fee?: number;
  items: OrderItem[];
  /** The fiscal receipts' links, once there are any. */
  receipt: { sales: string | null; return: string | null };
  created_at: string;
}

const link = (value: unknown): string | null => {
  const given = textOrNull(value);
  return given === null ? null : safeLink(given);
};

function readItem(value: unknown): OrderItem {
  const raw = record(value, 'order line');
  const quantity = maybeNumber(raw['quantity']);
  if (quantity === undefined || quantity <= 0)
    throw new Malformed(`quantity is not a quantity: ${JSON.stringify(raw['quantity'])}`);
  return {
    id: id(raw['id']),
    product: readProductSummary(raw['product']),
    quantity,
    price: price(raw['price']),
    feature: raw['feature'] == null ? null : readFeature(raw['feature']),
  };
}

export function readOrder(value: unknown, report: Report = () => {}): Order {
  const raw = record(value, 'order');
  const fee = maybeNumber(raw['delivery_fee']);
  const receipt = typeof raw['receipt'] === 'object' && raw['receipt'] !== null ? (raw['receipt'] as Raw) : {};
  return {
    id: id(raw['id']),
    number: text(raw, 'number'),
    status: text(raw, 'status') as OrderStatus,
    payment_method: text(raw, 'payment_method') as PaymentMethod,
    payment_status: text(raw, 'payment_status') as PaymentStatus,
    delivery_type: text(raw, 'delivery_type') as DeliveryType,
    delivery_date: text(raw, 'delivery_date'),
    customer_name: text(raw, 'customer_name'),
    customer_phone: text(raw, 'customer_phone'),
    address: record(raw['address'], 'address') as unknown as Address,
    price: price(raw['price']),
    ...optional('delivery_fee', fee !== undefined && fee >= 0 ? fee : undefined),
    items: list(raw['items'], 'order line', readItem, report),
    receipt: { sales: link(receipt['sales']), return: link(receipt['return']) },
    created_at: text(raw, 'created_at'),
  };
}
