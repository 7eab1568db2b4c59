// Restore: verify the whole zip into a folder beside the data folder, check the database opens,
// then swap folders. The replaced folder is kept aside until the restored one has opened, and put
// back if it does not. The backups and logs of the replaced folder move into the restored one.
// Into PostgreSQL (DATABASE_URL): the database must be empty; the backup's SQLite file (from either
// engine) is copied table by table into it in one transaction, which commits only once the folder
// with the files has been swapped in; the data folder then holds no SQLite file.
import { readFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { openDatabase, openPostgresDatabase, type OpenPostgresDatabase } from '../db/database.js';
import { shownUrl } from '../db/postgres.js';
import { copyTables, firstNonEmptyTable, TableCopyError } from '../db/table-copy.js';
import { checkDatabaseFile, DATABASE_FILE } from '../db/snapshot.js';
import { AREAS } from '../files/file-store.js';
import { BACKUP_FORMAT, MANIFEST_FILE, SECRET_FILE, type Manifest } from './backups.js';
import { liveLock, lockPath } from './lock.js';
import { PRIVATE_DIR_MODE, privateDir, tightenDataFolder } from '../private-data.js';
import { openZip, safeEntryPath, ZipError, type ZipReader } from './zip-reader.js';

export class RestoreError extends Error {}

const AREA_DIRS = new Set<string>(Object.values(AREAS).map((a) => a.dir));
const KEPT_FROM_REPLACED = ['backups', 'logs'];

function allowedEntry(name: string): boolean {
  if (name === DATABASE_FILE || name === SECRET_FILE || name === MANIFEST_FILE) return true;
  const parts = name.split('/');
  return parts.length === 3 && parts[0] === 'files' && AREA_DIRS.has(parts[1]!) && /^[A-Za-z0-9_.-]{1,64}$/.test(parts[2]!);
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null;
}

/** Opens the database (running any newer migrations) and closes it again. */
async function opens(dataDir: string): Promise<void> {
  const { db } = await openDatabase(join(dataDir, DATABASE_FILE));
  await db.destroy();
}

/** Unpacks and checks every entry of `zipFile` into `staging`; throws RestoreError saying what is wrong. */
async function unpackVerified(zipFile: string, staging: string): Promise<Manifest> {
  const label = basename(zipFile);
  let zip: ZipReader;
  try {
    zip = await openZip(zipFile);
  } catch (err) {
    if (err instanceof ZipError) throw new RestoreError(`${label} is not a usable backup: ${err.message}`);
    throw err;
  }
  try {
    return await unpackEntries(zip, label, staging);
  } finally {
    zip.close();
  }
}

async function unpackEntries(zip: ZipReader, label: string, staging: string): Promise<Manifest> {
  const { entries } = zip;
  const names = new Set(entries.map((e) => e.name));
  if (!names.has(MANIFEST_FILE) || !names.has(DATABASE_FILE)) throw new RestoreError(`${label} is not a Cargodesk backup (no ${MANIFEST_FILE} or ${DATABASE_FILE})`);
  const foreign = entries.find((e) => !allowedEntry(e.name));
  if (foreign) throw new RestoreError(`${label} is not a Cargodesk backup (unexpected entry ${foreign.name})`);
  for (const entry of entries) {
    const target = safeEntryPath(staging, entry.name);
    if (!target) throw new RestoreError(`${label} is not a Cargodesk backup (unsafe entry name ${entry.name})`);
    try {
      await zip.extract(entry, target);
    } catch (err) {
      if (err instanceof ZipError) throw new RestoreError(`${label} is damaged: ${err.message}`);
      throw err;
    }
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(staging, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    throw new RestoreError(`${label} is damaged: ${MANIFEST_FILE} is not readable`);
  }
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreError(`${label} is not a Cargodesk backup (format ${String(manifest.format)})`);
  const fileCount = entries.filter((e) => e.name.startsWith('files/')).length;
  if (manifest.files !== fileCount) throw new RestoreError(`${label} is incomplete: it lists ${manifest.files} files but holds ${fileCount}`);
  const check = checkDatabaseFile(join(staging, DATABASE_FILE));
  if (check !== 'ok') throw new RestoreError(`${label} holds a damaged database: ${check}`);
  await rm(join(staging, MANIFEST_FILE));
  for (const dir of AREA_DIRS) await mkdir(join(staging, 'files', dir), { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    await opens(staging);
  } catch (err) {
    throw new RestoreError(`${label} holds a database this version cannot open: ${(err as Error).message}`);
  }
  return manifest;
}

export interface RestoreResult {
  dataDir: string;
  files: number;
  backupTime: string;
  /** true when an existing data folder was replaced */
  replaced: boolean;
}

export interface RestoreOptions {
  /** restore the database into this empty PostgreSQL database instead of the data folder's SQLite file */
  databaseUrl?: string;
}

/** Restores `zipFile` into `dataDir` (created when missing). Refuses while a service uses the folder. */
export async function restoreBackup(zipFile: string, dataDirInput: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const dataDir = resolve(dataDirInput);
  if (!(await stat(zipFile).catch(() => null))?.isFile()) throw new RestoreError(`${zipFile} does not exist`);
  const lock = await liveLock(dataDir);
  if (lock) {
    throw new RestoreError(
      `the data folder ${dataDir} is in use by Cargodesk (process ${lock.pid} on ${lock.host}, port ${lock.port}): close it first. If no Cargodesk runs, delete ${lockPath(dataDir)}`,
    );
  }
  const postgres = options.databaseUrl ? await openPostgresDatabase(options.databaseUrl) : null;
  try {
    if (postgres) {
      const found = await firstNonEmptyTable(postgres.db);
      if (found)
        throw new RestoreError(
          `the PostgreSQL database ${shownUrl(options.databaseUrl!)} is not empty (the table ${found.table} has ${found.rows} rows): restore into a new, empty database`,
        );
    }
    return await restoreInto(zipFile, dataDir, postgres);
  } finally {
    await postgres?.db.destroy();
  }
}

async function restoreInto(zipFile: string, dataDir: string, postgres: OpenPostgresDatabase | null): Promise<RestoreResult> {
  const parent = dirname(dataDir);
  const tag = new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15);
  const staging = join(parent, `${basename(dataDir)}.restoring-${tag}`);
  const aside = join(parent, `${basename(dataDir)}.replaced-${tag}`);
  await mkdir(parent, { recursive: true });
  await rm(staging, { recursive: true, force: true });
  let manifest: Manifest;
  try {
    await privateDir(staging); // becomes the data folder
    manifest = await unpackVerified(resolve(zipFile), staging);
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  }

  let replaced: boolean;
  if (postgres) {
    try {
      replaced = await postgres.db.transaction().execute(async (trx) => {
        const copy = await openDatabase(join(staging, DATABASE_FILE));
        try {
          await copyTables(copy.db, trx);
        } finally {
          await copy.db.destroy();
        }
        for (const suffix of ['', '-wal', '-shm']) await rm(join(staging, DATABASE_FILE + suffix), { force: true });
        // the rows commit only once the files are in place
        return swapIn(staging, dataDir, aside, async () => undefined);
      });
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      if (err instanceof TableCopyError) throw new RestoreError(`the backup could not be copied into PostgreSQL, which was left empty: ${err.message}`);
      throw err;
    }
  } else replaced = await swapIn(staging, dataDir, aside, () => opens(dataDir));
  if (replaced) {
    for (const keep of KEPT_FROM_REPLACED) {
      if (await exists(join(aside, keep))) await rename(join(aside, keep), join(dataDir, keep));
    }
    await rm(aside, { recursive: true, force: true });
  }
  // the backups and logs kept from the replaced folder may come from a version that left them readable
  await tightenDataFolder(dataDir);
  return { dataDir, files: manifest.files, backupTime: manifest.createTime, replaced };
}

/** Puts `staging` in the place of `dataDir` (moved to `aside`), and back if `check` fails; answers whether a folder was replaced. */
async function swapIn(staging: string, dataDir: string, aside: string, check: () => Promise<void>): Promise<boolean> {
  const replaced = await exists(dataDir);
  if (replaced) {
    try {
      await rename(dataDir, aside);
    } catch (err) {
      // Windows refuses while a program (a file manager, an antivirus scan) holds a file in the folder
      await rm(staging, { recursive: true, force: true });
      throw new RestoreError(
        `the data folder ${dataDir} could not be moved aside (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): close programs that use files in it and try again; nothing was changed`,
      );
    }
  }
  try {
    await rename(staging, dataDir);
    await check();
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    if (replaced) await rename(aside, dataDir);
    throw new RestoreError(`the restored data folder did not open, the previous one is back in place: ${(err as Error).message}`);
  }
  return replaced;
}
