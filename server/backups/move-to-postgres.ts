// `npm run move-to-postgres -- --data-dir <folder> --database-url <url> [--files-dir <folder>]`:
// an office's SQLite data folder into an empty PostgreSQL database. Every table is copied by the
// same table copy as backups and restores (server/db/table-copy.ts), inside one transaction that
// commits only when every table's row count and checksum and every file's checksum match.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, openPostgresDatabase } from '../db/database.js';
import { shownUrl } from '../db/postgres.js';
import { DATABASE_FILE } from '../db/snapshot.js';
import { copyTables, firstNonEmptyTable, TableCopyError, type TableSum } from '../db/table-copy.js';
import { AREAS } from '../files/file-store.js';
import { PRIVATE_DIR_MODE } from '../private-data.js';
import { liveLock } from './lock.js';

export class MoveError extends Error {}

export interface MoveOptions {
  dataDir: string;
  databaseUrl: string;
  /** where the PostgreSQL service's files go; absent (or the data folder's own): they stay where they are */
  filesDir?: string;
}

export interface MoveResult {
  tables: Record<string, TableSum>;
  rows: number;
  files: number;
  bytes: number;
  /** the files folder the moved service uses */
  filesDir: string;
  /** false when the files stayed in the data folder */
  filesCopied: boolean;
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The stored files of every area, as `area/name`. */
async function storedFiles(filesDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const { dir } of Object.values(AREAS)) {
    for (const entry of await readdir(join(filesDir, dir), { withFileTypes: true }).catch(() => [])) if (entry.isFile()) out.push(`${dir}/${entry.name}`);
  }
  return out.sort();
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveResult> {
  const dataDir = resolve(options.dataDir);
  const database = join(dataDir, DATABASE_FILE);
  if (!(await stat(database).catch(() => null))?.isFile()) throw new MoveError(`there is no Cargodesk database in ${dataDir}: name the office's data folder with --data-dir`);
  const lock = await liveLock(dataDir);
  if (lock) throw new MoveError(`the data folder ${dataDir} is in use by Cargodesk (process ${lock.pid} on ${lock.host}, port ${lock.port}): stop it first`);
  const sourceFiles = join(dataDir, 'files');
  const filesDir = resolve(options.filesDir ?? sourceFiles);
  const filesCopied = filesDir !== sourceFiles;
  if (filesCopied && (await storedFiles(filesDir)).length) throw new MoveError(`the files folder ${filesDir} already holds files: name an empty or new folder with --files-dir`);

  const target = await openPostgresDatabase(options.databaseUrl).catch((err: Error) => {
    throw new MoveError(`cannot open the PostgreSQL database ${shownUrl(options.databaseUrl)}: ${err.message}`);
  });
  try {
    const found = await firstNonEmptyTable(target.db);
    if (found)
      throw new MoveError(
        `the PostgreSQL database ${shownUrl(options.databaseUrl)} is not empty (the table ${found.table} has ${found.rows} rows): move into a new, empty database`,
      );
    const source = await openDatabase(database);
    const placed: string[] = [];
    try {
      return await target.db.transaction().execute(async (trx) => {
        const copied = await copyTables(source.db, trx);
        let bytes = 0;
        const names = await storedFiles(sourceFiles);
        for (const name of names) {
          const from = join(sourceFiles, name);
          const to = join(filesDir, name);
          const before = await sha256(from);
          if (filesCopied) {
            await mkdir(dirname(to), { recursive: true, mode: PRIVATE_DIR_MODE });
            await copyFile(from, to);
            placed.push(to);
          }
          if ((await sha256(to)) !== before) throw new MoveError(`the copy of the file ${name} does not match the original`);
          bytes += (await stat(to)).size;
        }
        return { tables: copied.tables, rows: copied.rows, files: names.length, bytes, filesDir, filesCopied };
      });
    } catch (err) {
      // the transaction rolled back: take the copied files away again
      for (const file of placed) await rm(file, { force: true });
      if (err instanceof TableCopyError) throw new MoveError(`${err.message}; the PostgreSQL database was left empty`);
      throw err;
    } finally {
      await source.db.destroy();
    }
  } finally {
    await target.db.destroy();
  }
}

/** The command line: answers the line to print; failures throw MoveError. */
export async function moveCommand(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  let values: { 'data-dir'?: string; 'database-url'?: string; 'files-dir'?: string };
  try {
    ({ values } = parseArgs({ args, options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, 'files-dir': { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new MoveError((err as Error).message);
  }
  const usage = 'npm run move-to-postgres -- --data-dir <folder> --database-url postgres://user:password@host/database [--files-dir <folder>]';
  const dataDir = values['data-dir'] ?? env.DATA_DIR;
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL;
  if (!dataDir || !databaseUrl) throw new MoveError(`name the data folder and the database: ${usage}`);
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new MoveError(`the database must be a PostgreSQL address: ${usage}`);
  const result = await moveToPostgres({ dataDir, databaseUrl, filesDir: values['files-dir'] });
  const tables = Object.keys(result.tables).length;
  const files = result.filesCopied ? `${result.files} files copied to ${result.filesDir}` : `${result.files} files left in ${result.filesDir}`;
  return `moved ${result.rows} rows of ${tables} tables from ${resolve(dataDir)} into ${shownUrl(databaseUrl)}, ${files} (${(result.bytes / 1024 / 1024).toFixed(1)} MB); every table's row count and checksum and every file's checksum match`;
}
