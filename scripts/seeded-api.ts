/**
 * A reference API seeded with a catalogue of a given size, for the measuring tools (`npm run bench`, its `--night`):
 * on a free port, in its own data folder, with a build token of its own, so the build they measure goes through the
 * API's rate limits as `npm start`'s does.
 */
import { randomBytes } from 'node:crypto';
import { serverOptionsFromEnv } from '../api/config.ts';
import { startServer } from '../api/server.ts';

export async function seededApi(products: number, dataDir: string) {
  const buildToken = randomBytes(32).toString('base64url');
  const api = await startServer({
    ...serverOptionsFromEnv({ API_BUILD_TOKEN: buildToken }),
    port: 0,
    dataDir,
    seedProducts: products,
  });
  return { api, buildToken };
}
