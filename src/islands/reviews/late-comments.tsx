/**
 * The comments page of a product built without one (no reviews at build
 * time), rendered by the 404 page from the API: the product's title and its
 * reviews now, so a review written since the build shows too. Loaded only on
 * /{lang}/comments/{id} paths.
 */
import { API_URL } from 'astro:env/client';
import { createRoot } from 'react-dom/client';
import type { Lang } from '#contract/schemas.ts';
import { createApi } from '../../lib/api/client.ts';
import { productTitle } from '../../lib/product.ts';
import { makeT, type Labels } from '../../i18n/messages.ts';
import Comments from './Comments.tsx';

/** Renders the comments page into `container`; rejects when the API has no such product (the 404 page stays). */
export async function showLateComments(lang: Lang, id: number, container: HTMLElement, labels: Labels): Promise<void> {
  const t = makeT(labels);
  container.textContent = t('isl.reviews.loading');
  const api = createApi({ baseURL: API_URL, lang });
  const [product, reviews] = await Promise.all([
    api.call('product', { params: { id } }),
    api.call('productComments', { params: { id } }),
  ]);
  const title = productTitle(product);
  container.textContent = '';
  createRoot(container).render(<Comments lang={lang} t={t} id={id} title={title} reviews={reviews} />);
  document.title = `${t('comments.title', { title })} | Bozor`;
}
