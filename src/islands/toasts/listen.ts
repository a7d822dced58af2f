/**
 * Loads the toast island on the first queued message, so pages that never
 * toast never download sonner.
 */
import { $toasts } from '../../stores/notify.ts';
import type * as show from './show.tsx';

type ToastIsland = typeof show;

let started = false;

export function listenForToasts(): void {
  if (started) return;
  started = true;
  $toasts.subscribe((queued) => {
    if (!queued.length) return;
    import('./show.tsx').then(
      // A chunk that could not load (offline) is answered with nothing: the messages wait for the next message.
      (island: ToastIsland | undefined) => island?.showQueued(),
      () => console.warn('[toast] the toast island failed to load'),
    );
  });
}
