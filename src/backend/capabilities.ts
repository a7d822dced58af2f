/**
 * What the backend can do beyond the spec's calls, as the build found it
 * (or the operator set it): islands and stores ask before calling, and an
 * absent capability takes its fallback (docs/backend.md).
 */
import present from 'virtual:capabilities';
import type { Capability } from '#contract/capabilities.ts';

export type { Capability };

const capabilities: ReadonlySet<Capability> = new Set(present);

/** Whether the backend has this capability: `hasCapability('orders')`. */
export function hasCapability(name: Capability): boolean {
  return capabilities.has(name);
}
