/**
 * A page that shows one shopper's data (basket, checkout, orders, profile) is
 * never shown again from the back/forward cache: the session it was drawn for
 * may have ended since (signed out, another shopper on this browser). The host
 * sends it with Cache-Control: no-store too (integrations/host-headers.ts);
 * a browser that restores such a page anyway loads it afresh.
 */
export function reloadWhenRestored(): void {
  addEventListener('pageshow', (event) => {
    if (event.persisted) location.reload();
  });
}
