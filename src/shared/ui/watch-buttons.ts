/** Shared by the enhancers of prerendered buttons (basket, favourites). */

/** Repaint (once per frame) when buttons are added after load, e.g. by islands. */
export function watchNewButtons(selector: string, paint: () => void): void {
  let queued = false;
  new MutationObserver((records) => {
    if (queued) return;
    const added = records.some((r) =>
      [...r.addedNodes].some((n) => n instanceof Element && (n.matches(selector) || n.querySelector(selector))),
    );
    if (!added) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      paint();
    });
  }).observe(document.body, { childList: true, subtree: true });
}
