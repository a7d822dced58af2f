/**
 * The comments page of a product built without one (no reviews at build
 * time), rendered from the API by the comments shell (comments-shell.ts, the
 * page the host answers with 200) or, on a host without rules, the 404 page:
 * the product's title and its reviews now, so a review written since the
 * build shows too. Loaded only on /{lang}/comments/{id} paths.
 */
import { createRoot } from 'react-dom/client';
import labels from 'virtual:labels/comments';
import type { Lang } from '#contract/schemas.ts';
import { productFor } from '../../../shared/products.ts';
import { liveReviews } from '../../product/index.ts';
import { productTitle } from '../../../shared/product.ts';
import { makeT } from '../../../i18n/messages.ts';
import Comments from './Comments.tsx';

/** Renders the comments page into `container`; rejects when the API has no such product (the 404 page stays). */
export async function showLateComments(lang: Lang, id: number, container: HTMLElement): Promise<void> {
  const t = makeT(labels[lang]);
  container.textContent = t('isl.reviews.loading');
  // Reviews as the product page reads them: kept 5 minutes, never older than the shopper's own last review.
  const [product, reviews] = await Promise.all([productFor(id), liveReviews(id, new Date(0).toISOString())]);
  if (!product || reviews.state !== 'fresh') throw new Error(`no comments page for product ${id}`);
  const title = productTitle(product);
  container.textContent = '';
  createRoot(container).render(<Comments lang={lang} t={t} id={id} title={title} reviews={reviews.value} />);
  document.title = `${t('comments.title', { title })} | Bozor`;
}
