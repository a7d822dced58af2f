/** The delivery-area rule (contract/delivery.ts) applied to every address the API saves. */
import { deliveryAreaProblem, OUTSIDE_AREA } from '#contract/delivery.ts';
import type { Address, Lang } from '#contract/schemas.ts';
import { fieldError } from './http.ts';

/** 400 on `address` (not deliverable) or `address.delivery_type` (claimed type disagrees), in the shopper's language. */
export function assertDeliveryArea(address: Address | null | undefined, lang: Lang): void {
  if (!address) return;
  const field = deliveryAreaProblem(address);
  if (field) throw fieldError(field, OUTSIDE_AREA[lang]);
}
