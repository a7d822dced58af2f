/**
 * `virtual:capabilities`: the backend's capabilities (contract/capabilities.ts)
 * written into the built site as a module whose default export is their list,
 * read by the browser's stores (src/stores/capabilities.ts), and as
 * capabilities.json beside the pages, for the rebuild gate.
 */
import type { AstroIntegration } from 'astro';
import { writeFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { backendCapabilities } from '../contract/capabilities.ts';

const ID = 'virtual:capabilities';
/** The file of a release that lists the capabilities it was built with (the rebuild gate compares them). */
export const CAPABILITIES_FILE = 'capabilities.json';

export function capabilitiesModule(apiUrl: string, setting: string | undefined): Plugin {
  return {
    name: 'bozor-capabilities',
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    async load(id) {
      if (id !== `\0${ID}`) return null;
      return `export default ${JSON.stringify(await backendCapabilities(apiUrl, setting))};`;
    },
  };
}

/** Writes the capabilities in effect into the release, for the next rebuild's gate (scripts/rebuild/capability-check.ts). */
export const capabilitiesFile = (apiUrl: string, setting: string | undefined): AstroIntegration => ({
  name: 'bozor-capabilities-file',
  hooks: {
    'astro:build:done': async ({ dir }) => {
      const present = await backendCapabilities(apiUrl, setting);
      await writeFile(new URL(CAPABILITIES_FILE, dir), `${JSON.stringify(present)}\n`);
    },
  },
});
