/**
 * /{lang}/orders-success?order={id}[&payment=failed] (spec §3, §9): the order
 * number, what was ordered, the address (with house, floor and entrance), the
 * recipient, the payment state and the promise of delivery in 2-3 working
 * days, then the ways on: the order's own page and the shop. A payment that
 * failed (or is still owed) leads the page, with the button to pay (again):
 * the same pay link as checkout. Only an order that needs nothing more says thank you.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Lang, Order } from '#contract/schemas.ts';
import { orderPagePath } from '#contract/order-status.ts';
import { addressDetails } from '../../lib/address.ts';
import { canPayOnline, isPayLinkMethod, orderIdFromQuery } from '../../lib/orders.ts';
import { printUzPhone } from '../../lib/uz-phone.ts';
import { localizedPath } from '../../i18n/urls.ts';
import { formatPrice } from '../../lib/price.ts';
import { featureText, productTitle } from '../../lib/product.ts';
import { makeT, type Labels } from '../../i18n/messages.ts';
import { statusOf } from '../../stores/api.ts';
import { payLink } from '../../stores/checkout.ts';
import { readOrder } from '../../stores/order-read.ts';
import { setLanguage } from '../../stores/language.ts';
import { $signedIn } from '../../stores/session-tokens.ts';
import RetryButton from '../shared/RetryButton.tsx';
import './checkout.css';

type State =
  | { kind: 'loading' }
  | { kind: 'no_order' | 'not_found' | 'load_failed' | 'sign_in_needed' }
  | { kind: 'ready'; order: Order };

export default function OrderSuccess({ lang, labels }: { lang: Lang; labels: Labels }) {
  setLanguage(lang);
  const t = makeT(labels);
  const signedIn = useStore($signedIn);
  const [mounted, setMounted] = useState(false);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [failedPayment, setFailedPayment] = useState(false);
  const [paying, setPaying] = useState(false);
  const [payFailed, setPayFailed] = useState(false);

  useEffect(() => {
    setMounted(true);
    const query = new URLSearchParams(location.search);
    setFailedPayment(query.get('payment') === 'failed');
    const id = orderIdFromQuery(location.search, 'order');
    if (id === null) return setState({ kind: 'no_order' });
    if (!$signedIn.get()) return setState({ kind: 'sign_in_needed' });
    readOrder(id).then(
      (order) => setState({ kind: 'ready', order }),
      (error: unknown) => setState({ kind: statusOf(error) === 404 ? 'not_found' : 'load_failed' }),
    );
  }, []);

  if (!mounted || state.kind === 'loading') {
    return (
      <p className="island-status" role="status">
        {t('isl.order.loading')}
      </p>
    );
  }
  if (state.kind !== 'ready') {
    return (
      <section className="order-success" data-testid="order-success">
        <p className="island-status" role={state.kind === 'load_failed' ? 'alert' : undefined}>
          {t(`isl.order.${state.kind}`)}
        </p>
        {state.kind === 'sign_in_needed' && !signedIn && (
          <button type="button" className="checkout-place" data-sign-in>
            {t('isl.checkout.sign_in')}
          </button>
        )}
      </section>
    );
  }

  const { order } = state;
  const paid = order.payment_status === 'paid';
  const method = order.payment_method;
  const pay = async () => {
    if (!isPayLinkMethod(method)) return;
    setPaying(true);
    setPayFailed(false);
    try {
      location.assign(await payLink(order.id, method));
    } catch {
      setPayFailed(true);
      setPaying(false);
    }
  };

  // What the page leads with: a payment still owed online comes before any thanks.
  const owed = canPayOnline(order);
  const details = addressDetails(order.address, (part, value) => t(`isl.order.${part}`, { value }));
  return (
    <section className="order-success" data-testid="order-success" data-order={order.id}>
      {owed && failedPayment ? (
        <div className="checkout-failure order-lead" role="alert" data-testid="order-payment-failed">
          <p className="order-thanks">{t('isl.order.payment_failed_title')}</p>
          <p>{t('isl.order.payment_failed')}</p>
        </div>
      ) : owed ? (
        <p className="order-thanks" data-testid="order-lead">
          {t('isl.order.awaiting_payment')}
        </p>
      ) : (
        <p className="order-thanks" data-testid="order-lead">
          {t('isl.order.thanks')}
        </p>
      )}
      {owed && (
        <RetryButton
          failure={payFailed && t('isl.order.pay_link_failed')}
          failureClass="checkout-failure"
          failureTestId="order-pay-failed"
          className="checkout-place"
          disabled={paying}
          aria-busy={paying}
          onClick={() => void pay()}
          data-testid="order-pay"
        >
          {failedPayment ? t('isl.order.pay_again') : t('isl.order.pay')}
        </RetryButton>
      )}
      <dl className="order-facts">
        <dt>{t('isl.order.number')}</dt>
        <dd data-testid="order-number">{order.number}</dd>
        <dt>{t('isl.order.address')}</dt>
        <dd data-testid="order-address">
          {order.address.display_name}
          {details && (
            <>
              <br />
              <span data-testid="order-address-details">{details}</span>
            </>
          )}
        </dd>
        <dt>{t('isl.order.customer')}</dt>
        <dd data-testid="order-customer">
          {order.customer_name}, <span dir="ltr">{printUzPhone(order.customer_phone)}</span>
        </dd>
        <dt>{t('isl.order.payment')}</dt>
        <dd data-testid="order-payment" data-status={order.payment_status}>
          {t(`isl.checkout.pay_${method}`)} — {paid ? t('isl.order.paid') : t('isl.order.unpaid')}
        </dd>
        {order.delivery_fee !== undefined && (
          <>
            <dt>{t('isl.order.delivery_fee')}</dt>
            <dd data-testid="order-delivery-fee">
              {order.delivery_fee === 0 ? t('isl.order.delivery_free') : formatPrice(order.delivery_fee)}
            </dd>
          </>
        )}
        <dt>{t('isl.order.total')}</dt>
        <dd>{formatPrice(order.price)}</dd>
      </dl>
      <p className="order-delivery" data-testid="order-delivery">
        {t('isl.order.delivery')}
      </p>
      <h2>{t('isl.order.items')}</h2>
      <ul className="checkout-lines" data-testid="order-items">
        {order.items.map((item) => (
          <li key={item.id} className="checkout-line" data-product={item.product.id}>
            <span className="checkout-title">{productTitle(item.product)}</span>
            {item.feature && item.feature.attributes.length > 0 && (
              <span className="checkout-feature">{featureText(item.feature)}</span>
            )}
            <span className="checkout-price">
              {t('isl.checkout.line_price', { quantity: item.quantity, price: formatPrice(item.price) })}
            </span>
          </li>
        ))}
      </ul>
      <div className="order-next">
        <a className="checkout-place" href={orderPagePath(lang, order.id, 'order')} data-testid="order-view">
          {t('isl.order.view_order')}
        </a>
        <a className="checkout-secondary" href={localizedPath(lang, '/')} data-testid="order-continue">
          {t('isl.order.continue_shopping')}
        </a>
      </div>
    </section>
  );
}
