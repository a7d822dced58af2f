/**
 * `npm start`: the reference API (seeded on first run), a fresh build of the
 * site against it, and the built site served as a static host would.
 * With API_URL set, that API is used instead and none is started.
 * Flags: --no-build serves the existing build (OUT_DIR, default dist/);
 * --current serves the live release of `npm run rebuild` (RELEASES_DIR/current)
 * and builds nothing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serverOptionsFromEnv } from '../api/config.ts';
import { startServer } from '../api/server.ts';
import { buildSite } from './build.ts';
import { currentDir, serveSite } from './serve.ts';

const sitePort = Number(process.env.PORT ?? 4321);
const siteUrl = process.env.SITE_URL ?? `http://localhost:${sitePort}`;
const current = process.argv.includes('--current');
const outDir = current ? currentDir() : resolve(process.env.OUT_DIR ?? 'dist');
if (current && !existsSync(`${outDir}/uz.html`)) {
  console.error(`No live release at ${outDir}: run npm run rebuild first.`);
  process.exit(1);
}

// The build's pass through the API's rate limits: one per run unless given (an external API needs its own).
const buildToken = process.env.API_BUILD_TOKEN || (process.env.API_URL ? '' : randomBytes(32).toString('base64url'));
const api = process.env.API_URL
  ? null
  : // The API sends payers back to this site (payment return and sandbox redirects).
    await startServer({ ...serverOptionsFromEnv({ ...process.env, API_BUILD_TOKEN: buildToken }), siteUrl });
const apiUrl = process.env.API_URL ?? api!.url;

if (!current && (!process.argv.includes('--no-build') || !existsSync(`${outDir}/uz.html`))) {
  console.log(`Building the site against ${apiUrl} ...`);
  await buildSite({ apiUrl, siteUrl, outDir, env: { API_BUILD_TOKEN: buildToken } });
}
const site = await serveSite(outDir, sitePort, process.env.HOST);

console.log(
  `\nBozor is running:\n  site  ${site.url}/uz  (Russian: ${site.url}/ru)\n  API   ${apiUrl}/api/v1  (OpenAPI: ${apiUrl}/api/v1/openapi.json)\n`,
);
if (api) console.log('Sign-in codes are printed here as "[sms] +998... code: XXXX" lines.\n');

async function stop() {
  await site.close();
  await api?.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
