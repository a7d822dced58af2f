/**
 * `npm start`: the reference API (seeded on first run), a fresh build of the
 * site against it, and the built site served as a static host would.
 * With API_URL set, that API is used instead and none is started.
 * Flags: --no-build serves the existing dist/.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer } from '../api/server.ts';
import { buildSite } from './build.ts';
import { serveSite } from './serve.ts';

const sitePort = Number(process.env.PORT ?? 4321);
const apiPort = Number(process.env.API_PORT ?? 8787);
const siteUrl = process.env.SITE_URL ?? `http://localhost:${sitePort}`;

const api = process.env.API_URL
  ? null
  : await startServer({ port: apiPort, dataDir: resolve(process.env.API_DATA_DIR ?? 'data') });
const apiUrl = process.env.API_URL ?? api!.url;

if (!process.argv.includes('--no-build') || !existsSync('dist/404.html')) {
  console.log(`Building the site against ${apiUrl} ...`);
  await buildSite({ apiUrl, siteUrl });
}
const site = await serveSite(resolve('dist'), sitePort, process.env.HOST);

console.log(`\nBozor is running:\n  site  ${site.url}/uz  (Russian: ${site.url}/ru)\n  API   ${apiUrl}/api/v1  (OpenAPI: ${apiUrl}/api/v1/openapi.json)\n`);
if (api) console.log('Sign-in codes are printed here as "[sms] +998... code: XXXX" lines.\n');

async function stop() {
  await site.close();
  await api?.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
