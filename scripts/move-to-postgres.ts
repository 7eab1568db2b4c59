// npm run move-to-postgres -- --data-dir <folder> --database-url <url> [--files-dir <folder>]
import { moveCommand, MoveError } from '../server/backups/move-to-postgres.js';

moveCommand(process.argv.slice(2), process.env).then(
  (line) => console.log(line),
  (err: unknown) => {
    console.error(`Cargodesk move-to-postgres failed: ${err instanceof MoveError ? err.message : String((err as Error).stack ?? err)}`);
    process.exit(1);
  },
);
