/**
 * `virtual:capabilities`: the backend's capabilities (contract/capabilities.ts)
 * written into the built site as a module whose default export is their list,
 * read by the browser's stores (src/stores/capabilities.ts).
 */
import type { Plugin } from 'vite';
import { applyOverride, backendCapabilities } from '../contract/capabilities.ts';

const ID = 'virtual:capabilities';

/**
 * `handed`: the capabilities the nightly rebuild already asked the backend for (BUILD_CAPABILITIES, a list or `none`),
 * so the build sends the backend nothing of its own.
 */
export function capabilitiesModule(apiUrl: string, setting: string | undefined, handed?: string): Plugin {
  return {
    name: 'bozor-capabilities',
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    async load(id) {
      if (id !== `\0${ID}`) return null;
      const capabilities = handed ? applyOverride([], `none,${handed}`) : await backendCapabilities(apiUrl, setting);
      return `export default ${JSON.stringify(capabilities)};`;
    },
  };
}
