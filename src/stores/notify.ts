/**
 * Toasts (spec §2, §8, §9): every message in the shopper's language, at
 * top-centre, for 3 s. sonner is loaded on the first message only, so pages
 * that never toast never download it. Messages that must survive the reload
 * after sign-in are kept in sessionStorage and shown on the next page.
 */
import type { MessageKey } from '../i18n/index.ts';
import { $lang } from './language.ts';
import { format, loadMessages } from './messages.ts';

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastMessage {
  kind: ToastKind;
  key: MessageKey;
  values?: Record<string, string | number>;
  /** Extra text shown under the message (e.g. the server's field errors). */
  detail?: string;
}

const PENDING_KEY = 'bozor.pendingToasts';

export function notify(
  kind: ToastKind,
  key: MessageKey,
  values?: Record<string, string | number>,
  detail?: string,
): void {
  if (typeof window === 'undefined') return;
  void Promise.all([loadMessages($lang.get()), import('../islands/toasts/show.tsx')]).then(
    ([messages, { showToast }]) => showToast(kind, format(messages[key], values), detail),
    () => console.warn(`[toast] ${key}`),
  );
}

/** Keep messages for the next page (the page reloads after sign-in). */
export function notifyAfterReload(messages: ToastMessage[]): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(messages));
  } catch {
    for (const m of messages) notify(m.kind, m.key, m.values, m.detail);
  }
}

/** Show messages kept by notifyAfterReload (called once by a header island). */
export function flushPendingToasts(): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return;
    for (const m of list as ToastMessage[]) {
      if (m && typeof m.key === 'string') notify(m.kind, m.key, m.values, m.detail);
    }
  } catch {
    // A corrupted entry is dropped.
  }
}

/** Field errors of a 400 answer as one line: 'feature: Choose a variant of this product.' */
export function errorDetail(error: unknown): string | undefined {
  const body = (error as { body?: { errors?: Record<string, string[]> } } | null)?.body;
  if (!body?.errors) return undefined;
  const lines = Object.values(body.errors).flat();
  return lines.length ? lines.join(' ') : undefined;
}
