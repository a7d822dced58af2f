// @ts-check
import react from '@astrojs/react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, envField } from 'astro/config';
import { afterDirective } from './integrations/after-directive.ts';
import { BUILD_CONCURRENCY, REACT_OPTIONS } from './integrations/build-settings.ts';
import { capabilitiesFile, capabilitiesModule } from './integrations/capabilities.ts';
import { noPreloadHelper } from './integrations/client-bundle.ts';
import { hostHeadersFile } from './integrations/host-headers.ts';
import { hostRules } from './integrations/host-rules.ts';
import { imageServiceModule, MEDIA_PLACEHOLDER, photos } from './integrations/images.ts';
import { inlineScriptHashes, inlineScriptsModule } from './integrations/inline-scripts.ts';
import { islandLabelsModule } from './integrations/island-labels.ts';
import { islandPreloads } from './integrations/island-preload.ts';
import { pageSelection } from './integrations/page-selection.ts';
import { serviceWorkerRelease } from './integrations/service-worker.ts';
import { sonnerStyleHashes } from './integrations/sonner-style.ts';

/** Where the built site is served; canonical URLs, sitemaps and hreflang use it. */
const site = process.env.SITE_URL || 'http://localhost:4321';
/** The API origin: the islands' calls (connect-src) and review photos (img-src) come from it. */
const apiUrl = new URL(process.env.API_URL || 'http://localhost:8787');
/**
 * Origins the API's calls come from: the API origin and its localhost/127.0.0.1
 * alias (a local API names itself either way).
 */
const apiOrigins = [apiUrl.origin];
const alias = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[apiUrl.hostname];
if (alias) apiOrigins.push(`${apiUrl.protocol}//${alias}${apiUrl.port ? `:${apiUrl.port}` : ''}`);
/**
 * Images: the origins of every image the built pages refer to take MEDIA_PLACEHOLDER's place after the build
 * (integrations/images.ts); MEDIA_ORIGINS (space-separated) adds origins the pages' scripts may draw from besides.
 */
const mediaOrigins = [
  ...apiOrigins,
  ...(process.env.MEDIA_ORIGINS ?? '').split(/\s+/).filter(Boolean),
  MEDIA_PLACEHOLDER,
];
/** How a photo is asked for at a width (integrations/images.ts). */
const imageSetting = process.env.IMAGE_SERVICE;
/** Kept between builds, relative to the project (the build runs in its output folder). */
const imageCache = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  process.env.IMAGE_CACHE_DIR || '.cache/images',
);

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

/** Which pages this build renders: a shard, or the changed ones (integrations/page-selection.ts). */
const selection = pageSelection();

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
        `img-src 'self' data: blob: ${mediaOrigins.join(' ')} ${tileOrigin}`,
        `connect-src 'self' ${[...new Set([...apiOrigins, geocoderOrigin])].join(' ')}`,
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "worker-src 'self' blob:",
      ],
      // Pagefind's search runs WebAssembly; no 'unsafe-inline' anywhere.
      // The head scripts bundled from the shop's modules (integrations/inline-scripts.ts), by their hashes.
      scriptDirective: {
        resources: ["'self'", "'wasm-unsafe-eval'"],
        hashes: await inlineScriptHashes(fileURLToPath(new URL('.', import.meta.url))),
      },
      // sonner's inserted stylesheet, allowed by its hash (integrations/sonner-style.ts).
      styleDirective: { resources: ["'self'"], hashes: await sonnerStyleHashes() },
    },
  },
  vite: {
    // The backend's capabilities, asked once per build (API_CAPABILITIES overrides) or handed over by the nightly
    // rebuild that asked (BUILD_CAPABILITIES): integrations/capabilities.ts.
    plugins: [
      noPreloadHelper(),
      islandLabelsModule(),
      inlineScriptsModule(fileURLToPath(new URL('.', import.meta.url))),
      capabilitiesModule(
        process.env.API_URL || 'http://localhost:8787',
        process.env.API_CAPABILITIES,
        process.env.BUILD_CAPABILITIES,
      ),
      imageServiceModule(process.env.API_URL || 'http://localhost:8787', imageSetting),
    ],
    // Chrome/Safari on older phones: nested rules (components' global styles) are flattened for them.
    build: { cssTarget: ['chrome100', 'safari15', 'firefox100'] },
    // Astro 7.3's prerender environment cannot load the renderer's `astro:` imports from node_modules unbundled.
    environments: { prerender: { resolve: { noExternal: ['@astrojs/react'] } } },
  },
  // React loads only where a page needs it: catalogue and product pages are HTML enhanced by small module scripts
  // and load React on a shopper's action (sign-in, address picker, review); shopper pages hydrate their island.
  integrations: [
    react(REACT_OPTIONS),
    afterDirective(),
    hostRules(),
    // Before the host's headers: they are written from the pages' policy, with the image origins found.
    photos(process.env.API_URL || 'http://localhost:8787', imageSetting, imageCache, mediaOrigins),
    hostHeadersFile(),
    selection,
    islandPreloads(selection),
    serviceWorkerRelease(),
    capabilitiesFile(
      process.env.API_URL || 'http://localhost:8787',
      process.env.API_CAPABILITIES,
      process.env.BUILD_CAPABILITIES,
    ),
  ],
});
