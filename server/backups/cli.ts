// `npm run backup -- <file.zip>` and `npm run restore -- <file.zip>` for the data folder named by
// DATA_DIR (default ./data), and the PostgreSQL database named by DATABASE_URL when it is set. Each
// returns the line to print; failures throw CommandError.
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { loadConfig, VERSION } from '../config.js';
import { openPostgresDatabase } from '../db/database.js';
import { shownUrl } from '../db/postgres.js';
import { DATABASE_FILE, exportPostgresDatabase, snapshotDatabaseFile } from '../db/snapshot.js';
import { writeBackupZip } from './backups.js';
import { restoreBackup } from './restore.js';

export class CommandError extends Error {}

function zipArgument(args: string[], verb: string): string {
  const file = args.find((a) => !a.startsWith('-'));
  if (!file || !file.toLowerCase().endsWith('.zip')) throw new CommandError(`name the backup file: npm run ${verb} -- <file.zip>`);
  return resolve(file);
}

export async function backupCommand(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const target = zipArgument(args, 'backup');
  const { dataDir, databaseUrl, filesDir = join(dataDir, 'files') } = loadConfig([], env);
  if (await stat(target).catch(() => null)) throw new CommandError(`${target} already exists: choose another name`);
  if (databaseUrl) {
    // a logical export inside one REPEATABLE READ transaction, beside the administrator's pg_dump
    const { db } = await openPostgresDatabase(databaseUrl);
    try {
      const { files, size } = await writeBackupZip({ dataDir, filesDir, snapshot: (to) => exportPostgresDatabase(db, to), appVersion: VERSION, engine: 'postgresql' }, target);
      return `backup of ${shownUrl(databaseUrl)} and the files of ${filesDir} written to ${target} (${files} files, ${(size / 1024 / 1024).toFixed(1)} MB)`;
    } finally {
      await db.destroy();
    }
  }
  const database = join(dataDir, DATABASE_FILE);
  if (!(await stat(database).catch(() => null))) throw new CommandError(`there is no Cargodesk database in ${dataDir}: set DATA_DIR to the data folder`);
  const { files, size } = await writeBackupZip({ dataDir, filesDir, snapshot: (to) => snapshotDatabaseFile(database, to), appVersion: VERSION }, target);
  return `backup of ${dataDir} written to ${target} (${files} files, ${(size / 1024 / 1024).toFixed(1)} MB)`;
}

export async function restoreCommand(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const source = zipArgument(args, 'restore');
  const { dataDir, databaseUrl, filesDir } = loadConfig([], env);
  // the restore swaps in a whole data folder, files included; a files folder elsewhere is not swapped
  if (filesDir && resolve(filesDir) !== join(dataDir, 'files'))
    throw new CommandError(
      `FILES_DIR is set to ${filesDir}: npm run restore puts the files into the data folder only. Restore without FILES_DIR, then move ${join(dataDir, 'files')} to ${filesDir} (emptied first) before starting the service`,
    );
  const result = await restoreBackup(source, dataDir, { databaseUrl });
  const into = databaseUrl ? `${shownUrl(databaseUrl)} and ${result.dataDir}` : result.dataDir;
  return `restored the backup of ${result.backupTime} (${result.files} files) into ${into}${result.replaced ? '; the previous data folder was replaced (its backups and logs were kept)' : ''}`;
}
