/**
 * `client:interaction`: hydrates an island after the shopper's first focus,
 * pointer or touch inside it. The header search is a working plain form
 * until then, so pages with no other island load no React at all.
 *
 * The event only starts the island's modules downloading; running them (React
 * DOM's first evaluation is the costly part on a slow phone) and hydrating
 * wait for an idle moment, so that work does not sit between the tap and its
 * click, or inside a keystroke (npm run inp measures both at 4× CPU).
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['focusin', 'pointerover', 'touchstart'] as const;
/** Hydrate by then even if the page never goes idle. */
const IDLE_TIMEOUT_MS = 500;

const interaction: ClientDirective = (load, _options, island) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) island.removeEventListener(name, hydrate);
    // Fetched now; run when idle.
    for (const url of ['component-url', 'renderer-url'])
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'modulepreload', href: island.getAttribute(url) }),
      );
    requestIdleCallback(() => void load().then((run) => run()), { timeout: IDLE_TIMEOUT_MS });
  };
  for (const name of EVENTS) island.addEventListener(name, hydrate, { passive: true });
  // Focus may have arrived before this script ran.
  if (island.contains(document.activeElement)) hydrate();
};

export default interaction;
