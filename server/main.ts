// Command line: `npm start` (flags --port, --host, --data-dir, --files-dir, --database-url; env PORT, HOST, DATA_DIR, FILES_DIR, DATABASE_URL, JWT_SECRET).
import { ConfigError, loadConfig } from './config.js';
import { StartError, startServer } from './start.js';

async function main(): Promise<void> {
  const config = loadConfig(process.argv.slice(2), process.env);
  const server = await startServer({ ...config, logToStdout: true });
  console.log(`Cargodesk serves ${server.url} (data in ${config.dataDir})`);
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof StartError || err instanceof ConfigError || (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    console.error(`Cargodesk could not start: ${(err as Error).message}`);
  } else {
    console.error('Cargodesk could not start:', err);
  }
  process.exit(1);
});
