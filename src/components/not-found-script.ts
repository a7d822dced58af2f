/** Browser side of the 404 page: language-prefix redirect and the pages rendered from the API (late pages). */
import { latePage, prefixRedirect } from '../i18n/urls.ts';

export async function handleNotFound(): Promise<void> {
  const target = prefixRedirect(`${location.pathname}${location.search}${location.hash}`);
  if (target) {
    location.replace(target);
    return;
  }
  const late = latePage(location.pathname);
  const notFound = document.querySelector<HTMLElement>('[data-error-page]');
  const container = late && document.getElementById(`late-${late.kind}`);
  if (!late || !container || !notFound) return;
  if (late.kind === 'product') {
    const { showLateProduct } = await import('./late-product.ts');
    await showLateProduct(late.lang, late.id, container, notFound);
  } else {
    const { showLateComments } = await import('../islands/reviews/late-comments.tsx');
    await showLateComments(late.lang, late.id, container, notFound);
  }
}
