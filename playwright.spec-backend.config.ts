/**
 * E2E against the spec-only backend (tests/spec-backend): the storefront built
 * from a backend the project did not shape, in both of its dialects, each its
 * own project and site (`npm run test:e2e:spec`; `npm test` runs it).
 * E2E_SPEC_PORT moves the ports (site: it and the next; backend: 1000 above; its media host, full-size photos on
 * another origin: 2000 above).
 */
import { defineConfig, devices } from '@playwright/test';
import shop from './playwright.config.ts';

const base = Number(process.env['E2E_SPEC_PORT'] ?? 4461);
export const SPEC_SITES = (['plain', 'loose'] as const).map((dialect, i) => ({
  dialect,
  site: `http://localhost:${base + i}`,
  backend: `http://127.0.0.1:${base + 1000 + i}`,
  media: base + 2000 + i,
}));

export default defineConfig({
  testDir: 'tests/e2e-spec',
  testMatch: '*.spec.ts',
  // A project's tests share its backend, and the last one ends every session on it: in order, one project a worker.
  fullyParallel: false,
  workers: shop.workers,
  retries: shop.retries,
  reporter: [['list']],
  timeout: 30_000,
  use: { ...shop.use },
  projects: SPEC_SITES.map(({ dialect, site, backend, media }) => ({
    name: `spec-${dialect}`,
    metadata: { backend, media: `http://localhost:${media}` },
    use: { ...devices['Desktop Chrome'], launchOptions: shop.use?.launchOptions, baseURL: site },
  })),
  webServer: SPEC_SITES.map(({ dialect, site, media }, i) => ({
    command: 'node tests/e2e-spec/start.ts',
    url: `${site}/uz`,
    timeout: 300_000,
    reuseExistingServer: !process.env['CI'],
    stdout: 'pipe' as const,
    env: {
      PORT: String(base + i),
      SPEC_PORT: String(base + 1000 + i),
      SPEC_DIALECT: dialect,
      SPEC_MEDIA_PORT: String(media),
      // The width variants the build makes of the media host's photos, kept between runs as between nights.
      IMAGE_CACHE_DIR: `.tmp/e2e-spec-${dialect}-${base}-images`,
      OUT_DIR: `.tmp/e2e-spec-${dialect}-${base}`,
    },
  })),
});
