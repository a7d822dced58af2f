/**
 * Toasts without React, for the pages that load none (catalogue and product
 * pages): a stack at the top centre (spec §2) whose items are live regions (a
 * status, or an alert for an error), shown for the spec's durations (§9), at
 * most TOAST_LIMIT at once, looking like sonner's (toasts.css). Their texts
 * are the toasts' label set.
 */
import labels from 'virtual:labels/toasts';
import { formatMessage } from '../../../i18n/format.ts';
import { $lang } from '../../../i18n/language.ts';
import { takeToasts, TOAST_LIMIT, type Toast } from '../../../shared/notify.ts';
import { loadStylesheets } from '../../../shared/ui/stylesheet.ts';
import { TOAST_DURATION_MS } from './durations.ts';
import styles from './toasts.css?url';

let list: HTMLDivElement | undefined;

function toastList(): HTMLDivElement {
  if (!list) {
    list = document.createElement('div');
    list.className = 'toasts';
    document.body.append(list);
  }
  return list;
}

const text = (key: Toast['key']): string => labels[$lang.get()][key];

function show({ kind, key, values, detail, detailKey }: Toast): void {
  const item = document.createElement('div');
  item.className = `toast toast-${kind}`;
  item.dataset['toast'] = kind;
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const title = document.createElement('p');
  title.className = 'toast-title';
  title.textContent = formatMessage(text(key), values);
  item.append(title);
  const description = detail ?? (detailKey && text(detailKey));
  if (description) {
    const more = document.createElement('p');
    more.className = 'toast-description';
    more.textContent = description;
    item.append(more);
  }
  const shown = toastList();
  // The newest on top, as sonner stacks them at the top centre; the oldest go past the limit.
  shown.prepend(item);
  while (shown.children.length > TOAST_LIMIT) shown.lastElementChild?.remove();
  setTimeout(() => item.remove(), TOAST_DURATION_MS[kind]);
}

export async function showQueued(): Promise<void> {
  await loadStylesheets(styles);
  for (const toast of takeToasts()) show(toast);
}
