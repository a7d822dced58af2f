// @ts-check
import { readdirSync } from 'node:fs';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The allowed import directions (ARCHITECTURE.md): a zone forbids its
 * `target` files to import anything under `from`. A violation fails
 * `npm run verify`.
 */
const capabilities = readdirSync('src/islands', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
  .map((entry) => entry.name);

const layerZones = [
  {
    target: './contract',
    from: ['./src', './api', './scripts', './tests', './integrations'],
    message: 'The contract depends on nothing.',
  },
  {
    target: './src',
    from: ['./api', './scripts', './integrations'],
    message: 'The storefront never imports the reference API, the tools or the build steps.',
  },
  {
    target: './api',
    from: ['./src', './scripts', './integrations'],
    message: 'The reference API never imports the storefront.',
  },
  {
    // The site build (astro.config.mjs) owns its steps in integrations/; scripts/ are tools that use them.
    // It reads the dictionaries (src/i18n) only to serve islands their labels (integrations/island-labels.ts).
    target: ['./astro.config.mjs', './integrations'],
    from: ['./scripts', './src', './api', './tests'],
    except: ['./i18n'],
    message: 'The site build imports only integrations/ and contract/: move what it needs out of scripts/.',
  },
  {
    target: './src/lib',
    from: ['./src/stores', './src/islands', './src/components', './src/layouts', './src/pages', './src/data'],
    message: 'src/lib is pure rules: no state, no UI, no build-time loading.',
  },
  {
    target: './src/stores',
    from: ['./src/islands', './src/components', './src/layouts', './src/pages', './src/data'],
    message: 'Stores hold state and actions; screens use them, not the other way round.',
  },
  {
    target: './src/components',
    from: ['./src/stores'],
    message: 'Static components import no stores: an island or a component script hooks state in.',
  },
  {
    target: './src/islands',
    from: ['./src/components', './src/layouts', './src/pages', './src/data'],
    message: 'Islands import stores, lib, i18n and islands/shared only.',
  },
  {
    // One route to the network: islands → stores → src/lib/api.
    target: ['./src/islands', './src/components', './src/layouts'],
    from: ['./src/lib/api'],
    message: 'Only stores (and build-time src/data) call the API client: one product cache, one live read, one client.',
  },
  {
    // Pages load (through src/data) and pass the data down; layouts and components receive it as props.
    target: ['./src/layouts', './src/components'],
    from: ['./src/data/catalogue.ts', './src/data/comments.ts', './src/data/menu.ts'],
    message: 'Only pages load data: take it as a prop from the page.',
  },
  {
    target: './src/lib/*.ts',
    from: ['./src/lib/api'],
    message: 'Pure rules do not call the API; the stores do.',
  },
  {
    target: './src/i18n',
    from: ['./src/stores', './src/islands', './src/components', './src/layouts', './src/pages', './src/data'],
    message: 'i18n holds messages and URL helpers only.',
  },
];

/** One capability's island never imports another's; shared parts live in src/islands/shared. */
const capabilityZones = capabilities.map((name) => ({
  target: `./src/islands/${name}`,
  from: './src/islands',
  except: [`./${name}`, './shared'],
  message: 'Islands of one capability do not import another capability; move shared parts to src/islands/shared.',
}));
/** Shared island parts belong to no capability. */
const sharedZone = {
  target: './src/islands/shared',
  from: './src/islands',
  except: ['./shared'],
  message: 'Shared island parts import no capability.',
};

/**
 * Pure rules reach neither the network nor the environment (src/lib/api is the network client).
 * @type {import('eslint').Linter.Config}
 */
const pureLib = {
  files: ['src/lib/**/*.ts'],
  ignores: ['src/lib/api/**'],
  rules: {
    'no-restricted-imports': [
      /** @type {const} */ ('error'),
      {
        paths: [
          { name: 'ofetch', message: 'Network calls belong in src/lib/api or src/stores.' },
          { name: 'astro:env/client', message: 'Configuration is read in src/data or src/stores.' },
          { name: 'astro:env/server', message: 'Configuration is read in src/data.' },
        ],
        patterns: [{ group: ['node:*'], message: 'src/lib runs in the browser too.' }],
      },
    ],
    'no-restricted-globals': [
      /** @type {const} */ ('error'),
      { name: 'fetch', message: 'Network calls belong in src/lib/api or src/stores.' },
      { name: 'process', message: 'The environment is read in src/data or scripts/.' },
      { name: 'localStorage', message: 'Browser storage belongs to the stores.' },
      { name: 'sessionStorage', message: 'Browser storage belongs to the stores.' },
      { name: 'document', message: 'The page belongs to islands and component scripts; src/lib stays pure.' },
      { name: 'window', message: 'The page belongs to islands and component scripts; src/lib stays pure.' },
    ],
  },
};

/**
 * Screens reach the network only through stores (one product cache, one live read, one client).
 * @type {import('eslint').Linter.Config}
 */
const screensThroughStores = {
  files: ['src/islands/**/*.{ts,tsx}', 'src/components/**/*.{ts,astro}', 'src/layouts/**/*.astro'],
  rules: {
    'no-restricted-globals': [
      /** @type {const} */ ('error'),
      { name: 'fetch', message: 'Screens call store actions; stores call src/lib/api.' },
    ],
  },
};

/**
 * End-to-end specs reach the API only through tests/e2e/support/api.ts (the storefront's typed client and the test
 * routes' helpers): no fetch of their own, no request sent to the API's origin, no raw API address. Watching the
 * browser's requests and `route.fetch()` (which continues the browser's own request) stay allowed.
 * @type {import('eslint').Linter.Config}
 */
const e2eThroughSupport = {
  files: ['tests/e2e/**/*.ts'],
  ignores: ['tests/e2e/support/**'],
  rules: {
    'no-restricted-globals': [
      /** @type {const} */ ('error'),
      { name: 'fetch', message: 'Specs reach the API through tests/e2e/support/api.ts; fake faults with page.route.' },
    ],
    'no-restricted-syntax': [
      /** @type {const} */ ('error'),
      {
        selector:
          "CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|fetch)$/]:matches([callee.object.name='request'], [callee.object.property.name='request']):has(Identifier[name=/^(E2E_API|API)$/])",
        message: 'Specs send no request of their own to the API: use tests/e2e/support/api.ts.',
      },
      {
        selector: "ImportDeclaration[source.value=/support\\/api\\.ts$/] ImportSpecifier[imported.name='API']",
        message: "The API's address stays in tests/e2e/support/api.ts: use its client and helpers.",
      },
    ],
  },
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      'releases/',
      '.astro/',
      'data/',
      '.tmp/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs,astro}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...capabilityZones, sharedZone] }],
    },
  },
  // A module stays small enough to read: at most 450 lines as `wc -l` counts them (blank lines and comments
  // included). The dictionaries and the seed's data are tables, not code; specs are journeys, not modules.
  {
    files: ['**/*.{ts,tsx,js,mjs,astro}'],
    ignores: ['src/i18n/uz.ts', 'src/i18n/ru.ts', 'api/seed-data.ts', 'tests/**/*.test.ts', 'tests/**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }] },
  },
  // React islands: the rules of hooks and React's compiler checks (no store or state written during render), and
  // accessible markup.
  { files: ['src/**/*.tsx'], ...reactHooks.configs.flat['recommended-latest'] },
  { files: ['src/**/*.tsx'], ...jsxA11y.configs.recommended },
  pureLib,
  screensThroughStores,
  e2eThroughSupport,
);
