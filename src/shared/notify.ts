/**
 * Toasts (spec §2, §8, §9): actions put messages on a queue; the toast island
 * (src/features/toasts) shows them in the shopper's language and takes them
 * off. Messages that must survive the reload after sign-in are kept in
 * sessionStorage and queued again on the next page.
 */
import { atom } from 'nanostores';
import type { LabelKey } from '../i18n/messages.ts';

/** What a toast may say: the toasts' label set (src/i18n/labels.ts), which the toast islands carry. */
export type ToastKey = LabelKey<'toasts'>;

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastMessage {
  kind: ToastKind;
  key: ToastKey;
  values?: Record<string, string | number>;
  /** Extra text shown under the message (e.g. the server's field errors). */
  detail?: string;
  /** Or a message of ours shown under it. */
  detailKey?: ToastKey;
}
export interface Toast extends ToastMessage {
  id: number;
}

/** At most this many toasts wait or show at once (spec §9); the oldest go first. */
export const TOAST_LIMIT = 20;
const PENDING_KEY = 'bozor.pendingToasts';

/** Messages not yet shown. */
export const $toasts = atom<readonly Toast[]>([]);
let lastId = 0;

export function notify(
  kind: ToastKind,
  key: ToastKey,
  values?: Record<string, string | number>,
  detail?: string,
): void {
  queueToast({ kind, key, ...(values ? { values } : {}), ...(detail ? { detail } : {}) });
}

/** Queue a message given whole (e.g. with a `detailKey`). */
export function queueToast(message: ToastMessage): void {
  $toasts.set([...$toasts.get(), { ...message, id: ++lastId }].slice(-TOAST_LIMIT));
}

/** The toast island takes the queued messages to show them. */
export function takeToasts(): readonly Toast[] {
  const queued = $toasts.get();
  if (queued.length) $toasts.set([]);
  return queued;
}

/** Keep messages for the next page (the page reloads after sign-in). */
export function notifyAfterReload(messages: ToastMessage[]): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(messages));
  } catch {
    for (const m of messages) queueToast(m);
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
      if (m && typeof m.key === 'string') queueToast(m);
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
