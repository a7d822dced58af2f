/** The rebuild gate's capability rule: a capability the live release had and the build lacks stops the publish. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCapabilities } from '../../scripts/rebuild/capability-check.ts';

const root = mkdtempSync(join(tmpdir(), 'bozor-capabilities-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const release = (name: string, capabilities?: string[]) => {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  if (capabilities) writeFileSync(join(dir, 'capabilities.json'), JSON.stringify(capabilities));
  return dir;
};

describe('the capability gate', () => {
  const live = release('live', ['orders', 'refresh', 'logout']);

  it('stops a build that lost a capability of the live release, naming it and the setting that confirms it', () => {
    const built = release('lost', ['orders', 'refresh']);
    expect(() => checkCapabilities(live, built, undefined)).toThrow(/no longer shows logout.*API_CAPABILITIES=-logout/);
    expect(() => checkCapabilities(live, built, 'orders')).toThrow(/logout/);
  });

  it('lets it through when API_CAPABILITIES confirms the loss', () => {
    const built = release('confirmed', ['orders', 'refresh']);
    for (const setting of ['-logout', '{"logout": false}', 'none,orders,refresh'])
      expect(() => checkCapabilities(live, built, setting), setting).not.toThrow();
  });

  it('passes a build with the same or more, the first release, and a live release from before the file', () => {
    expect(() =>
      checkCapabilities(live, release('more', ['orders', 'refresh', 'logout', 'pay']), undefined),
    ).not.toThrow();
    expect(() => checkCapabilities(null, release('first', []), undefined)).not.toThrow();
    expect(() => checkCapabilities(release('old'), release('any', []), undefined)).not.toThrow();
  });

  it('refuses a build that wrote no capabilities', () => {
    expect(() => checkCapabilities(live, release('none'), undefined)).toThrow(/capabilities\.json/);
  });
});
