/**
 * The script of /{lang}/comments/late, the page the host serves (status 200)
 * for the comments page of a product built without one: the product's id is
 * in the address the shopper opened (/{lang}/comments/{id}). React and the
 * reviews load only here, on demand, as on the 404 page.
 */
import { latePage } from '../../../i18n/urls.ts';

export async function showCommentsShell(): Promise<void> {
  const container = document.querySelector<HTMLElement>('[data-comments-shell]');
  const missing = document.querySelector<HTMLElement>('[data-comments-missing]');
  if (!container || !missing) return;
  const page = latePage(location.pathname);
  try {
    // /{lang}/comments/late opened as it is, or an id that is not one: nothing to show.
    if (page?.kind !== 'comments') throw new Error(`no product in ${location.pathname}`);
    const { showLateComments } = await import('./late-comments.tsx');
    await showLateComments(page.lang, page.id, container);
  } catch {
    container.hidden = true;
    missing.hidden = false;
  }
}
