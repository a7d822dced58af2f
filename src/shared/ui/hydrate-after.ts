/**
 * `client:after="event"`: the island hydrates when the page's own script dispatches `event` on the document — it
 * has drawn what the island will take over — or FLOOR_MS after the page's load event, whichever comes first. A page
 * whose first screen is drawn without React keeps React's modules off the network until that screen is there, so its
 * photos do not share a phone's bandwidth with them, and their paint does not wait for React's evaluation.
 */
import type { ClientDirective } from 'astro';

const after: ClientDirective = (load, options) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    const hydrateIsland = await load();
    await hydrateIsland();
  };
  document.addEventListener(String(options.value), () => void hydrate(), { once: true });
  const floor = () => setTimeout(() => void hydrate(), FLOOR_MS);
  if (document.readyState === 'complete') floor();
  else addEventListener('load', floor, { once: true });
};

/** How long after the load event an island wakes whose page script has not said: its answer is slow, or it never ran. */
const FLOOR_MS = 3_000;
export default after;
