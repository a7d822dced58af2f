// @ts-check
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defineConfig, envField } from 'astro/config';
import { hostHeaders, pagePolicy } from './integrations/host-headers.ts';
import { BUILD_CONCURRENCY, REACT_OPTIONS } from './integrations/build-settings.ts';
import { capabilitiesModule } from './integrations/capabilities.ts';
import { islandLabelsModule } from './integrations/island-labels.ts';
import { addIslandPreloads } from './integrations/island-preload.ts';
import { pageSelection } from './integrations/page-selection.ts';

/**
 * sonner (the toasts) inserts its stylesheet as a <style> element when it
 * loads; the CSP allows exactly that text by its hash rather than any inline
 * style. Read from the installed package, so an upgrade keeps the hash right.
 */
function sonnerStyleHash() {
  const bundle = readFileSync(new URL('./node_modules/sonner/dist/index.mjs', import.meta.url), 'utf8');
  const css = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(bundle)?.[1];
  if (!css) throw new Error('sonner no longer inserts its styles the way astro.config.mjs expects');
  return /** @type {`sha256-${string}`} */ (`sha256-${createHash('sha256').update(JSON.parse(css)).digest('base64')}`);
}

/** Where the built site is served; canonical URLs, sitemaps and hreflang use it. */
const site = process.env.SITE_URL || 'http://localhost:4321';
/** The API origin: media (img-src) and the islands' calls (connect-src) come from it. */
const apiUrl = new URL(process.env.API_URL || 'http://localhost:8787');
/**
 * Origins the API's media and calls may come from: the API origin, its
 * localhost/127.0.0.1 alias (a local API names itself either way), and any
 * extra origins in MEDIA_ORIGINS (space-separated, e.g. a CDN).
 */
const apiOrigins = [apiUrl.origin];
const alias = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[apiUrl.hostname];
if (alias) apiOrigins.push(`${apiUrl.protocol}//${alias}${apiUrl.port ? `:${apiUrl.port}` : ''}`);
apiOrigins.push(...(process.env.MEDIA_ORIGINS ?? '').split(/\s+/).filter(Boolean));
const apiOrigin = apiOrigins.join(' ');

/**
 * The address picker's map tiles and reverse geocoder (loaded only when the
 * picker opens). The CSP names exactly their origins: tiles in img-src (a
 * `{s}` subdomain becomes `*`), the geocoder in connect-src.
 */
const geocoderUrl =
  process.env.GEOCODER_URL || `${(process.env.API_URL || 'http://localhost:8787').replace(/\/+$/, '')}/geocoder`;
const mapTileUrl = process.env.MAP_TILE_URL || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const tileOrigin = /^https?:\/\/[^/]+/.exec(mapTileUrl)?.[0].replace('{s}', '*') ?? '';
const geocoderOrigin = new URL(geocoderUrl).origin;

/**
 * Host redirect rules (Netlify / Cloudflare Pages `_redirects`): existing files
 * win; the comments page of a product built without one (no reviews) is the
 * comments shell with status 200 (src/pages/[lang]/comments/late.astro renders
 * it from the API, by the id in the address); other unknown paths under a
 * language give that language's 404 page, and any other path goes to the same path under
 * /uz (query kept by the host, hash by the browser). scripts/serve.ts applies
 * the same rules for our own static server.
 */
const hostRules = () => ({
  name: 'bozor-host-rules',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      const rules = [
        '/uz/comments/:id /uz/comments/late 200',
        '/ru/comments/:id /ru/comments/late 200',
        '/uz/* /uz/404.html 404',
        '/ru/* /ru/404.html 404',
        '/* /uz/:splat 301',
        '',
      ].join('\n');
      await writeFile(new URL('_redirects', dir), rules);
    },
  },
});

/**
 * Host response headers (`_headers`, same hosts): the pages' CSP as a header
 * plus `frame-ancestors`, the other security headers and the cache policy.
 * scripts/serve.ts applies the same file.
 */
