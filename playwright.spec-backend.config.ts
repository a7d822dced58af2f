/**
 * E2E against the spec-only backend (tests/spec-backend): the storefront built
 * from a backend the project did not shape, in both of its dialects, each its
 * own project and site (`npm run test:e2e:spec`; `npm test` runs it), and from
 * its hostile catalogue (hostile.spec.ts: what sellers write that must break no
 * page). E2E_SPEC_PORT moves the ports (sites: it and the next two; backends:
 * 1000 above; their media hosts, full-size photos on another origin: 2000
 * above); E2E_SPEC_SITES picks sites by name.
 */
import { defineConfig, devices } from '@playwright/test';
import shop from './playwright.config.ts';

const base = Number(process.env['E2E_SPEC_PORT'] ?? 4461);
export const SPEC_SITES = (
  [
    { name: 'plain', dialect: 'plain', catalogue: 'seed', specs: ['storefront.spec.ts', 'photos.spec.ts'] },
    { name: 'loose', dialect: 'loose', catalogue: 'seed', specs: ['storefront.spec.ts', 'photos.spec.ts'] },
    // Plain: its products name their stores as objects, so the hostile stores get pages.
    { name: 'hostile', dialect: 'plain', catalogue: 'hostile', specs: ['hostile.spec.ts'] },
  ] as const
)
  .map((site, i) => ({
    ...site,
    port: base + i,
    site: `http://localhost:${base + i}`,
    backend: `http://127.0.0.1:${base + 1000 + i}`,
    media: base + 2000 + i,
  }))
  // E2E_SPEC_SITES=hostile (names, comma-separated) builds and tests only those sites.
  .filter(({ name }) => !process.env['E2E_SPEC_SITES'] || process.env['E2E_SPEC_SITES'].split(',').includes(name));

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
  projects: SPEC_SITES.map(({ name, site, backend, specs, media }) => ({
    name: `spec-${name}`,
    testMatch: [...specs],
    metadata: { backend, media: `http://localhost:${media}` },
    use: { ...devices['Desktop Chrome'], launchOptions: shop.use?.launchOptions, baseURL: site },
  })),
  webServer: SPEC_SITES.map(({ name, dialect, catalogue, port, site, media }) => ({
    command: 'node tests/e2e-spec/start.ts',
    url: `${site}/uz`,
    timeout: 300_000,
    reuseExistingServer: !process.env['CI'],
    stdout: 'pipe' as const,
    env: {
      PORT: String(port),
      SPEC_PORT: String(port + 1000),
      SPEC_DIALECT: dialect,
      SPEC_CATALOGUE: catalogue,
      SPEC_MEDIA_PORT: String(media),
      // The width variants the build makes of the media host's photos, kept between runs as between nights.
      IMAGE_CACHE_DIR: `.tmp/e2e-spec-${name}-${base}-images`,
      OUT_DIR: `.tmp/e2e-spec-${name}-${base}`,
    },
  })),
});
