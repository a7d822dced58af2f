/**
 * `virtual:capabilities`: the backend's capabilities (src/data/capabilities.ts)
 * written into the built site as a module whose default export is their list,
 * read by the browser's stores (src/backend/capabilities.ts), and as
 * capabilities.json beside the pages, for the rebuild gate.
 */
import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { applyOverride } from '../contract/capabilities.ts';
import { backendCapabilities } from '../src/data/capabilities.ts';

const ID = 'virtual:capabilities';
/** The file of a release that lists the capabilities it was built with (the rebuild gate compares them). */
export const CAPABILITIES_FILE = 'capabilities.json';

/**
 * The capabilities in effect: detected (API_CAPABILITIES applied), or `handed`, those the nightly rebuild already
 * asked the backend for (BUILD_CAPABILITIES, a list or `none`), so the build sends the backend nothing of its own.
 */
const inEffect = (apiUrl: string, setting: string | undefined, handed: string | undefined) =>
  handed ? Promise.resolve(applyOverride([], `none,${handed}`)) : backendCapabilities(apiUrl, setting);

export function capabilitiesModule(apiUrl: string, setting: string | undefined, handed?: string): Plugin {
  return {
    name: 'bozor-capabilities',
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    async load(id) {
      if (id !== `\0${ID}`) return null;
      return `export default ${JSON.stringify(await inEffect(apiUrl, setting, handed))};`;
    },
  };
}

/** Writes the capabilities in effect into the release, for the next rebuild's gate (scripts/rebuild/capability-check.ts). */
export const capabilitiesFile = (apiUrl: string, setting: string | undefined, handed?: string): AstroIntegration => ({
  name: 'bozor-capabilities-file',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const present = await inEffect(apiUrl, setting, handed);
      await writeFile(new URL(CAPABILITIES_FILE, dir), `${JSON.stringify(present)}\n`);
    },
  },
});
