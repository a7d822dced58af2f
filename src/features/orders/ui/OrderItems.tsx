/** What an order holds, on its page: its items (picture, title, feature, quantity and price), then its receipts. */
import { SMALL_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import type { Lang } from '#contract/schemas.ts';
import type { Order } from '../../../backend/orders.ts';
import { orderLineImage } from '../rules/orders.ts';
import { formatPrice } from '../../../shared/price.ts';
import { featureText, productTitle } from '../../../shared/product.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';

export default function OrderItems({
  lang,
  t,
  order,
}: {
  lang: Lang;
  t: Translate<LabelKey<'orders'>>;
  order: Pick<Order, 'items' | 'receipt'>;
}) {
  return (
    <>
      <h2>{t('isl.order.items')}</h2>
      <ul className="orders-lines" data-testid="order-items">
        {order.items.map((item) => (
          <li key={item.id} className="orders-line" data-product={item.product.id}>
            <img
              className="orders-line-image"
              {...photoProps(orderLineImage(item), SMALL_PHOTO)}
              alt=""
              width="64"
              height="64"
              loading="lazy"
            />
            <a className="orders-line-title" href={localizedPath(lang, `/product/${item.product.id}`)}>
              {productTitle(item.product)}
            </a>
            {item.feature && item.feature.attributes.length > 0 && (
              <span className="orders-line-feature" data-testid="order-item-feature">
                {featureText(item.feature)}
              </span>
            )}
            <span className="orders-line-price" data-testid="order-item-price">
              {t('isl.checkout.line_price', { quantity: item.quantity, price: formatPrice(item.price, lang) })}
            </span>
          </li>
        ))}
      </ul>

      {(order.receipt.sales || order.receipt.return) && (
        <>
          <h2>{t('isl.orders.receipts')}</h2>
          <ul className="orders-receipts" data-testid="order-receipts">
            {order.receipt.sales && (
              <li>
                <a href={order.receipt.sales} rel="noopener">
                  {t('isl.orders.receipt_sales')}
                </a>
              </li>
            )}
            {order.receipt.return && (
              <li>
                <a href={order.receipt.return} rel="noopener">
                  {t('isl.orders.receipt_return')}
                </a>
              </li>
            )}
          </ul>
        </>
      )}
    </>
  );
}
