/**
 * The gate's capability rule: a capability the live release had and the new
 * build lacks (a backend that lost a call, or a probe a proxy's error page
 * fooled) stops the publish, unless the operator confirms the loss in
 * API_CAPABILITIES (`-logout`, `none`, or `{"logout": false}`). Each build
 * writes the capabilities in effect into its release (capabilities.json,
 * integrations/capabilities.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyOverride, CAPABILITIES, type Capability } from '#contract/capabilities.ts';
import { CAPABILITIES_FILE } from '../../integrations/capabilities.ts';
import { Refusal } from './gate.ts';

/** The capabilities a release was built with; null for a release from before they were written down. */
function releaseCapabilities(site: string): Capability[] | null {
  const file = join(site, CAPABILITIES_FILE);
  if (!existsSync(file)) return null;
  const names = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return Array.isArray(names) ? CAPABILITIES.filter((name) => names.includes(name)) : null;
}

/** Refuses a build that lost a capability of the live release which `setting` does not take away. */
export function checkCapabilities(live: string | null, built: string, setting: string | undefined): void {
  const before = live ? releaseCapabilities(live) : null;
  if (!before) return;
  const now = releaseCapabilities(built);
  if (!now) throw new Refusal('capabilities', `the build wrote no ${CAPABILITIES_FILE}`);
  const confirmed = CAPABILITIES.filter((name) => !applyOverride(CAPABILITIES, setting).includes(name));
  const lost = before.filter((name) => !now.includes(name) && !confirmed.includes(name));
  if (lost.length > 0)
    throw new Refusal(
      'capabilities',
      `the backend no longer shows ${lost.join(', ')}, which the live release has; if it really lost ${lost.length > 1 ? 'them' : 'it'}, confirm with API_CAPABILITIES=${lost.map((name) => `-${name}`).join(',')}`,
    );
}
