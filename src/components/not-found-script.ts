/** Browser side of the 404 page: language-prefix redirect and the late-product fallback. */
import { isLang, prefixRedirect } from '../i18n/urls.ts';

/** Spec §5: /{two letters}/product/{digits}. */
const PRODUCT_PATH = /^\/([a-z]{2})\/product\/(\d+)$/;

export async function handleNotFound(): Promise<void> {
  const target = prefixRedirect(`${location.pathname}${location.search}${location.hash}`);
  if (target) {
    location.replace(target);
    return;
  }
  const match = PRODUCT_PATH.exec(location.pathname);
  const lang = match?.[1];
  const id = Number(match?.[2]);
  const container = document.getElementById('late-product');
  const notFound = document.querySelector<HTMLElement>('[data-error-page]');
  if (!match || !isLang(lang) || !Number.isSafeInteger(id) || id <= 0 || !container || !notFound) return;
  const { showLateProduct } = await import('./late-product.ts');
  await showLateProduct(lang, id, container, notFound);
}
