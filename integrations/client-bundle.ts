/** How the browser's bundles are cut: one chunk for the shop's core, and no preload helper. */
import type { Plugin } from 'vite';

/**
 * What every page's shopper hooks (src/components/shopper-hooks.ts) load: one chunk instead of fifteen small
 * ones, each with its own imports and exports (about 1 KB gzip less on every page).
 */
const SHOP_CORE = {
  name: 'shop',
  test: /src\/stores\/(address-open|api|basket|basket-products|browser-storage|favourites|language|notify|session-tokens)\.ts$|src\/lib\/(basket|basket-pending|favourites|price|product|storage)\.ts$|src\/i18n\/urls\.ts$|contract\/(langs|price)\.ts$|node_modules\/(nanostores|@nanostores\/persistent)\//,
};

/**
 * No preload helper in the browser's bundles (0.9 KB gzip, and each dynamic import's list of files, on every
 * page): the islands hydrated on load get modulepreload links (islandPreloads), and a part loaded on use adds its
 * stylesheets itself (src/islands/shared/stylesheet.ts). Astro sets `modulePreload` itself, so only the client
 * environment's own setting can turn it off.
 */
export const noPreloadHelper = (): Plugin => ({
  name: 'bozor-no-preload-helper',
  configEnvironment: (name) =>
    name === 'client'
      ? { build: { modulePreload: false, rolldownOptions: { output: { codeSplitting: { groups: [SHOP_CORE] } } } } }
      : undefined,
});
