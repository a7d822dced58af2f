/** One order in the orders list: its number (the link to its page), its lines' pictures, facts, and "cancel". */
import { SMALL_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import { orderPagePath } from '#contract/order-status.ts';
import type { Lang } from '#contract/schemas.ts';
import type { Order } from '../../../backend/orders.ts';
import { orderThumbnails } from '../rules/orders.ts';
import { formatPrice } from '../../../shared/price.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';
import { cancellable } from '../state/orders.ts';
import { Fact, PaymentState, ShopDate, StatusText } from './parts.tsx';

export default function OrderListItem({
  lang,
  t,
  order,
  cancelling,
  onCancel,
}: {
  lang: Lang;
  t: Translate<LabelKey<'orders'>>;
  order: Order;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const titleId = `order-${order.id}-title`;
  const pictures = orderThumbnails(order);
  return (
    <li className="orders-item" data-testid="order-item" data-order={order.id} data-status={order.status}>
      <h2 id={titleId} className="orders-item-title">
        <a href={orderPagePath(lang, order.id, 'order')}>{t('isl.orders.order', { number: order.number })}</a>
      </h2>
      {pictures.lines.length > 0 && (
        <ul className="orders-thumbs" aria-label={t('isl.order.items')} data-testid="order-thumbs">
          {pictures.lines.map((line) => (
            <li key={line.id}>
              <img
                {...photoProps(line.image, SMALL_PHOTO)}
                alt={line.title}
                width="56"
                height="56"
                loading="lazy"
                decoding="async"
              />
            </li>
          ))}
          {pictures.more > 0 && <li className="orders-thumbs-more">+{pictures.more}</li>}
        </ul>
      )}
      <dl className="orders-facts">
        <Fact term={t('isl.orders.date')}>
          <ShopDate lang={lang} value={order.created_at} />
        </Fact>
        <Fact term={t('isl.orders.status')}>
          <StatusText status={order.status} t={t} />
        </Fact>
        <Fact term={t('isl.order.payment')}>
          <PaymentState order={order} t={t} />
        </Fact>
        <Fact term={t('isl.order.total')} testId="order-total">
          {formatPrice(order.price, lang)}
        </Fact>
      </dl>
      {cancellable(order) && (
        <button
          type="button"
          className="orders-secondary orders-cancel"
          aria-describedby={titleId}
          disabled={cancelling}
          onClick={onCancel}
          data-testid="order-cancel"
        >
          {t('isl.orders.cancel')}
        </button>
      )}
    </li>
  );
}
