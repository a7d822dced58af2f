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
import type { Lang } from '#contract/schemas.ts';
import { orderPagePath } from '#contract/order-status.ts';
import { addressDetails } from '../../address/index.ts';
import { canPayOnline, isPayLinkMethod, orderIdFromQuery, payLink, paymentFailedInQuery } from '../../orders/index.ts';
import { printUzPhone } from '../../../shared/uz-phone.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { formatPrice } from '../../../shared/price.ts';
import { featureText, productTitle } from '../../../shared/product.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { $openOrder, openOrderOnce } from '../../orders/index.ts';
import { $signedIn } from '../../../backend/tokens.ts';
import RetryButton from '../../../shared/ui/RetryButton.tsx';
import { useHydrated } from '../../../shared/ui/hydrated.ts';
import './checkout.css';

/** What the page shows before the order itself. */
type Before = 'loading' | 'no_order' | 'sign_in_needed';

export default function OrderSuccess({ lang, labels }: { lang: Lang; labels: Labels<'orderSuccess'> }) {
  const t = makeT(labels);
  const signedIn = useStore($signedIn);
  const open = useStore($openOrder);
  const [paying, setPaying] = useState(false);
  const [payFailed, setPayFailed] = useState(false);
  // The address's query is read once hydrated, so the first render matches the prerendered page.
  const hydrated = useHydrated();
  const id = hydrated ? orderIdFromQuery(location.search, 'order') : null;
  const failedPayment = hydrated && paymentFailedInQuery(location.search);
  const before: Before = !hydrated ? 'loading' : id === null ? 'no_order' : !signedIn ? 'sign_in_needed' : 'loading';

  useEffect(() => {
    // The page's script has asked for it already, unless this island came first.
    if (id !== null && signedIn) openOrderOnce(id);
  }, [id, signedIn]);

  const shown = open?.id === id ? open : null;
  if (before === 'loading' && (!shown || shown.state === 'loading')) {
    return (
      <p className="island-status" role="status">
        {t('isl.order.loading')}
      </p>
    );
  }
  if (!shown || shown.state !== 'ready') {
    const said = before !== 'loading' ? before : shown?.state === 'not_found' ? 'not_found' : 'load_failed';
    return (
      <section className="order-success" data-testid="order-success">
        <p className="island-status" role={said === 'load_failed' ? 'alert' : undefined}>
          {t(`isl.order.${said}`)}
        </p>
        {said === 'sign_in_needed' && !signedIn && (
          <button type="button" className="checkout-place" data-sign-in>
            {t('isl.checkout.sign_in')}
          </button>
        )}
      </section>
    );
  }

  const { order } = shown;
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
              {order.delivery_fee === 0 ? t('isl.order.delivery_free') : formatPrice(order.delivery_fee, lang)}
            </dd>
          </>
        )}
        <dt>{t('isl.order.total')}</dt>
        <dd>{formatPrice(order.price, lang)}</dd>
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
              {t('isl.checkout.line_price', { quantity: item.quantity, price: formatPrice(item.price, lang) })}
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
