/**
 * When the shopper last wrote or edited a review of a product, in
 * localStorage (every tab sees it). The product page keeps a product's
 * comments for 5 minutes (spec §9); an answer kept from before the shopper's
 * own change is not used, so a new review shows on the next visit at once.
 */
import { browserStorage } from './browser-storage.ts';

const key = (product: number) => `bozor:reviewed:${product}`;

export function markReviewed(product: number, now = Date.now()): void {
  try {
    browserStorage()?.setItem(key(product), String(now));
  } catch {
    // Storage full or blocked: the cached comments expire within 5 minutes anyway.
  }
}

/** Time (ms) of the shopper's last review change of a product, 0 if none. */
export function reviewedAt(product: number): number {
  try {
    const at = Number(browserStorage()?.getItem(key(product)));
    return Number.isFinite(at) ? at : 0;
  } catch {
    return 0;
  }
}
