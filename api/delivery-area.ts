/**
 * The delivery-area rule (contract/delivery.ts) applied to every address the API saves. The shopper sends both the
 * point and its names, so the names can refuse a place but never set the fee: inside the boundaries the point
 * decides between city and district.
 */
import { areaOfPoint, deliveryAreaProblem, OUTSIDE_AREA } from '#contract/delivery.ts';
import type { Address, Lang } from '#contract/schemas.ts';
import { fieldError } from './http.ts';

/** 400 on `address` (not deliverable) or `address.delivery_type` (claimed type disagrees), in the shopper's language. */
export function assertDeliveryArea(address: Address | null | undefined, lang: Lang): void {
  if (!address) return;
  const byPoint = areaOfPoint({ lat: address.latitude, lng: address.longitude });
  const field = deliveryAreaProblem(address) ?? (byPoint === address.delivery_type ? null : 'address.delivery_type');
  if (field) throw fieldError(field, OUTSIDE_AREA[lang]);
}
