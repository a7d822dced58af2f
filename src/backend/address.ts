/**
 * A delivery address as the shop keeps it (spec §3), read from untrusted JSON: a profile's or an order's answer, or
 * the browser's storage. Only the address fields are kept; anything else, or a field of the wrong kind, is no address.
 */
import type { Address } from '#contract/schemas.ts';

export type { Address };

const STRING_FIELDS = ['region', 'city', 'street', 'home', 'etaj', 'display_name'] as const;

/** An Address from untrusted JSON, or null. */
export function readAddress(value: unknown): Address | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!STRING_FIELDS.every((key) => typeof v[key] === 'string')) return null;
  if (v['entrance'] !== undefined && typeof v['entrance'] !== 'string') return null;
  const { latitude, longitude, delivery_type } = v;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  if (delivery_type !== 'city' && delivery_type !== 'district') return null;
  const address = Object.fromEntries(STRING_FIELDS.map((key) => [key, v[key]])) as Pick<
    Address,
    (typeof STRING_FIELDS)[number]
  >;
  return {
    ...address,
    ...(typeof v['entrance'] === 'string' ? { entrance: v['entrance'] } : {}),
    latitude,
    longitude,
    delivery_type,
  };
}
