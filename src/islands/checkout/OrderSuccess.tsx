/**
 * /{lang}/orders-success?order={id}[&payment=failed] (spec §3, §9): the order
 * number, what was ordered, the address, the payment state and the promise of
 * delivery in 2-3 working days. An unpaid order paid online can be paid
 * (again) with the same pay link as checkout.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Lang, Order } from '#contract/schemas.ts';
import { isPayLinkMethod } from '../../lib/orders.ts';
import { canPayOnline } from '../../lib/orders.ts';
import { formatPrice } from '../../lib/price.ts';
import { featureText, productTitle } from '../../lib/product.ts';
import { toPositiveInt } from '../../lib/storage.ts';
import { makeT, type Labels } from '../../i18n/messages.ts';
import { statusOf } from '../../stores/api.ts';
import { fetchOrder, payLink } from '../../stores/checkout.ts';
import { setLanguage } from '../../stores/language.ts';
import { $signedIn } from '../../stores/session-tokens.ts';
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
    const id = toPositiveInt(query.get('order'));
    if (id === null) return setState({ kind: 'no_order' });
    if (!$signedIn.get()) return setState({ kind: 'sign_in_needed' });
    fetchOrder(id).then(
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

  return (
    <section className="order-success" data-testid="order-success" data-order={order.id}>
      <p className="order-thanks">{t('isl.order.thanks')}</p>
      <dl className="order-facts">
        <dt>{t('isl.order.number')}</dt>
        <dd data-testid="order-number">{order.number}</dd>
        <dt>{t('isl.order.address')}</dt>
        <dd>{order.address.display_name}</dd>
        <dt>{t('isl.order.payment')}</dt>
        <dd data-testid="order-payment" data-status={order.payment_status}>
          {t(`isl.checkout.pay_${method}`)} — {paid ? t('isl.order.paid') : t('isl.order.unpaid')}
        </dd>
        <dt>{t('isl.order.total')}</dt>
        <dd>{formatPrice(order.price)}</dd>
      </dl>
      <p className="order-delivery" data-testid="order-delivery">
        {t('isl.order.delivery')}
      </p>
      {!paid && failedPayment && (
        <p className="checkout-failure" role="alert" data-testid="order-payment-failed">
          {t('isl.order.payment_failed')}
        </p>
      )}
      {canPayOnline(order) && (
        <>
          {payFailed && (
            <p className="checkout-failure" role="alert" data-testid="order-pay-failed">
              {t('isl.order.pay_link_failed')}
            </p>
          )}
          <button
            type="button"
            className="checkout-place"
            disabled={paying}
            aria-busy={paying}
            onClick={() => void pay()}
            data-testid="order-pay"
          >
            {failedPayment ? t('isl.order.pay_again') : t('isl.order.pay')}
          </button>
        </>
      )}
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
    </section>
  );
}
