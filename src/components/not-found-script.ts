/** Browser side of the 404 page: language-prefix redirect and the pages rendered from the API (late pages). */
import { latePage, prefixRedirect } from '../i18n/urls.ts';
import { lateProduct } from '../features/product/index.ts';
import { lateComments } from '../features/reviews/index.ts';

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
  // The late page shows in its language while it loads; without an answer the 404 page comes back, in its own.
  const pageLang = document.documentElement.lang;
  document.documentElement.lang = late.lang;
  notFound.hidden = true;
  container.hidden = false;
  try {
    if (late.kind === 'product') {
      const { showLateProduct } = await lateProduct();
      await showLateProduct(late.lang, late.id, container);
    } else {
      const { showLateComments } = await lateComments();
      await showLateComments(late.lang, late.id, container);
    }
  } catch {
    container.hidden = true;
    notFound.hidden = false;
    document.documentElement.lang = pageLang;
  }
}
