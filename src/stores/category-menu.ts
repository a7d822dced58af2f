/**
 * The header's category list (spec §2), a fragment of the site built once per
 * language (pages/[lang]/category-menu.astro) rather than repeated in every
 * page: fetched when the dropdown is first wanted, then kept for the page's
 * life. A failure is remembered until the next try.
 */
import { atom } from 'nanostores';

export type CategoryMenu = { state: 'idle' | 'loading' | 'failed' } | { state: 'loaded'; html: string };

export const $categoryMenu = atom<CategoryMenu>({ state: 'idle' });

/** Fetches the list from `url` unless it is loaded or on its way. */
export async function loadCategoryMenu(url: string): Promise<void> {
  const { state } = $categoryMenu.get();
  if (state === 'loading' || state === 'loaded') return;
  $categoryMenu.set({ state: 'loading' });
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    $categoryMenu.set({ state: 'loaded', html: await response.text() });
  } catch {
    $categoryMenu.set({ state: 'failed' });
  }
}
