// npm run backup -- <file.zip>   |   npm run restore -- <file.zip>   (data folder: DATA_DIR)
import { RestoreError } from '../server/backups/restore.js';
import { backupCommand, CommandError, restoreCommand } from '../server/backups/cli.js';
import { ConfigError } from '../server/config.js';

const [verb, ...args] = process.argv.slice(2);
const command = verb === 'restore' ? restoreCommand : backupCommand;
command(args, process.env).then(
  (line) => console.log(line),
  (err: unknown) => {
    const known = err instanceof CommandError || err instanceof RestoreError || err instanceof ConfigError;
    console.error(`Cargodesk ${verb ?? 'backup'} failed: ${known ? (err as Error).message : String((err as Error).stack ?? err)}`);
    process.exit(1);
  },
);
