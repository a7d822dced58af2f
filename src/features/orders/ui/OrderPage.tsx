/**
 * /{lang}/profile/order?id={id} (spec §2 Profile, §3 Order, §4): one order,
 * by a shareable address that survives a reload on any static host — its
 * status, payment, delivery, address, items with features, quantities and
 * prices, and receipts when there are any. An unpaid order paid online is
 * paid through the checkout's pay link and comes back here; an order not yet
 * delivered can be cancelled behind the prompt.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { canPay } from '#contract/order-status.ts';
import type { Lang } from '#contract/schemas.ts';
import type { Order } from '../../../backend/orders.ts';
import { addressDetails } from '../../address/index.ts';
import { orderIdFromQuery, paymentFailedInQuery } from '../rules/orders.ts';
import { printUzPhone } from '../../../shared/uz-phone.ts';
import { formatPrice } from '../../../shared/price.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { makeT, type Labels, type LabelKey, type Translate } from '../../../i18n/messages.ts';
import {
  $cancelling,
  $openOrder,
  $paying,
  cancellable,
  openOrder,
  openOrderOnce,
  payableOnline,
  payOrder,
} from '../state/orders.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import SignInGate from '../../../shared/ui/SignInGate.tsx';
import CancelDialog from './CancelDialog.tsx';
import OrderItems from './OrderItems.tsx';
import { Fact, LoadFailed, OrdersUnavailable, PaymentState, ShopDate, StatusText } from './parts.tsx';
import '../../../shared/ui/tiles.css';
import './orders.css';

export default function OrderPage({ lang, labels }: { lang: Lang; labels: Labels<'orders'> }) {
  const t = makeT(labels);
  return (
    <SignInGate message={t('isl.auth.sign_in_to_access')} login={t('isl.auth.login')}>
      {hasCapability('ordersList') ? <OrderView lang={lang} t={t} /> : <OrdersUnavailable t={t} />}
    </SignInGate>
  );
}

function OrderView({ lang, t }: { lang: Lang; t: Translate<LabelKey<'orders'>> }) {
  // Rendered in the browser only (inside the sign-in gate): the address can be read at once.
  const [id] = useState(() => orderIdFromQuery(location.search));
  const open = useStore($openOrder);

  useEffect(() => openOrderOnce(id), [id]);

  const back = (
    <a className="orders-back" href={localizedPath(lang, '/profile/orders')}>
      {t('isl.orders.back')}
    </a>
  );
  if (id === null || open?.state === 'not_found') {
    return (
      <div className="orders-missing">
        <p className="island-status" data-testid="order-missing">
          {t(id === null ? 'isl.order.no_order' : 'isl.order.not_found')}
        </p>
        {back}
      </div>
    );
  }
  if (open?.state === 'failed') {
    return (
      <LoadFailed failure={t('isl.order.load_failed')} testId="order-failed" onRetry={() => void openOrder(id)} t={t} />
    );
  }
  if (open?.state !== 'ready' || open.id !== id) {
    return (
      <p className="island-status" role="status">
        {t('isl.order.loading')}
      </p>
    );
  }
  return <OrderDetails lang={lang} t={t} order={open.order} back={back} />;
}

function OrderDetails({
  lang,
  t,
  order,
  back,
}: {
  lang: Lang;
  t: Translate<LabelKey<'orders'>>;
  order: Order;
  back: ReactNode;
}) {
  const paying = useStore($paying) !== null;
  const cancelling = useStore($cancelling) !== null;
  const [paymentFailed] = useState(() => paymentFailedInQuery(location.search));
  const [payLinkFailed, setPayLinkFailed] = useState(false);
  // Set once the pay link came: the page is on its way to the provider.
  const [leaving, setLeaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const unpaid = order.payment_status === 'unpaid';
  const details = addressDetails(order.address, (part, value) => t(`isl.order.${part}`, { value }));

  const pay = async () => {
    setPayLinkFailed(false);
    const link = await payOrder(order);
    if (!link) return setPayLinkFailed(true);
    setLeaving(true);
    location.assign(link);
  };

  return (
    <article className="order-page" data-testid="order-page" data-order={order.id} data-status={order.status}>
      <p className="orders-notice" role="status" tabIndex={-1} ref={noticeRef} data-testid="orders-notice">
        {notice}
      </p>
      {unpaid && paymentFailed && (
        <p className="orders-failure" role="alert" data-testid="order-payment-failed">
          {t('isl.order.payment_failed')}
        </p>
      )}
      {/* The page's one h1 says "Order": its number is the first fact, not a second heading. */}
      <dl className="orders-facts order-page-facts">
        <Fact term={t('isl.order.number')} testId="order-number">
          {order.number}
        </Fact>
        <Fact term={t('isl.orders.status')}>
          <StatusText status={order.status} t={t} />
        </Fact>
        <Fact term={t('isl.orders.date')}>
          <ShopDate lang={lang} value={order.created_at} />
        </Fact>
        <Fact term={t('isl.orders.payment_method')} testId="order-payment-method">
          {t(`isl.checkout.pay_${order.payment_method}`)}
        </Fact>
        <Fact term={t('isl.order.payment')}>
          <PaymentState order={order} t={t} />
        </Fact>
        <Fact term={t('isl.orders.delivery_type')}>{t(`isl.orders.delivery_${order.delivery_type}`)}</Fact>
        <Fact term={t('isl.orders.delivery_date')}>
          <ShopDate lang={lang} value={order.delivery_date} />
        </Fact>
        <Fact term={t('isl.order.address')} testId="order-address">
          {order.address.display_name}
          {details && (
            <>
              <br />
              <span data-testid="order-address-details">{details}</span>
            </>
          )}
        </Fact>
        <Fact term={t('isl.orders.customer')} testId="order-customer">
          {order.customer_name}, <span dir="ltr">{printUzPhone(order.customer_phone)}</span>
        </Fact>
        {order.delivery_fee !== undefined && (
          <Fact term={t('isl.order.delivery_fee')} testId="order-delivery-fee">
            {order.delivery_fee === 0 ? t('isl.order.delivery_free') : formatPrice(order.delivery_fee, lang)}
          </Fact>
        )}
        <Fact term={t('isl.order.total')} testId="order-total">
          {formatPrice(order.price, lang)}
        </Fact>
      </dl>

      {(payableOnline(order) || cancellable(order)) && (
        <div className="orders-actions">
          {payableOnline(order) && (
            <button
              type="button"
              className="tile-add orders-pay"
              disabled={paying || leaving}
              aria-busy={paying || leaving}
              onClick={() => void pay()}
              data-testid="order-pay"
            >
              {paying || leaving
                ? t('isl.orders.paying')
                : paymentFailed
                  ? t('isl.order.pay_again')
                  : t('isl.order.pay')}
            </button>
          )}
          {cancellable(order) && (
            <button
              type="button"
              className="orders-secondary orders-cancel"
              disabled={cancelling || leaving}
              onClick={() => setConfirming(true)}
              data-testid="order-cancel"
            >
              {t('isl.orders.cancel')}
            </button>
          )}
        </div>
      )}
      {order.payment_status === 'refund_pending' && (
        <p className="orders-notice" data-testid="order-refund-note">
          {t('isl.order.refund_note')}
        </p>
      )}
      {unpaid && order.payment_method === 'installment' && canPay(order) && (
        <p className="orders-notice" data-testid="order-installment-note">
          {t('isl.order.installment_note')}
        </p>
      )}
      {payLinkFailed && payableOnline(order) && (
        <p className="orders-failure" role="alert" data-testid="order-pay-failed">
          {t('isl.order.pay_link_failed')}
        </p>
      )}

      <OrderItems lang={lang} t={t} order={order} />
      {back}
      <CancelDialog
        order={confirming ? order : null}
        t={t}
        onClose={(cancelled) => {
          setConfirming(false);
          if (!cancelled) return;
          setNotice(t('isl.orders.cancelled', { number: cancelled.number }));
          noticeRef.current?.focus();
        }}
      />
    </article>
  );
}
