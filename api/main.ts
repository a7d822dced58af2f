/** CLI entry: `node api/main.ts`, configured by environment variables (api/config.ts). */
import { ConfigError, serverOptionsFromEnv } from './config.ts';
import { DataDirError } from './db.ts';
import { startServer, type ServerOptions } from './server.ts';

let options: ServerOptions;
try {
  options = serverOptionsFromEnv(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(options);
} catch (error) {
  // An unusable data folder: one line naming API_DATA_DIR, the path and the cause, not a stack trace.
  if (!(error instanceof DataDirError)) throw error;
  console.error(error.message);
  process.exit(1);
}
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
