/** How the browser's bundles are cut: one chunk for the shop's core, and no preload helper. */
import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * What every page's shopper hooks (src/components/shopper-hooks.ts) load: one chunk instead of fifteen small
 * ones, each with its own imports and exports (about 1 KB gzip less on every page).
 */
const SHOP_CORE_MODULES = [
  'src/backend/api.ts',
  'src/backend/tokens.ts',
  'src/features/address/state/address-open.ts',
  'src/features/basket/rules/basket.ts',
  'src/features/basket/state/basket.ts',
  'src/features/favourites/rules/favourites.ts',
  'src/features/favourites/state/favourites.ts',
  'src/i18n/language.ts',
  'src/i18n/urls.ts',
  'src/shared/browser-storage.ts',
  'src/shared/notify.ts',
  'src/shared/price.ts',
  'src/shared/product.ts',
  'src/shared/products.ts',
  'src/shared/storage.ts',
  'contract/langs.ts',
  'contract/price.ts',
];
const SHOP_CORE = {
  name: 'shop',
  test: new RegExp(
    `(${SHOP_CORE_MODULES.map((path) => path.replaceAll('.', '\\.')).join('|')})$|node_modules/(nanostores|@nanostores/persistent)/`,
  ),
};

/**
 * Whether one of the shop's modules only declares: its top level imports, exports and declares (constants,
 * functions, types) and runs nothing else. Such a module is left out of a bundle when none of its names is used, so
 * a feature's index.ts brings a page's script only the modules of the names it uses (a page that starts the
 * basket's buttons does not load the product page's rules). A module whose top level does anything else (listens,
 * repairs storage, registers) keeps its place wherever it is imported.
 */
const SHOP_SOURCE = /\/(src|contract)\/.+\.tsx?$/;
const DECLARATION = /^(import|export|const|let|function|async function|interface|type|declare|class|enum)\b|^[}\])]/;
const onlyDeclares = (id: string): boolean => {
  if (!SHOP_SOURCE.test(id) || !existsSync(id)) return false;
  return readFileSync(id, 'utf8')
    .split('\n')
    .every((line) => !/^[^\s/*]/.test(line) || DECLARATION.test(line));
};

/**
 * No preload helper in the browser's bundles (0.9 KB gzip, and each dynamic import's list of files, on every
 * page): the islands hydrated on load get modulepreload links (islandPreloads), and a part loaded on use adds its
 * stylesheets itself (src/shared/ui/stylesheet.ts). Astro sets `modulePreload` itself, so only the client
 * environment's own setting can turn it off.
 */
export const noPreloadHelper = (): Plugin => ({
  name: 'bozor-no-preload-helper',
  configEnvironment: (name) =>
    name === 'client'
      ? {
          build: {
            modulePreload: false,
            rolldownOptions: {
              treeshake: { moduleSideEffects: (id: string) => !onlyDeclares(id) },
              output: { codeSplitting: { groups: [SHOP_CORE] } },
            },
          },
        }
      : undefined,
});
