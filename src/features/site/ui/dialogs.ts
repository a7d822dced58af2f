/**
 * The footer's dialogs (contacts, app QR codes; the profile menu opens the
 * contacts too): their markup is a file of the site (pages/[lang]/[fragment].astro)
 * fetched with the first click on a button that opens one, so pages carry
 * neither it nor this script (so pages stay light). Opened and closed as
 * every modal is (shared/dialog.ts: focus in and back, Escape, backdrop,
 * close buttons); QR tabs and image retry. If the
 * markup cannot load, a toast says so and the next click tries again.
 */
import { isLang, localizedPath } from '../../../i18n/urls.ts';
import { notify } from '../../../shared/notify.ts';
import { loadSiteFragment } from '../state/site-fragments.ts';
import { dismissable, openModal } from '../../../shared/ui/dialog.ts';
import { loadStylesheets } from '../../../shared/ui/stylesheet.ts';
import dialogsCss from './dialogs.css?url';

export async function openDialog(opener: HTMLElement): Promise<void> {
  const id = opener.dataset['dialogOpen'] ?? '';
  if (!document.getElementById(id)) {
    const lang = document.documentElement.lang;
    if (!isLang(lang)) return;
    opener.setAttribute('aria-busy', 'true');
    // The markup comes without a stylesheet: this one is fetched beside it, and the dialog opens once it applies.
    const [html] = await Promise.all([loadSiteFragment(localizedPath(lang, '/dialogs')), loadStylesheets(dialogsCss)]);
    opener.removeAttribute('aria-busy');
    if (html === null) {
      notify('error', 'dialog.failed');
      return;
    }
    if (!document.getElementById(id)) {
      document.body.insertAdjacentHTML('beforeend', html);
      initDialogs();
    }
  }
  const dialog = document.getElementById(id);
  if (dialog instanceof HTMLDialogElement) openModal(dialog);
}

function initDialogs(): void {
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[data-dialog]'))
    dismissable(dialog, dialog.querySelectorAll<HTMLElement>('[data-dialog-close]'));
  initQrTabs();
}

function initQrTabs(): void {
  const tabs = [...document.querySelectorAll<HTMLButtonElement>('[data-qr-tab]')];
  const select = (tab: HTMLButtonElement) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
  };
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(tab));
    tab.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
      const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
      if (next) {
        select(next);
        next.focus();
      }
    });
  });

  for (const panel of document.querySelectorAll<HTMLElement>('[data-qr-panel]')) {
    const image = panel.querySelector<HTMLImageElement>('[data-qr-image]');
    const hint = panel.querySelector<HTMLElement>('[data-qr-hint]');
    const error = panel.querySelector<HTMLElement>('[data-qr-error]');
    const retry = panel.querySelector<HTMLButtonElement>('[data-qr-retry]');
    if (!image || !hint || !error || !retry) continue;
    const showError = (failed: boolean) => {
      error.hidden = !failed;
      hint.hidden = failed;
      image.hidden = failed;
    };
    image.addEventListener('error', () => showError(true));
    image.addEventListener('load', () => showError(false));
    if (image.complete && image.naturalWidth === 0 && image.currentSrc) showError(true);
    retry.addEventListener('click', () => {
      showError(false);
      image.src = `${image.dataset.src}?retry=${Date.now()}`;
    });
  }
}
