/**
 * `virtual:capabilities`: the backend's capabilities (contract/capabilities.ts)
 * written into the built site as a module whose default export is their list,
 * read by the browser's stores (src/stores/capabilities.ts).
 */
import type { Plugin } from 'vite';
import { backendCapabilities } from '../contract/capabilities.ts';

const ID = 'virtual:capabilities';

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
