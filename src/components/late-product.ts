/**
 * The late-product fallback of the 404 page, loaded only on /{lang}/product/{digits}
 * paths (a dynamic import keeps the API client and the sanitiser out of the
 * 404 page's first-load JavaScript).
 */
import { API_URL } from 'astro:env/client';
import { createApi } from '../lib/api/client.ts';
import { formatMessage } from '../i18n/format.ts';
import type { Lang } from '#contract/schemas.ts';
import { discountPercent, formatPrice, hasDiscount, payablePrice } from '../lib/price.ts';
import { normaliseProduct } from '../lib/product.ts';
import { sanitizeHtml } from '../lib/sanitize.ts';

type Labels = Record<string, string>;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Renders the product into `container`; rejects when the API has none (the 404 page then stays). */
export async function showLateProduct(lang: Lang, id: number, container: HTMLElement, labels: Labels): Promise<void> {
  const fill = (key: string, values: Record<string, string | number>) => formatMessage(labels[key] ?? key, values);
  container.replaceChildren(el('p', {}, fill('loading', {})));
  const api = createApi({ baseURL: API_URL, lang });
  const product = normaliseProduct(await api.call('product', { params: { id } }));
  const price = payablePrice(product);
  const prices = el('p', { className: 'prices' }, el('span', { className: 'price' }, formatPrice(price)));
  if (hasDiscount(product)) {
    prices.append(
      ' ',
      el('s', { className: 'old-price' }, formatPrice(product.price)),
      ' ',
      el('span', { className: 'badge-sale' }, `−${discountPercent(product)}%`),
    );
  }
  const stock =
    product.stock <= 0
      ? fill('stockOut', {})
      : fill(product.unit === 'kg' ? 'stockKg' : 'stockPcs', { count: product.stock });
  const description = el('div', { className: 'prose' });
  description.dataset.description = '';
  description.innerHTML = sanitizeHtml(product.description);
  const image = el('img', {
    src: product.images[0] ?? '/placeholder.svg',
    alt: fill('imageAlt', { title: product.title, n: 1 }),
    width: 600,
    height: 600,
  });
  container.replaceChildren(
    el(
      'article',
      { className: 'late-grid' },
      image,
      el(
        'div',
        {},
        el('h1', {}, product.title),
        prices,
        el('p', {}, stock),
        el('p', {}, fill('warranty', {})),
        el('h2', {}, fill('description', {})),
        description,
      ),
    ),
  );
  container.dataset.productId = String(product.id);
  document.title = `${product.title} | Bozor`;
}
