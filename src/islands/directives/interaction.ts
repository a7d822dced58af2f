/**
 * `client:interaction`: hydrates an island on the shopper's first focus,
 * pointer or touch inside it. The header search is a working plain form
 * until then, so pages with no other island load no React at all.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['focusin', 'pointerover', 'touchstart'] as const;

const interaction: ClientDirective = (load, _options, island) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) island.removeEventListener(name, hydrate);
    await (
      await load()
    )();
  };
  for (const name of EVENTS) island.addEventListener(name, hydrate, { passive: true });
  // Focus may have arrived before this script ran.
  if (island.contains(document.activeElement)) void hydrate();
};

export default interaction;
