/**
 * Failures nobody else handles (spec §8 General): an uncaught error or
 * rejection shows 'An error occurred' with 'Please reload the page or try
 * later' (at most once every 10 s), and a lazy chunk that fails to load
 * (`vite:preloadError`, e.g. after a new release replaced the files) reloads
 * the page once (never offline), then shows the same message.
 */
import { queueToast } from '../../../shared/notify.ts';

const QUIET_MS = 10_000;
const RELOADED_KEY = 'bozor.reloadedForChunk';
let started = false;
let lastShown = -Infinity;

function showFailure(): void {
  const now = Date.now();
  if (now - lastShown < QUIET_MS) return;
  lastShown = now;
  queueToast({ kind: 'error', key: 'isl.toast.errorOccurred', detailKey: 'isl.toast.reloadLater' });
}

export function listenForFailures(): void {
  if (started) return;
  started = true;
  window.addEventListener('error', showFailure);
  window.addEventListener('unhandledrejection', showFailure);
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    let reloaded = false;
    try {
      reloaded = sessionStorage.getItem(RELOADED_KEY) === '1';
      if (!reloaded) sessionStorage.setItem(RELOADED_KEY, '1');
    } catch {
      reloaded = true; // Without storage a reload could loop: show the message instead.
    }
    // Offline a reload would lose the page: the message waits for the network instead.
    if (reloaded || !navigator.onLine) showFailure();
    else location.reload();
  });
}
