/**
 * The storefront built from the spec-only backend (tests/spec-backend), for
 * playwright.spec-backend.config.ts: the backend in SPEC_DIALECT on SPEC_PORT,
 * a build against it into OUT_DIR, served on PORT. The build gets a bearer
 * token the backend does not know (it refuses unknown tokens, as Django REST
 * does), so a passing build also shows that token is left out.
 */
import { resolve } from 'node:path';
import { buildSite } from '../../scripts/build.ts';
import { serveSite } from '../../scripts/serve.ts';
import { startSpecBackend } from '../spec-backend/server.ts';
import { settingsFromEnv } from '../spec-backend/settings.ts';

const sitePort = Number(process.env['PORT']);
const backend = await startSpecBackend(settingsFromEnv(process.env));
const outDir = resolve(process.env['OUT_DIR'] ?? `.tmp/e2e-spec-${sitePort}`);
console.log(`Building the site against the spec backend (${backend.settings.dialect}) at ${backend.origin} ...`);
await buildSite({
  apiUrl: backend.origin,
  siteUrl: `http://localhost:${sitePort}`,
  outDir,
  env: { API_BUILD_TOKEN: 'a-token-the-spec-backend-never-issued' },
});
const site = await serveSite(outDir, sitePort);
console.log(`site ${site.url}/uz, spec backend ${backend.api}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([site.close(), backend.close()]).then(() => process.exit(0));
  });
}
