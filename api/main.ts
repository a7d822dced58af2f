/** CLI entry: `node api/main.ts`, configured by environment variables (api/config.ts). */
import { ConfigError, serverOptionsFromEnv } from './config.ts';
import { startServer, type ServerOptions } from './server.ts';

let options: ServerOptions;
try {
  options = serverOptionsFromEnv(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const server = await startServer(options);
console.log(`Bozor API listening on ${server.url}`);

const stop = () => {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
