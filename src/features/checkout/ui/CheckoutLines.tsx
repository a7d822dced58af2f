/** Checkout's lines: photo, title, feature, price, and what keeps a line from the order (out of stock, not saved). */
import { SMALL_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import type { Lang } from '#contract/schemas.ts';
import type { BasketLine } from '../../basket/index.ts';
import { formatPrice } from '../../../shared/price.ts';
import { featureText } from '../../../shared/product.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';

export default function CheckoutLines({
  lang,
  t,
  lines,
  outOfStock,
}: {
  lang: Lang;
  t: Translate<LabelKey<'checkout'>>;
  lines: readonly BasketLine[];
  /** The products the last failed order named out of stock. */
  outOfStock: readonly number[] | undefined;
}) {
  return (
    <section aria-labelledby="checkout-lines">
      <h2 id="checkout-lines">{t('isl.checkout.lines')}</h2>
      <ul className="checkout-lines" data-testid="checkout-lines">
        {lines.map((line) => {
          const short = outOfStock?.includes(line.product.id) ?? false;
          return (
            <li
              key={line.key}
              className="checkout-line"
              data-product={line.product.id}
              data-out-of-stock={short || undefined}
              data-status={line.status}
            >
              <img {...photoProps(line.product.image, SMALL_PHOTO)} alt="" width="64" height="64" loading="lazy" />
              <div>
                <span className="checkout-title">{line.product.title}</span>
                {line.feature && line.feature.attributes.length > 0 && (
                  <span className="checkout-feature">{featureText(line.feature)}</span>
                )}
                {short && <strong className="checkout-short">{t('isl.checkout.out_of_stock')}</strong>}
                {line.status !== 'saved' && (
                  <strong className="checkout-short" data-testid="checkout-line-status">
                    {line.status === 'refused'
                      ? `${t('isl.checkout.not_saved')}${line.reason ? `: ${line.reason}` : ''}`
                      : t('isl.basket.status_waiting')}
                  </strong>
                )}
              </div>
              <span className="checkout-price">
                {t('isl.checkout.line_price', { quantity: line.quantity, price: formatPrice(line.price, lang) })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
