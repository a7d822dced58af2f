/**
 * The header's category dropdown (spec §2): opens on its button, closes on an
 * outside click or Escape. Its list is a file of the site fetched through
 * src/features/site/state/site-fragments.ts as the pointer or focus reaches the button.
 */
import { loadSiteFragment, siteFragment } from '../state/site-fragments.ts';

/** `open`: the shopper already clicked the button (before this code had come). */
export function enhanceCategoryDropdown(dropdown: HTMLElement, open = false): void {
  const button = dropdown.querySelector<HTMLButtonElement>('[data-dropdown-button]');
  const panel = dropdown.querySelector<HTMLElement>('[data-dropdown-panel]');
  if (!button || !panel) return;
  const menu = panel.querySelector<HTMLElement>('[data-category-menu]');
  const load = () => {
    if (menu) void loadSiteFragment(menu.dataset['categoryMenu']!);
  };
  if (menu) showCategoryMenu(menu);
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (open) load();
  };
  // Fetched as the pointer or focus reaches the button (this code came then too), so the list is there by the click.
  load();
  button.addEventListener('click', () => setOpen(panel.hidden));
  if (open) setOpen(true);
  document.addEventListener('click', (event) => {
    if (!panel.hidden && !dropdown.contains(event.target as Node)) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      setOpen(false);
      button.focus();
    }
  });
}

/** Paints the category list's state into the dropdown. */
function showCategoryMenu(menu: HTMLElement): void {
  const loading = menu.querySelector<HTMLElement>('[data-menu-loading]')!;
  const failed = menu.querySelector<HTMLElement>('[data-menu-failed]')!;
  siteFragment(menu.dataset['categoryMenu']!).subscribe((value) => {
    loading.hidden = value.state !== 'loading' && value.state !== 'idle';
    failed.hidden = value.state !== 'failed';
    if (value.state === 'loaded' && !menu.querySelector('ul')) loading.insertAdjacentHTML('beforebegin', value.html);
  });
}
