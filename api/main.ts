/** CLI entry: `node api/main.ts`, configured by environment variables (api/config.ts). */
import { serverOptionsFromEnv } from './config.ts';
import { startServer } from './server.ts';

const server = await startServer(serverOptionsFromEnv(process.env));
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
