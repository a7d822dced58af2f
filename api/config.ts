/** Server options from environment variables, shared by `node api/main.ts` and the scripts. */
import { DEV_SECRET, type ServerOptions } from './server.ts';
import { senderFromEnv } from './sms.ts';

export function serverOptionsFromEnv(env: NodeJS.ProcessEnv): ServerOptions {
  let secret = env['AUTH_SECRET'];
  if (!secret) {
    if (env['NODE_ENV'] === 'production')
      console.warn('WARNING: AUTH_SECRET is not set; tokens are signed with the public development secret.');
    secret = DEV_SECRET;
  }
  return {
    port: Number(env['API_PORT'] ?? 8787),
    host: env['API_HOST'] ?? '127.0.0.1',
    dataDir: env['API_DATA_DIR'] ?? './data',
    // Unset: http://localhost:{the port actually bound}.
    publicUrl: env['API_PUBLIC_URL'],
    secret,
    sms: senderFromEnv(env),
    exposeCodes: env['API_EXPOSE_CODES'] === '1',
    seedProducts: Number(env['API_SEED_PRODUCTS'] ?? 300),
  };
}
