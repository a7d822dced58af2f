/**
 * Checkout's sums: the summary (items, discount, delivery), and the total with the place-order button (beside the
 * summary on a wide screen, held at the bottom on a phone), above it what the last try said.
 */
import type { DeliveryQuote, Lang } from '#contract/schemas.ts';
import type { totals } from '../../basket/index.ts';
import type { LineCheck, OrderFailure } from '../state/checkout.ts';
import { formatPrice } from '../../../shared/price.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';

type T = Translate<LabelKey<'checkout'>>;
type Sums = ReturnType<typeof totals>;

/** Items and discount; delivery too once the shopper is signed in and the API has said (free on a first order). */
export function CheckoutSummary({
  lang,
  t,
  sum,
  quote,
  hasAddress,
}: {
  lang: Lang;
  t: T;
  sum: Sums;
  /** Null for a visitor and until the API has said. */
  quote: DeliveryQuote | null;
  hasAddress: boolean;
}) {
  return (
    <aside className="checkout-summary" aria-label={t('isl.basket.summary')}>
      <h2>{t('isl.basket.summary')}</h2>
      <dl>
        <dt>{t('isl.basket.items', { count: sum.count })}</dt>
        <dd>{formatPrice(sum.subtotal, lang)}</dd>
        <dt>{t('isl.basket.discount')}</dt>
        <dd>{formatPrice(sum.discount, lang)}</dd>
        {quote && (
          <>
            <dt>{t('isl.checkout.delivery')}</dt>
            <dd data-testid="checkout-delivery" data-fee={quote.fee}>
              {quote.first_order
                ? t('isl.checkout.delivery_free_first')
                : hasAddress
                  ? formatPrice(quote.fee, lang)
                  : t('isl.checkout.delivery_by_address')}
            </dd>
          </>
        )}
      </dl>
    </aside>
  );
}

export function CheckoutPay({
  lang,
  t,
  total,
  notice,
  failure,
  stockTitles,
  canPlace,
  busy,
  disabled,
}: {
  lang: Lang;
  t: T;
  total: number;
  notice: LineCheck | null;
  failure: OrderFailure | null;
  /** The titles of the lines the failed order named out of stock. */
  stockTitles: string[];
  /** Whether the button is there: a signed-in shopper on a backend that takes orders. */
  canPlace: boolean;
  busy: boolean;
  disabled: boolean;
}) {
  return (
    <div className="checkout-pay">
      <dl>
        <dt>{t('isl.basket.total')}</dt>
        <dd data-testid="checkout-total">{formatPrice(total, lang)}</dd>
      </dl>
      {notice && (
        <div className="checkout-failure" role="alert" data-testid="checkout-notice">
          {notice.leftOut.length > 0 && (
            <p>{t('isl.checkout.left_out', { titles: notice.leftOut.map((l) => l.product.title).join(', ') })}</p>
          )}
          {notice.changed.length > 0 && (
            <p>{t('isl.checkout.price_changed', { titles: notice.changed.map((l) => l.product.title).join(', ') })}</p>
          )}
        </div>
      )}
      {failure && (
        <div className="checkout-failure" role="alert" data-testid="checkout-failure">
          <p>{t('isl.checkout.failed')}</p>
          {stockTitles.length > 0 ? (
            <p>{t('isl.checkout.failed_stock', { titles: stockTitles.join(', ') })}</p>
          ) : (
            <p>{failure.detail ?? t('isl.checkout.failed_generic')}</p>
          )}
        </div>
      )}
      {canPlace && (
        <button
          type="submit"
          className="checkout-place"
          disabled={busy || disabled}
          aria-busy={busy}
          data-testid="checkout-place"
        >
          {busy ? t('isl.checkout.placing') : t('isl.checkout.place')}
        </button>
      )}
    </div>
  );
}
