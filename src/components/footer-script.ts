/**
 * Native <dialog> behaviour of the footer's dialogs (contacts, app QR codes):
 * close buttons, backdrop click, QR tabs and image retry. Loaded by the first
 * click on a button that opens one (Footer.astro), so pages carry none of it.
 */
let ready = false;

export function openDialog(opener: HTMLElement): void {
  if (!ready) {
    ready = true;
    initDialogs();
  }
  const dialog = document.getElementById(opener.dataset.dialogOpen ?? '');
  if (dialog instanceof HTMLDialogElement && !dialog.open) dialog.showModal();
}

function initDialogs(): void {
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog[data-dialog]')) {
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close();
    });
    for (const closer of dialog.querySelectorAll<HTMLElement>('[data-dialog-close]')) {
      closer.addEventListener('click', () => dialog.close());
    }
  }
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