const hostHeadersFile = () => ({
  name: 'bozor-host-headers',
  hooks: {
    /** @param {{ dir: URL; assets: Map<string, URL[]> }} options */
    'astro:build:done': async ({ dir, assets }) => {
      const pages = [...assets.values()].map((files) => files.find((file) => file.pathname.endsWith('.html')));
      const policy = await pagePolicy(pages.filter((page) => page !== undefined));
      await writeFile(new URL('_headers', dir), hostHeaders(policy));
    },
  },
});

/** Which pages this build renders: a shard, or the changed ones (integrations/page-selection.ts). */
const selection = pageSelection();

/**
 * Pages whose islands hydrate on load fetch those islands' modules at once (integrations/island-preload.ts):
 * the pages this build rendered with such an island, noted as they rendered (a page reused from the live release
 * has them already, and no other page is read again).
 */
const islandPreloads = () => ({
  name: 'bozor-island-preloads',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': async ({ dir }) => {
      await addIslandPreloads(fileURLToPath(dir), selection.result.loadIslandPages);
    },
  },
});

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
const noPreloadHelper = () => ({
  name: 'bozor-no-preload-helper',
  /** @param {string} name */
  configEnvironment: (name) =>
    name === 'client'
      ? { build: { modulePreload: false, rolldownOptions: { output: { codeSplitting: { groups: [SHOP_CORE] } } } } }
      : undefined,
});

export default defineConfig({
  site,
  output: 'static',
  // The bench builds into a scratch folder.
  outDir: process.env.OUT_DIR || './dist',
  // One URL form everywhere: /uz/product/5, built to uz/product/5.html.
  trailingSlash: 'never',
  // Scoped styles mark elements with a class (`astro-…`) rather than a `data-astro-cid-…` attribute: the same
  // specificity, fewer bytes on every element of every page (product page 58.0 → 55.6 KB).
  scopedStyleStrategy: 'class',
  build: { format: 'file', inlineStylesheets: 'never', concurrency: BUILD_CONCURRENCY },
  i18n: {
    locales: ['uz', 'ru'],
    defaultLocale: 'uz',
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  env: {
    schema: {
      // The /api/v1 backend: read at build time and inlined for the islands.
      API_URL: envField.string({ context: 'client', access: 'public', default: 'http://localhost:8787' }),
      // Nominatim-compatible reverse geocoder (…/reverse); the reference API serves one at /geocoder.
      GEOCODER_URL: envField.string({ context: 'client', access: 'public', default: geocoderUrl }),
      MAP_TILE_URL: envField.string({ context: 'client', access: 'public', default: mapTileUrl }),
      MAP_TILE_ATTRIBUTION: envField.string({
        context: 'client',
        access: 'public',
        default: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
      }),
    },
  },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        // blob: the review form's previews of the photos chosen, before they are uploaded.
        `img-src 'self' data: blob: ${apiOrigin} ${tileOrigin}`,
        `connect-src 'self' ${[...new Set([...apiOrigins, geocoderOrigin])].join(' ')}`,
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "worker-src 'self' blob:",
      ],
      // Pagefind's search runs WebAssembly; no 'unsafe-inline' anywhere.
      scriptDirective: { resources: ["'self'", "'wasm-unsafe-eval'"] },
      styleDirective: { resources: ["'self'"], hashes: [sonnerStyleHash()] },
    },
  },
  vite: {
    // The backend's capabilities, asked once per build (API_CAPABILITIES overrides): integrations/capabilities.ts.
    plugins: [
      noPreloadHelper(),
      islandLabelsModule(),
      capabilitiesModule(process.env.API_URL || 'http://localhost:8787', process.env.API_CAPABILITIES),
    ],
    // Chrome/Safari on older phones: nested rules (components' global styles) are flattened for them.
    build: { cssTarget: ['chrome100', 'safari15', 'firefox100'] },
    // Astro 7.3's prerender environment cannot load the renderer's `astro:` imports from node_modules unbundled.
    environments: { prerender: { resolve: { noExternal: ['@astrojs/react'] } } },
  },
  // React loads only where a page needs it: catalogue and product pages are HTML enhanced by small module scripts
  // and load React on a shopper's action (sign-in, address picker, review); shopper pages hydrate their island.
  integrations: [react(REACT_OPTIONS), hostRules(), hostHeadersFile(), selection, islandPreloads()],
});
