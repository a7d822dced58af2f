/**
 * Loads a toaster on the first queued message, so pages that never toast
 * download none: sonner (show.tsx) where the page runs React already (its
 * islands are hydrated on load), else the React-free live.ts, so a catalogue
 * or product page never loads React DOM for a toast.
 */
import { $toasts } from '../../../shared/notify.ts';

interface Toaster {
  showQueued(): Promise<void>;
}

let started = false;

export function listenForToasts(): void {
  if (started) return;
  started = true;
  // Chosen once, as the page first toasts: pages with islands run React from their load.
  let toaster: (() => Promise<Toaster | undefined>) | undefined;
  $toasts.subscribe((queued) => {
    if (!queued.length) return;
    toaster ??= document.querySelector('astro-island') ? () => import('./show.tsx') : () => import('./live.ts');
    toaster().then(
      // A chunk that could not load (offline) is answered with nothing: the messages wait for the next message.
      (loaded) => loaded?.showQueued(),
      () => console.warn('[toast] the toaster failed to load'),
    );
  });
}
