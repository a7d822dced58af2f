/**
 * The toast island of pages that run React already (their islands), loaded on
 * the first message (pages without React use live.ts): mounts sonner's Toaster once
 * (top-centre, spec §2) in its own root and shows the queued messages in the
 * page's language. Durations and limit from spec §9: 3 s by default, errors
 * 4 s, successes 2 s, at most 20. sonner adds its own styles as it loads (a
 * <style> the CSP allows by its hash, astro.config.mjs).
 */
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'sonner';
import { formatMessage } from '../../../i18n/format.ts';
import labels from 'virtual:labels/toasts';
import { $lang } from '../../../i18n/language.ts';
import { takeToasts, TOAST_LIMIT } from '../../../shared/notify.ts';
import { TOAST_DURATION_MS } from './durations.ts';

let ready: Promise<void> | undefined;

function mount(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    const host = document.createElement('div');
    host.id = 'toasts-root';
    document.body.append(host);
    createRoot(host).render(<Host onReady={resolve} />);
  });
  return ready;
}

/** The Toaster subscribes in an effect; a child's effects run first, so onReady means it listens. */
function Host({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return <Toaster position="top-center" duration={TOAST_DURATION_MS.info} visibleToasts={TOAST_LIMIT} richColors />;
}

export async function showQueued(): Promise<void> {
  await mount();
  const messages = labels[$lang.get()];
  for (const { kind, key, values, detail, detailKey } of takeToasts()) {
    const text = formatMessage(messages[key], values);
    const description = detail ?? (detailKey && messages[detailKey]);
    const options = { duration: TOAST_DURATION_MS[kind], ...(description ? { description } : {}) };
    if (kind === 'success') toast.success(text, options);
    else if (kind === 'error') toast.error(text, options);
    else toast(text, options);
  }
}
