/**
 * `node tests/spec-backend/main.ts`: the spec-only backend on SPEC_HOST:SPEC_PORT
 * (127.0.0.1:8010), speaking SPEC_DIALECT (plain or loose); see README.md.
 */
import { startSpecBackend } from './server.ts';
import { settingsFromEnv } from './settings.ts';

const backend = await startSpecBackend(settingsFromEnv(process.env));
console.log(`spec backend (${backend.settings.dialect}) on ${backend.api}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void backend.close().then(() => process.exit(0));
  });
}
