/**
 * A product added after the build, rendered by the 404 page from the API
 * (loaded only on /{lang}/product/{digits} paths): image, title, price, stock,
 * warranty and the sanitised description. The product comes through the
 * stores' one product cache; React draws it, as it draws the other late page.
 */
import { GALLERY_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import { createRoot } from 'react-dom/client';
import labels from 'virtual:labels/lateProduct';
import { discountPercent, formatPrice, hasDiscount, payablePrice } from '../../../shared/price.ts';
import { stockText } from '../rules/live-product.ts';
import type { ShownProduct } from '../../../shared/product.ts';
import { sanitizeHtml } from '../../../shared/sanitize.ts';
import { makeT, type LabelKey, type Translate } from '../../../i18n/messages.ts';
import { productFor } from '../../../shared/products.ts';
import type { Lang } from '#contract/langs.ts';

function LateProduct({
  product,
  t,
  lang,
}: {
  product: ShownProduct;
  t: Translate<LabelKey<'lateProduct'>>;
  lang: Lang;
}) {
  const stock = stockText(t, product.stock ?? null, product.unit ?? 'pcs');
  return (
    <article className="late-grid">
      <img
        {...photoProps(product.images[0] ?? '/placeholder.svg', GALLERY_PHOTO)}
        alt={t('product.image_alt', { title: product.title, n: 1 })}
        width={600}
        height={600}
      />
      <div>
        <h1>{product.title}</h1>
        <p className="prices">
          <span className="sr-only">{t('product.price')}: </span>
          <span className="price">{formatPrice(payablePrice(product), lang)}</span>
          {hasDiscount(product) && (
            <>
              {' '}
              <s className="old-price">
                <span className="sr-only">{t('product.old_price')}: </span>
                {formatPrice(product.price, lang)}
              </s>{' '}
              <span className="badge-sale">{t('product.discount', { percent: discountPercent(product) })}</span>
            </>
          )}
        </p>
        {stock && <p>{stock}</p>}
        <p>{t('product.warranty', { years: product.warranty_years || 1 })}</p>
        <h2>{t('product.description')}</h2>
        {/* Sanitised like the built product pages' descriptions (src/shared/sanitize.ts). */}
        <div
          className="prose"
          data-description
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(product.description) }}
        />
      </div>
    </article>
  );
}

/** Renders the product (in the path's language, `lang`) into `container`; rejects when the API has none (the 404 page then stays). */
export async function showLateProduct(lang: Lang, id: number, container: HTMLElement): Promise<void> {
  const t = makeT(labels[lang]);
  container.textContent = t('product.loading');
  const product = await productFor(id);
  if (!product) throw new Error(`no product ${id}`);
  container.textContent = '';
  createRoot(container).render(<LateProduct product={product} t={t} lang={lang} />);
  container.dataset['productId'] = String(product.id);
  document.title = `${product.title} | Bozor`;
}
