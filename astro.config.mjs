// @ts-check
import react from '@astrojs/react';
import { defineConfig, envField } from 'astro/config';

/** Where the built site is served; canonical URLs, sitemaps and hreflang use it. */
const site = process.env.SITE_URL || 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  // One URL form everywhere: /uz/product/5, built to uz/product/5.html.
  trailingSlash: 'never',
  build: { format: 'file' },
  i18n: {
    locales: ['uz', 'ru'],
    defaultLocale: 'uz',
    routing: { prefixDefaultLocale: true, redirectToDefaultLocale: false },
  },
  env: {
    schema: {
      // The /api/v1 backend: read at build time and inlined for the islands.
      API_URL: envField.string({ context: 'client', access: 'public', default: 'http://localhost:8787' }),
    },
  },
  integrations: [react()],
});
