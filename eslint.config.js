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
const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What a feature offers others: its index.ts, and the React islands Astro hydrates on its pages (a page imports an
 * island's own module: through index.ts the island's bundle would carry the whole feature).
 * @param {string} feature
 */
const offered = (feature) => [
  `./${feature}/index.ts`,
  ...readdirSync(`src/features/${feature}/ui`, { withFileTypes: true })
    .filter((entry) => /^[A-Z]\w+\.tsx$/.test(entry.name))
    .map((entry) => `./${feature}/ui/${entry.name}`),
];
const offeredByAll = features.flatMap((feature) => [`./${feature}/index.ts`]);

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
    // It reads the dictionaries (src/i18n) only to serve islands their labels (integrations/island-labels.ts), and
    // asks the backend what it can do with the build's own detection (src/data/capabilities.ts).
    target: ['./astro.config.mjs', './integrations'],
    from: ['./scripts', './src', './api', './tests'],
    except: ['./i18n', './data/capabilities.ts'],
    message: 'The site build imports only integrations/ and contract/: move what it needs out of scripts/.',
  },
  {
    target: './src/backend',
    from: ['./src/features', './src/shared', './src/components', './src/layouts', './src/pages', './src/data'],
    message: 'The backend adapter depends on the contract only (and the page language it sends).',
  },
  {
    target: './src/shared',
    from: ['./src/features', './src/components', './src/layouts', './src/pages', './src/data'],
    message: 'Shared parts belong to no feature and no page.',
  },
  {
    target: './src/features',
    from: ['./src/components', './src/layouts', './src/pages', './src/data'],
    message: 'Features hold rules, state and islands; pages and components use them, not the other way round.',
  },
  {
    // Pages load (through src/data) and pass the data down; layouts and components receive it as props.
    target: ['./src/layouts', './src/components'],
    from: ['./src/data/catalogue.ts', './src/data/comments.ts', './src/data/menu.ts'],
    message: 'Only pages load data: take it as a prop from the page.',
  },
  {
    target: './src/i18n',
    from: [
      './src/features',
      './src/shared',
      './src/backend',
      './src/components',
      './src/layouts',
      './src/pages',
      './src/data',
    ],
    message: 'i18n holds messages, the page language and URL helpers only.',
  },
  {
    // Pages, layouts and components use a feature through what it offers.
    target: ['./src/pages', './src/layouts', './src/components'],
    from: './src/features',
    except: features.flatMap(offered),
    message: 'Use a feature through its index.ts (or the island a page hydrates).',
  },
];

/**
 * Inside a feature the layers point one way: UI → state → rules. Between features, only through index.ts.
 */
const networkZones = [
  {
    // One way to the network: UI → state → the adapter's operations (src/backend/index.ts), whose clients no one
    // else imports. Tests may replace the browser's client (src/**/*.test.ts have their own block).
    target: ['./src/features', './src/shared', './src/components', './src/layouts', './src/pages', './src/i18n'],
    from: ['./src/backend/client.ts', './src/backend/api.ts'],
    message:
      "State calls the adapter's operations (src/backend/index.ts); only the adapter and the build's loader use the clients.",
  },
];

const featureZones = features.flatMap((feature) => [
  {
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`, ...offeredByAll.filter((path) => !path.startsWith(`./${feature}/`))],
    message: 'A feature uses another only through its index.ts.',
  },
  {
    target: `./src/features/${feature}/rules`,
    from: [`./src/features/${feature}/state`, `./src/features/${feature}/ui`],
    message: 'Rules are pure: no state, no UI.',
  },
  {
    target: `./src/features/${feature}/state`,
    from: `./src/features/${feature}/ui`,
    message: 'State holds the data and its actions; the UI uses it, not the other way round.',
  },
]);

/**
 * Pure rules (a feature's rules/, and shared modules that hold no state) reach neither the network nor the environment.
 * @type {import('eslint').Linter.Config}
 */
const pureLib = {
  files: ['src/features/*/rules/**/*.ts', 'src/shared/*.ts'],
  ignores: [
    'src/shared/browser-storage.ts',
    'src/shared/notify.ts',
    'src/shared/products.ts',
    'src/shared/reviewed.ts',
  ],
  rules: {
    'no-restricted-imports': [
      /** @type {const} */ ('error'),
      {
        paths: [
          { name: 'ofetch', message: "Network calls belong in src/backend, called by a feature's state." },
          { name: 'astro:env/client', message: 'Configuration is read in src/data or src/backend.' },
          { name: 'astro:env/server', message: 'Configuration is read in src/data.' },
        ],
        patterns: [{ group: ['node:*'], message: 'Rules run in the browser too.' }],
      },
    ],
    'no-restricted-globals': [
      /** @type {const} */ ('error'),
      { name: 'fetch', message: "Network calls belong in src/backend, called by a feature's state." },
      { name: 'process', message: 'The environment is read in src/data or scripts/.' },
      { name: 'localStorage', message: 'Browser storage belongs to the stores.' },
      { name: 'sessionStorage', message: 'Browser storage belongs to the stores.' },
      { name: 'document', message: 'The page belongs to islands and component scripts; rules stay pure.' },
      { name: 'window', message: 'The page belongs to islands and component scripts; rules stay pure.' },
    ],
  },
};

/**
 * Screens reach the network only through stores (one product cache, one live read, one client).
 * @type {import('eslint').Linter.Config}
 */
const screensThroughStores = {
  files: [
    'src/features/*/ui/**/*.{ts,tsx}',
    'src/shared/ui/**/*.{ts,tsx}',
    'src/components/**/*.{ts,astro}',
    'src/layouts/**/*.astro',
  ],
  rules: {
    'no-restricted-globals': [
      /** @type {const} */ ('error'),
      { name: 'fetch', message: "Screens call state actions; state calls the backend's operations." },
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
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...networkZones, ...featureZones] }],
    },
  },
  // A feature's tests set up the other features' state they need (a basket to check out, a session to end).
  {
    files: ['src/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  // A module stays small enough to read: at most 450 lines as `wc -l` counts them (blank lines and comments
  // included). The dictionaries and the seed's data are tables, not code; specs are journeys, not modules.
  {
    files: ['**/*.{ts,tsx,js,mjs,astro}'],
    ignores: ['src/i18n/uz.ts', 'src/i18n/ru.ts', 'api/seed-data.ts', 'tests/**/*.test.ts', 'tests/**/*.spec.ts'],
    rules: { 'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }] },
  },
  // A React component module is smaller still: what does not fit is a part of its own (a component, a hook).
  {
    files: ['src/**/*.tsx'],
    rules: { 'max-lines': ['error', { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  // React islands: the rules of hooks and React's compiler checks (no store or state written during render), and
  // accessible markup.
  { files: ['src/**/*.tsx'], ...reactHooks.configs.flat['recommended-latest'] },
  { files: ['src/**/*.tsx'], ...jsxA11y.configs.recommended },
  pureLib,
  screensThroughStores,
  e2eThroughSupport,
);
