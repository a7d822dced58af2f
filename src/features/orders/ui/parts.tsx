/** What the order list and the order page both show of an order: its facts, status, payment state and date. */
import type { ReactNode } from 'react';
import RetryButton from '../../../shared/ui/RetryButton.tsx';
import type { OrderStatus } from '#contract/order-status.ts';
import type { Lang } from '#contract/schemas.ts';
import type { Order } from '../../../backend/orders.ts';
import { statusText } from '../rules/orders.ts';
import { shopDate } from '../../../shared/shop-date.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';

/** The short label, and the fuller flow status beside it (spec §4). */
export function StatusText({ status, t }: { status: OrderStatus; t: Translate<LabelKey<'orders'>> }) {
  const { label, flow } = statusText(status);
  return (
    <span className="orders-status" data-testid="order-status" data-status={status} data-label={label}>
      <strong>{t(`isl.orders.label_${label}`)}</strong>
      {flow && <span className="orders-flow"> · {t(`isl.orders.flow_${flow}`)}</span>}
    </span>
  );
}

/** Paid, unpaid, or for a paid order that was cancelled, where its refund stands. */
export function PaymentState({ order, t }: { order: Pick<Order, 'payment_status'>; t: Translate<LabelKey<'orders'>> }) {
  return (
    <span className="orders-payment" data-testid="order-payment-status" data-status={order.payment_status}>
      {t(`isl.order.${order.payment_status}`)}
    </span>
  );
}

/** A date of the API (an ISO time, or a day) in the shop's format. */
export function ShopDate({ lang, value }: { lang: Lang; value: string }) {
  return <time dateTime={value}>{shopDate(lang, value)}</time>;
}

/** One entry of an order's facts list (<dl>). */
export function Fact({ term, testId, children }: { term: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The orders list or an order that could not load: said, and the button that loads it again. */
export function LoadFailed({
  failure,
  testId,
  onRetry,
  t,
}: {
  failure: string;
  testId: string;
  onRetry: () => void;
  t: Translate<LabelKey<'orders'>>;
}) {
  return (
    <div className="orders-failed">
      <RetryButton
        failure={failure}
        failureClass="orders-failure"
        failureTestId={testId}
        className="orders-secondary"
        onClick={onRetry}
      >
        {t('isl.orders.retry')}
      </RetryButton>
    </div>
  );
}

/** A backend without an orders list (the `ordersList` capability): where the shopper learns of an order instead. */
export function OrdersUnavailable({ t }: { t: Translate<LabelKey<'orders'>> }) {
  return (
    <p className="island-status" data-testid="orders-unavailable">
      {t('isl.orders.unavailable')}
    </p>
  );
}
