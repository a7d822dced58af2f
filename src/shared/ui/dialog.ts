/**
 * The shop's one way to open and close a modal <dialog> (the islands' ModalDialog, the footer's dialogs, the
 * listing's filter sheet on a phone and the product's zoomed photos use it): focus moves in (to `[data-autofocus]`, or where `focus` says), Tab stays inside, Escape and a click on the
 * backdrop ask to close, and closing gives focus back to what opened it while that is still on the page.
 */

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** What opened each open dialog: focus goes back there. */
const openers = new WeakMap<HTMLDialogElement, Element | null>();

/**
 * Keep Tab inside a modal <dialog> (the browser's modal already makes the page
 * inert; this stops focus leaving for the browser's own controls).
 */
export function trapTab(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  container: HTMLElement | null,
): void {
  if (event.key !== 'Tab' || !container) return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((item) => item.offsetParent !== null);
  if (!items.length) return;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Open `dialog` as a modal and move focus in; a dialog already open is left as it is. */
export function openModal(
  dialog: HTMLDialogElement,
  focus: (dialog: HTMLDialogElement) => HTMLElement | null = (d) => d.querySelector('[data-autofocus]'),
): void {
  if (dialog.open) return;
  openers.set(dialog, document.activeElement);
  dialog.showModal();
  focus(dialog)?.focus();
}

/**
 * Close `dialog` and give focus back to what opened it (unless `returnFocus` is false: the caller moves it).
 * Closed first: while a modal is open, nothing outside it takes focus.
 */
export function closeModal(dialog: HTMLDialogElement, returnFocus = true): void {
  if (dialog.open) dialog.close();
  const opener = openers.get(dialog);
  openers.delete(dialog);
  if (returnFocus && opener instanceof HTMLElement && opener.isConnected) opener.focus();
}

/** A dialog without a framework: Escape and the backdrop close it, Tab stays inside, its close buttons close it. */
export function dismissable(dialog: HTMLDialogElement, closers: Iterable<HTMLElement>): void {
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    closeModal(dialog);
  });
  // A click on the dialog element itself (not its content) is a click on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) closeModal(dialog);
  });
  dialog.addEventListener('keydown', (event) => trapTab(event, dialog));
  for (const closer of closers) closer.addEventListener('click', () => closeModal(dialog));
}
